package io.retrygen.runtime;

/** The {@link RetryContext} of one template call: the one object a call allocates. */
final class TemplateContext implements RetryContext {
  private final String label;
  int attempt;
  Throwable lastFailure;

  TemplateContext(String label) {
    this.label = label;
  }

  @Override
  public int attempt() {
    return attempt;
  }

  @Override
  public Throwable lastFailure() {
    return lastFailure;
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String toString() {
    return "RetryContext{" + label + ", attempt=" + attempt + ", lastFailure=" + lastFailure + "}";
  }
}
