package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;
import io.retrygen.Timeout;
import java.io.IOException;

/**
 * Valid policies that {@code OverrideRulesTest} breaks with overrides: every rule the processor
 * checks at compile time, the generated constructor checks for an override.
 */
interface RuleClient {
  /** Fixed with jitter, capped: waits of 90 to 110 ms, never above 200. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100, maxDelay = 200, jitter = 0.1))
  String capped() throws IOException;

  /** Exponential with the implicit cap of 30000 ms. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100, multiplier = 2))
  String exponential() throws IOException;

  /** Random fixed: waits chosen in [100, 200] ms. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100, maxDelay = 200, random = true))
  String randomFixed() throws IOException;

  @Retryable(maxAttempts = 3, maxDuration = 1000, backoff = @Backoff(delay = 100))
  String bounded() throws IOException;

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  @RetryBudget(name = "it.overrides.rules")
  String budgeted() throws IOException;

  @CircuitBreaker
  String broken();

  @Timeout(1000)
  String timed() throws InterruptedException;
}
