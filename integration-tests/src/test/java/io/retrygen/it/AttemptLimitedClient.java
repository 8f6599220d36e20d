package io.retrygen.it;

import io.retrygen.Retryable;
import io.retrygen.Timeout;

/** A synchronous method whose attempts may take 50 ms each, retried. */
public interface AttemptLimitedClient {
  @Retryable(maxAttempts = 3)
  @Timeout(50)
  String fetch(String key) throws InterruptedException;

  /** A limit the test's own interrupt comes well within. */
  @Timeout(10_000)
  String interruptsItself(String key);
}
