package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/** retryFor and noRetryFor matched against the causes too (matchCauses), 3 attempts, 10 ms. */
interface CauseClient {
  @Retryable(retryFor = IOException.class, matchCauses = true, backoff = @Backoff(delay = 10))
  String byCause();

  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 10))
  String byFailureAlone() throws IOException;

  @Retryable(
      retryFor = IOException.class,
      noRetryFor = FileNotFoundException.class,
      matchCauses = true,
      backoff = @Backoff(delay = 10))
  String excludedByCause();

  /** Default retryFor (Exception): an InterruptedException is still never retried. */
  @Retryable(matchCauses = true, backoff = @Backoff(delay = 10))
  String defaults() throws InterruptedException;

  @Retryable(retryFor = IOException.class, matchCauses = true, backoff = @Backoff(delay = 10))
  CompletableFuture<String> byCauseAsync();

  /**
   * retryIf takes the retryFor type, but a failure let through by its cause is not one: it counts
   * as rejected, never cast.
   */
  @Retryable(
      retryFor = IOException.class,
      matchCauses = true,
      retryIf = "anyIo",
      backoff = @Backoff(delay = 10))
  String byCauseWithRetryIf() throws IOException;

  static boolean anyIo(IOException failure) {
    return failure != null;
  }
}
