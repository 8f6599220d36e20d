package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** maxDuration: a retry starts only while elapsed + wait stays below it. */
interface TimedClient {

  /**
   * Five attempts are all that fit: 100 ms waits reach 500 ms before a sixth, so a larger
   * maxAttempts would be a compile warning (SPEC §13) and change nothing.
   */
  @Retryable(maxAttempts = 5, maxDuration = 500, backoff = @Backoff(delay = 100))
  String fixed() throws IOException;

  /** maxAttempts is reached before maxDuration. */
  @Retryable(maxAttempts = 3, maxDuration = 10000, backoff = @Backoff(delay = 100))
  String attemptsFirst() throws IOException;

  /** Four attempts fit: 100 + 200 + 400 < 1000, and + 800 is not. */
  @Retryable(
      maxAttempts = 4,
      maxDuration = 1000,
      backoff = @Backoff(delay = 100, multiplier = 2))
  String exponential() throws IOException;

  /** With no wait, attempts go on while less than maxDuration has elapsed. */
  @Retryable(maxAttempts = 100, maxDuration = 50, backoff = @Backoff(delay = 0))
  String immediate() throws IOException;

  /**
   * About 584 years: in nanoseconds this is beyond Long.MAX_VALUE and must saturate, not wrap
   * around to a budget of less than a millisecond.
   */
  @Retryable(maxAttempts = 4, maxDuration = 18_446_744_073_710L, backoff = @Backoff(delay = 100))
  String hugeBudget() throws IOException;
}
