package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import io.retrygen.runtime.RetryOptions;

/**
 * A class with constructors {@code ()} and {@code (RetryOptions)}: mirroring {@code ()} with a
 * leading options parameter would clash with {@code (RetryOptions)}, so the generated class has
 * that signature once, calling {@code super(options)} and retrying with the same options.
 */
class OptionsAware {
  /** What the constructor received; null for {@code ()}. */
  final RetryOptions received;
  Script script = Script.succeeding();

  OptionsAware() {
    this.received = null;
  }

  OptionsAware(RetryOptions options) {
    this.received = options;
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  public String work() {
    script.call();
    return "worked";
  }

  /** 0 ms waits, so that RetryOptions.defaults() never sleeps. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  public String quick() {
    script.call();
    return "quick";
  }
}
