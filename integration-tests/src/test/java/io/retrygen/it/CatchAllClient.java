package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;

/**
 * Three recover methods that each match a wider set of failures: a Throwable parameter is more
 * specific than none, which matches every failure and comes last.
 */
interface CatchAllClient {

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0))
  String get(String key);

  @Recover
  default String withoutFailure(String key) {
    return "without failure " + key;
  }

  @Recover
  default String anyThrowable(Throwable failure) {
    return "throwable " + failure.getMessage();
  }

  @Recover
  default String anyException(Exception failure, String key) {
    return "exception " + failure.getMessage() + " " + key;
  }
}
