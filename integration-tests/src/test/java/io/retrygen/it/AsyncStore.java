package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Asynchronous guarded methods of an interface, each showing one part of SPEC §7. */
interface AsyncStore {
  /** Retried on I/O failures, however they arrive. */
  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  CompletableFuture<String> fetch(String key);

  /** May throw a checked exception before returning a stage. */
  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  CompletionStage<String> read(String key) throws IOException;

  /** Retries only the failures {@link #isTransient} accepts. */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 4,
      backoff = @Backoff(delay = 100),
      retryIf = "isTransient")
  CompletableFuture<String> query(String key);

  /** A "pending" result is a failed attempt. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100), retryOnResult = "isPending")
  CompletableFuture<String> status(String key);

  /** At most 1000 ms from the first attempt's start; waits of 300 ms. */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 4,
      maxDuration = 1000,
      backoff = @Backoff(delay = 300))
  CompletableFuture<String> timed(String key);

  /** Polls while "pending", within 1000 ms. */
  @Retryable(
      maxAttempts = 4,
      maxDuration = 1000,
      backoff = @Backoff(delay = 300),
      retryOnResult = "isPending")
  CompletableFuture<String> poll(String key);

  /** A circuit breaker and no retry: opens after two failures. */
  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1, delay = 1000)
  CompletableFuture<String> guarded(String key);

  /** Retried, and every attempt passes the breaker, which counts only I/O failures. */
  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  @CircuitBreaker(
      requestVolumeThreshold = 2,
      failureRatio = 1,
      delay = 1000,
      failOn = IOException.class)
  CompletableFuture<String> both(String key);

  /** Not guarded: forwarded as it is. */
  CompletableFuture<String> plain(String key);

  /** {@code retryIf} of {@link #query}: called on the delegate. */
  default boolean isTransient(IOException failure) {
    return failure.getMessage().startsWith("transient");
  }

  /** {@code retryOnResult} of {@link #status}. */
  static boolean isPending(String status) {
    return "pending".equals(status);
  }
}
