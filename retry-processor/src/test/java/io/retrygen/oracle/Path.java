package io.retrygen.oracle;

/** The five ways a policy is run: the generated methods and the templates. */
enum Path {
  /** The generated {@code String call(String arg)}. */
  SYNC(false, false, false),
  /** The generated {@code callAsync}, driven by a manual scheduler. */
  ASYNC(true, false, false),
  /** {@code RetryTemplate} built with the policy's settings. */
  TEMPLATE(false, true, false),
  /** {@code AsyncRetryTemplate} of that template. */
  ASYNC_TEMPLATE(true, true, false),
  /**
   * The generated {@code Object callSuspend(String arg, Continuation<? super String> c)}, the JVM
   * shape of a Kotlin {@code suspend} function, driven in a coroutine on a test dispatcher in
   * virtual time ({@link Coroutines}); waits are {@code delay}, not the options' sleeper.
   */
  SUSPEND(false, false, true);

  final boolean async;
  final boolean template;
  /** A coroutine's path: neither {@link #async} nor synchronous (SPEC §14). */
  final boolean suspend;

  Path(boolean async, boolean template, boolean suspend) {
    this.async = async;
    this.template = template;
    this.suspend = suspend;
  }

  /**
   * The suffix of the names that tell the methods of a pair apart (labels, breakers, budgets):
   * the templates go by the synchronous method's.
   */
  String suffix() {
    return suspend ? "k" : async && !template ? "a" : "s";
  }
}
