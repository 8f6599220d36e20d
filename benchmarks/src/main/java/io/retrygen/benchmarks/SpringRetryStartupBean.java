package io.retrygen.benchmarks;

import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.Retryable;

/**
 * {@link SpringStartup}'s Spring Retry bean: {@code @EnableRetry} proxies it (CGLIB, no
 * interface), as in {@link SpringRetryAnnotation}.
 */
public class SpringRetryStartupBean {
  @Retryable(maxAttempts = 3, backoff = @Backoff(0))
  public String call(String input) {
    return input;
  }
}
