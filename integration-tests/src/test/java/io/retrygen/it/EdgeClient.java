package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** Signatures easy to get wrong: names of generated locals, generic throws, deprecation. */
interface EdgeClient {

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 1))
  String clash(
      int attempt,
      String failure,
      long retrier,
      Object result,
      long delayMillis,
      long startNanos,
      String delegate)
      throws IOException;

  /** The thrown type is a type variable. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 1))
  <X extends Exception> String perform(Task<X> task) throws X;

  @Deprecated
  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 1))
  String legacy() throws IOException;

  /** Deprecated and not guarded: forwarded. */
  @Deprecated
  String legacyPlain();
}
