package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.Serializable;

/**
 * A Serializable class: its generated subclass must serialize, and a deserialized copy retry
 * with RetryOptions.defaults() plus {@link SerialListener}. Waits are 0 ms so that the default
 * Sleeper is never called.
 */
class SerialSession implements Serializable {
  private static final long serialVersionUID = 1L;

  final String name;
  int calls;
  /** The next calls that fail, counted down. */
  int failuresLeft;

  SerialSession(String name) {
    this.name = name;
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0), listeners = SerialListener.class)
  public String work() {
    calls++;
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new IllegalStateException("failure " + calls);
    }
    return name + " worked";
  }
}
