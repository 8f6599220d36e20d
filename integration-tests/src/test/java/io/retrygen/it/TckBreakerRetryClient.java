package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import io.retrygen.runtime.CircuitBreakerOpenException;
import java.io.IOException;

/**
 * TCK {@code CircuitBreakerRetryTest}'s clients: {@code @Retryable} and {@code @CircuitBreaker} on
 * one method, so every attempt passes the breaker.
 */
interface TckBreakerRetryClient {

  /** serviceA: more attempts than the window, so the later ones meet an open breaker. */
  @Retryable(retryFor = RuntimeException.class, maxAttempts = 8, backoff = @Backoff(delay = 100))
  @CircuitBreaker(
      requestVolumeThreshold = 4,
      failureRatio = 0.75,
      delay = 50000,
      successThreshold = 2)
  void moreRetries();

  /** serviceB: too few attempts to fill the window. */
  @Retryable(retryFor = RuntimeException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  @CircuitBreaker(
      requestVolumeThreshold = 4,
      failureRatio = 0.75,
      delay = 50000,
      successThreshold = 2)
  void fewRetries();

  /** serviceWithRetryOnCbOpen: retries only the open breaker, until the delay has passed. */
  @Retryable(
      retryFor = CircuitBreakerOpenException.class,
      maxAttempts = 21,
      backoff = @Backoff(delay = 100))
  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 1000)
  void retryOnOpen();

  /** serviceWithRetryOnTimeout: retryFor does not cover the open exception. */
  @Retryable(retryFor = IOException.class, maxAttempts = 21, backoff = @Backoff(delay = 100))
  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 1000)
  void retryOnIoOnly() throws IOException;

  /** serviceWithRetryFailOnCbOpen: the open exception excluded (abortOn). */
  @Retryable(
      noRetryFor = CircuitBreakerOpenException.class,
      maxAttempts = 21,
      backoff = @Backoff(delay = 100))
  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 1000)
  void abortOnOpen();

  /** Retried, broken and recovered: which failure the recover gets. */
  @Retryable(retryFor = RuntimeException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 1000)
  String recovered(String key);

  @Recover
  default String recoveredFromOpen(CircuitBreakerOpenException failure, String key) {
    return recoveredWith(failure, key);
  }

  @Recover
  default String recoveredFromFailure(RuntimeException failure, String key) {
    return recoveredWith(failure, key);
  }

  /** Records what a recover got; not guarded, the generated class forwards it. */
  String recoveredWith(RuntimeException failure, String key);
}
