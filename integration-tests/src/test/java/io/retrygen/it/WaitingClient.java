package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * {@code @Backoff(delayFor)}: overloads for two failure types (the narrower one static and
 * returning int), one that throws, and one for rejected results. The formula has jitter, so any
 * random draw shows: the tests' {@code RandomSource} fails when drawn from unless they expect it.
 */
interface WaitingClient {
  @Retryable(
      maxAttempts = 4,
      retryOnResult = "isBusy",
      backoff =
          @Backoff(
              delay = 100,
              multiplier = 2,
              maxDelay = 10_000,
              jitter = 0.5,
              delayFor = "waitFor"))
  String fetch(String id) throws IOException;

  /** As {@link #fetch}, with a recover method. */
  @Retryable(
      maxAttempts = 4,
      retryOnResult = "isBusy",
      backoff =
          @Backoff(
              delay = 100,
              multiplier = 2,
              maxDelay = 10_000,
              jitter = 0.5,
              delayFor = "waitFor"))
  String fetchOrDefault(String id, int version) throws IOException;

  @Retryable(
      maxAttempts = 4,
      maxDuration = 10_000,
      retryOnResult = "isBusy",
      backoff = @Backoff(delay = 100, maxDelay = 10_000, delayFor = "waitFor"))
  String timed(String id) throws IOException;

  @Retryable(
      maxAttempts = 4,
      retryOnResult = "isBusy",
      backoff =
          @Backoff(
              delay = 100,
              multiplier = 2,
              maxDelay = 10_000,
              jitter = 0.5,
              delayFor = "waitFor"))
  CompletableFuture<String> fetchAsync(String id);

  @Recover
  default String fallback(IOException failure, String id, int version) {
    return "recovered " + id;
  }

  /** "busy 7000" is rejected, and asks for 7000 ms. */
  default boolean isBusy(String result) {
    return result.startsWith("busy ");
  }

  default long waitFor(String result) {
    return Long.parseLong(result.substring("busy ".length()));
  }

  default long waitFor(RetryAfterException failure) {
    return failure.retryAfterMillis();
  }

  /** Less specific than the others: only for the IOExceptions they do not take. */
  static int waitFor(IOException failure) {
    return 42;
  }

  default long waitFor(MalformedHeaderException failure) {
    throw new IllegalStateException("cannot read " + failure.getMessage());
  }
}
