package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Retryable;
import io.retrygen.runtime.CircuitBreakerOpenException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

/**
 * MicroProfile Fault Tolerance TCK {@code CircuitBreakerClientWithRetryAsync} (used by {@code
 * CircuitBreakerRetryTest}), read from eclipse/microprofile-fault-tolerance: {@code @Retry} and
 * {@code @CircuitBreaker} on one asynchronous method, so every attempt passes the breaker and its
 * outcome is recorded when the attempt's future completes. MP's {@code Future} return type is a
 * {@code CompletableFuture} here (retrygen refuses a bare {@code Future}); {@code maxRetries = n}
 * is {@code maxAttempts = n + 1}; MP's default delay of 0 is 100 ms, so the retries show in
 * virtual time.
 */
interface AsyncBreakerRetryClient {
  /** serviceA: more attempts than the window; retryOn TestException only. */
  @Retryable(retryFor = TckTestException.class, maxAttempts = 8, backoff = @Backoff(delay = 100))
  @CircuitBreaker(
      successThreshold = 2,
      requestVolumeThreshold = 4,
      failureRatio = 0.75,
      delay = 50000)
  CompletableFuture<String> serviceA(AsyncFailing how);

  /** serviceB: too few attempts to fill the window. */
  @Retryable(retryFor = TckTestException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  @CircuitBreaker(
      successThreshold = 2,
      requestVolumeThreshold = 4,
      failureRatio = 0.75,
      delay = 50000)
  CompletableFuture<String> serviceB(AsyncFailing how);

  /**
   * serviceC: every attempt times out. retrygen has no {@code @Timeout}: the test completes each
   * attempt's future with a {@code TimeoutException}, as MP's timeout would.
   */
  @Retryable(
      retryFor = {TckTestException.class, TimeoutException.class},
      maxAttempts = 8,
      maxDuration = 20000,
      backoff = @Backoff(delay = 100))
  @CircuitBreaker(
      successThreshold = 2,
      requestVolumeThreshold = 4,
      failureRatio = 0.75,
      delay = 50000)
  CompletableFuture<String> serviceC();

  /** serviceWithRetryOnCbOpen: retries only the open breaker. */
  @Retryable(
      retryFor = CircuitBreakerOpenException.class,
      maxAttempts = 21,
      backoff = @Backoff(delay = 100))
  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 1000)
  CompletableFuture<String> serviceWithRetryOnCbOpen(boolean throwException);

  /** serviceWithRetryOnTimeout: retryOn does not cover the open breaker. */
  @Retryable(retryFor = TimeoutException.class, maxAttempts = 21, backoff = @Backoff(delay = 200))
  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 1000)
  CompletableFuture<String> serviceWithRetryOnTimeout(boolean throwException);

  /** serviceWithRetryFailOnCbOpen: abortOn TestException and the open breaker. */
  @Retryable(
      noRetryFor = {TckTestException.class, CircuitBreakerOpenException.class},
      maxAttempts = 21,
      backoff = @Backoff(delay = 200))
  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 1000)
  CompletableFuture<String> serviceWithRetryFailOnCbOpen(boolean throwException);
}
