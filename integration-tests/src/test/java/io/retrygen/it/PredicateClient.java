package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;

/** retryIf with an instance (default, called on the delegate) and a static predicate. */
interface PredicateClient {

  /**
   * Retried when the failure is an Exception but no FileNotFoundException, is an IOException and
   * {@link #isTransient} accepts it.
   */
  @Retryable(
      noRetryFor = FileNotFoundException.class,
      retryIf = "isTransient",
      backoff = @Backoff(delay = 10))
  String read(String path) throws IOException;

  @Retryable(maxAttempts = 4, retryIf = "isRetriable", backoff = @Backoff(delay = 20))
  String write(String path) throws IOException;

  /** Instance predicate: the generated class calls it on the delegate. */
  default boolean isTransient(IOException failure) {
    return !"permanent".equals(failure.getMessage());
  }

  /** Static predicate taking any Throwable. */
  static boolean isRetriable(Throwable failure) {
    return failure.getMessage() != null && failure.getMessage().startsWith("retry");
  }
}
