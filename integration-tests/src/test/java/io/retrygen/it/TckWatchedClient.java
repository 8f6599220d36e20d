package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Retryable;

/** Breakers whose events a {@code CircuitBreakerListener} hears, under their names. */
interface TckWatchedClient {

  /** Unnamed, no @Retryable: reports as "TckWatchedClient.ping". */
  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1, delay = 1000)
  void ping();

  /** Unnamed, with a @Retryable label: reports under the label. */
  @Retryable(label = "tck8.watched", maxAttempts = 1)
  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1, delay = 1000)
  void pong();

  /** Every retry refused by the open breaker is one onCallNotPermitted. */
  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 0))
  @CircuitBreaker(requestVolumeThreshold = 1, failureRatio = 1, delay = 1000)
  void retried();

  @CircuitBreaker(
      name = "tck8.watched-named",
      requestVolumeThreshold = 1,
      failureRatio = 1,
      delay = 1000)
  void named();
}
