package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/** Type-level annotation on a class: also guards the default method it inherits. */
@Retryable(
    maxAttempts = 3,
    backoff = @Backoff(delay = 0),
    noRetryFor = UnsupportedOperationException.class)
class GreeterService implements Greeter {
  private final Script script;

  GreeterService(Script script) {
    this.script = script;
  }

  @Override
  public final Script script() {
    return script;
  }
}
