package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;

/** retryOnResult: a rejected result is a failed attempt; the last one stands, unrecovered. */
interface ResultClient {

  @Retryable(retryOnResult = "isPending", backoff = @Backoff(delay = 10, multiplier = 2))
  String status(String id) throws IOException;

  /** Boxing: the int result is passed to {@link #isNegative(Integer)}. */
  @Retryable(maxAttempts = 4, retryOnResult = "isNegative", backoff = @Backoff(delay = 5))
  int code(String id);

  /** Failures and rejected results share the four attempts. */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 4,
      retryOnResult = "isPending",
      backoff = @Backoff(delay = 10))
  String poll(String id) throws IOException;

  /**
   * Gives up by time: an attempt starts only while less than 50 ms have elapsed, so the three
   * attempts that fit (20 + 20 < 50) are all it can make.
   */
  @Retryable(
      maxAttempts = 3,
      maxDuration = 50,
      retryOnResult = "isPending",
      backoff = @Backoff(delay = 20))
  String statusWithin(String id) throws IOException;

  /** Fits status, poll and statusWithin: runs for failures, never for rejected results. */
  @Recover
  default String unknown(IOException failure, String id) {
    return "unknown " + id;
  }

  static boolean isPending(String status) {
    return "pending".equals(status);
  }

  /** Instance predicate: the generated class calls it on the delegate. */
  default boolean isNegative(Integer code) {
    return code < 0;
  }
}
