package io.retrygen.benchmarks;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import io.retrygen.Timeout;

/**
 * {@link Service} with a per-attempt limit (issue 23): the processor generates {@code
 * TimedServiceRetrying}, whose loop arms the calling thread's deadline before each attempt and
 * disarms it after. Same retry settings as {@link Service}, so the two rows differ by the timeout
 * alone.
 */
public interface TimedService {
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  @Timeout(1000)
  String call(String input);
}
