package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** A client of a rate-limited HTTP API: it waits as long as the server's Retry-After says. */
interface QuoteApi {
  @Retryable(
      maxAttempts = 4,
      retryFor = IOException.class,
      backoff = @Backoff(delay = 1000, maxDelay = 10_000, delayFor = "retryAfter"))
  String quote(String symbol) throws IOException;

  /** The wait the server asked for; a failure without Retry-After (-1 s) gets the formula. */
  default long retryAfter(TooManyRequestsException failure) {
    return failure.retryAfterSeconds() * 1000L;
  }
}
