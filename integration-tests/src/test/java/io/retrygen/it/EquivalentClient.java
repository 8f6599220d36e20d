package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * One guarded method per setting that {@link TemplateEquivalenceTest} also gives a {@code
 * RetryTemplate}: each scenario runs through {@code EquivalentClientRetrying} and through a
 * template with the same settings, and compares what they did.
 */
interface EquivalentClient {

  /** The defaults but the waits: any {@code Exception}, interruption excepted. */
  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100))
  String byDefault() throws Exception;

  @Retryable(
      retryFor = IOException.class,
      noRetryFor = FileNotFoundException.class,
      maxAttempts = 4,
      backoff = @Backoff(delay = 100))
  String excludingSubtype() throws IOException;

  /** Exclusion wins even over a more specific {@code retryFor}. */
  @Retryable(
      retryFor = FileNotFoundException.class,
      noRetryFor = IOException.class,
      maxAttempts = 4,
      backoff = @Backoff(delay = 100))
  String excludingSupertype() throws IOException;

  /** Errors too; naming {@code Throwable} still does not retry an interruption. */
  @Retryable(retryFor = Throwable.class, maxAttempts = 3, backoff = @Backoff(delay = 10))
  String throwables() throws Exception;

  @Retryable(retryFor = InterruptedException.class, maxAttempts = 3, backoff = @Backoff(delay = 10))
  String interruptions() throws InterruptedException;

  /** Waits 100, 200, 400 ms: all fit in 1000 ms when attempts take no time. */
  @Retryable(maxAttempts = 4, maxDuration = 1000, backoff = @Backoff(delay = 100, multiplier = 2))
  String timed() throws IOException;

  @Retryable(maxAttempts = 6, backoff = @Backoff(delay = 100, multiplier = 2, maxDelay = 500))
  String exponential() throws IOException;

  @Retryable(maxAttempts = 4)
  @Backoff(delay = 1000, multiplier = 2, maxDelay = 3000, random = true, jitter = 0.5)
  String jittered() throws IOException;

  /** {@code BackoffPolicy.uniform(100, 300)}. */
  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100, maxDelay = 300, random = true))
  String uniform() throws IOException;

  @Retryable(retryIf = "isTransient", maxAttempts = 3, backoff = @Backoff(delay = 100))
  String conditional() throws IOException;

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  String recovered(String key) throws IOException;

  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  CompletableFuture<String> async() throws IOException;

  default boolean isTransient(IOException failure) {
    return failure.getMessage().startsWith("transient");
  }

  /** Recovers {@link #recovered} from any failure. */
  @Recover
  default String fallback(Throwable failure, String key) throws IOException {
    return "recovered " + key + " from " + failure;
  }
}
