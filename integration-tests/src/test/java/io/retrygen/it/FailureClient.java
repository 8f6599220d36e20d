package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;

/** Which failures are retried; all with a fixed 10 ms wait and 3 attempts. */
interface FailureClient {

  /** Defaults: Exception and its subtypes, not Error. */
  @Retryable(backoff = @Backoff(delay = 10))
  void byDefault() throws IOException;

  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 10))
  void onlyIo() throws IOException;

  @Retryable(retryFor = Error.class, backoff = @Backoff(delay = 10))
  void errors();

  @Retryable(retryFor = Throwable.class, backoff = @Backoff(delay = 10))
  void everything() throws IOException;

  /** The exclusion is a subtype of the inclusion. */
  @Retryable(
      retryFor = IOException.class,
      noRetryFor = FileNotFoundException.class,
      backoff = @Backoff(delay = 10))
  void ioButNotFileNotFound() throws IOException;

  /** The exclusion is a supertype of the inclusion: exclusion still wins. */
  @Retryable(
      retryFor = FileNotFoundException.class,
      noRetryFor = IOException.class,
      backoff = @Backoff(delay = 10))
  void fileNotFoundExcludedBySupertype() throws IOException;

  @Retryable(
      retryFor = {IOException.class, IllegalStateException.class},
      noRetryFor = {FileNotFoundException.class, UnsupportedOperationException.class},
      backoff = @Backoff(delay = 10))
  void several() throws IOException;

  /**
   * Two included types and no exclusion: the classification is a disjunction that the loop joins
   * to {@code mayRetry} with {@code &&}, so it needs its parentheses.
   */
  @Retryable(
      retryFor = {IllegalStateException.class, UnsupportedOperationException.class},
      backoff = @Backoff(delay = 10))
  void twoIncludedNoExclusion();

  /** Default retryFor with an exclusion. */
  @Retryable(noRetryFor = IllegalArgumentException.class, backoff = @Backoff(delay = 10))
  void allExceptionsButIllegalArgument() throws IOException;

  @Retryable(retryFor = Throwable.class, noRetryFor = Error.class, backoff = @Backoff(delay = 10))
  void throwableButNotError() throws IOException;

  @Retryable(maxAttempts = 1, backoff = @Backoff(delay = 10))
  void once() throws IOException;

  /** Error subtypes named in retryFor. */
  @Retryable(retryFor = AssertionError.class, backoff = @Backoff(delay = 10))
  void assertionErrors();
}
