package io.retrygen.benchmarks;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/**
 * The retried interface: the processor generates {@code ServiceRetrying}, a delegate. Retried on
 * any exception, 3 attempts, no wait between them (retrygen never sleeps for a 0 ms wait).
 */
public interface Service {
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  String call(String input);
}
