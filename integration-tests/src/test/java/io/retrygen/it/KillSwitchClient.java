package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;
import io.retrygen.Timeout;
import java.io.IOException;

/**
 * Every guard at once, for {@code KillSwitchTest}: {@code call} retries any exception 4 times,
 * 100 ms apart, through a breaker that two failures open, drawing on a budget of its own, each
 * attempt limited to 50 ms, and recovers. {@code other} only retries.
 */
interface KillSwitchClient {
  String BUDGET = "it.overrides.killswitch";

  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100))
  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 0.5, delay = 1000)
  @RetryBudget(name = BUDGET)
  @Timeout(50)
  String call(String key) throws IOException, InterruptedException;

  @Recover
  default String fallback(Exception failure, String key) {
    return "recovered " + key + " from " + failure.getClass().getSimpleName();
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 10))
  String other() throws IOException;
}
