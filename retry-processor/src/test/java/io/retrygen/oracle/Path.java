package io.retrygen.oracle;

/** The four ways a policy is run: the generated methods and the templates. */
enum Path {
  /** The generated {@code String call(String arg)}. */
  SYNC(false, false),
  /** The generated {@code callAsync}, driven by a manual scheduler. */
  ASYNC(true, false),
  /** {@code RetryTemplate} built with the policy's settings. */
  TEMPLATE(false, true),
  /** {@code AsyncRetryTemplate} of that template. */
  ASYNC_TEMPLATE(true, true);

  final boolean async;
  final boolean template;

  Path(boolean async, boolean template) {
    this.async = async;
    this.template = template;
  }
}
