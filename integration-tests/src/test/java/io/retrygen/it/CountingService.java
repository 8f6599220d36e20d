package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/**
 * What the benchmarks measure, as a test: three attempts, no wait, a primitive result; and the
 * same with {@code retryIf} and {@code retryOnResult}, whose hooks and result test run too.
 */
interface CountingService {
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  int call(int input);

  @Retryable(
      maxAttempts = 3,
      retryIf = "isTransient",
      retryOnResult = "isNegative",
      backoff = @Backoff(delay = 0))
  int checked(int input);

  static boolean isTransient(RuntimeException failure) {
    return true;
  }

  static boolean isNegative(int result) {
    return result < 0;
  }
}
