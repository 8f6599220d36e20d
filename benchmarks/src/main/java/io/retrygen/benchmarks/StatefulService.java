package io.retrygen.benchmarks;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/**
 * {@link Service} with a stateful retry (SPEC §19), keyed by its argument: the processor generates
 * {@code StatefulServiceRetrying}, a delegate whose call makes one attempt and keeps the count of
 * failures per key across calls.
 */
public interface StatefulService {
  @Retryable(stateful = true, maxAttempts = 3, backoff = @Backoff(delay = 0))
  String call(String input);
}
