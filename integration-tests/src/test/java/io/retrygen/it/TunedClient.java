package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * Retry policies whose values {@code RetryOverridesTest} changes at run time with {@code
 * PolicyOverrides} (SPEC §17), one method per shape of backoff.
 */
interface TunedClient {
  /** Waits 100, 100 ms. */
  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  String fixed() throws IOException;

  /** Waits 100, 200, 400, 800, 1000 ms. */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 6,
      backoff = @Backoff(delay = 100, multiplier = 2, maxDelay = 1000))
  String exponential() throws IOException;

  /** All five attempts fit: the waits reach 400 ms before the fifth. */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 5,
      maxDuration = 1000,
      backoff = @Backoff(delay = 100))
  String bounded() throws IOException;

  /** Waits chosen in [100, 200] ms. */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 3,
      backoff = @Backoff(delay = 100, maxDelay = 200, random = true))
  String randomFixed() throws IOException;

  @Retryable(
      label = "tuned.custom",
      retryFor = IOException.class,
      maxAttempts = 2,
      backoff = @Backoff(delay = 10))
  String custom() throws IOException;

  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  String recovered(String key) throws IOException;

  @Recover
  default String recoverRecovered(IOException failure, String key) {
    return "recovered " + key + " from " + failure.getMessage();
  }

  /** Asynchronous: waits of 100 ms on the options' scheduler. */
  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  CompletableFuture<String> fetch();
}
