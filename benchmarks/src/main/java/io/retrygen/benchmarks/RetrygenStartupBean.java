package io.retrygen.benchmarks;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/**
 * {@link SpringStartup}'s retrygen bean: the processor generates {@code
 * RetrygenStartupBeanRetrying}, which {@code @EnableRetrygen} creates in its place.
 */
public class RetrygenStartupBean {
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  public String call(String input) {
    return input;
  }
}
