package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import io.retrygen.runtime.CircuitBreakerOpenException;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** An interface input whose recover methods are default methods, called on the delegate. */
interface AsyncRecoverClient {
  /** Recovered by name: a {@code CompletableFuture} for a method returning a {@code CompletionStage}. */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 2,
      backoff = @Backoff(delay = 100),
      recover = "cached")
  CompletionStage<String> lookup(String key);

  /** A circuit breaker alone, recovered with an {@code int} for a future of {@code Integer}. */
  @CircuitBreaker(requestVolumeThreshold = 1, failureRatio = 1, delay = 1000)
  CompletableFuture<Integer> size(String key);

  @Recover
  default CompletableFuture<String> cached(IOException failure, String key) {
    return CompletableFuture.completedFuture("cached " + key + " after " + failure.getMessage());
  }

  @Recover
  default String cached(String key) {
    return "stale " + key;
  }

  @Recover
  default int noSize(CircuitBreakerOpenException failure, String key) {
    return -1;
  }
}
