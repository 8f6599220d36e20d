package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;

/**
 * Recover methods without a catch-all: how a call gives up (attempts, time, interruption, a
 * failure that is not retried), what is not recovered, and void methods.
 */
interface FallbackClient {

  @Retryable(backoff = @Backoff(delay = 10))
  int count(String what) throws IOException;

  /**
   * Gives up by time: an attempt starts only while less than 100 ms have elapsed, so the four
   * attempts that fit (30 + 30 + 30 < 100) are all it can make.
   */
  @Retryable(maxAttempts = 4, maxDuration = 100, backoff = @Backoff(delay = 30))
  int countWithin(String what) throws IOException;

  @Retryable(notRecoverable = FileNotFoundException.class, backoff = @Backoff(delay = 10))
  String open(String path) throws IOException;

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 10))
  void cancel(String order);

  /** What a recover method received; the test's delegate records it. */
  void recovered(String recover, Throwable failure, String argument);

  /** Fits count and countWithin (int, takes their first parameter). */
  @Recover
  default int countFailed(IOException failure, String what) {
    recovered("countFailed", failure, what);
    return -1;
  }

  @Recover
  default String openFailed(IOException failure, String path) {
    recovered("openFailed", failure, path);
    return "fallback for " + path;
  }

  @Recover
  default void cancelFailed(RuntimeException failure, String order) {
    recovered("cancelFailed", failure, order);
  }
}
