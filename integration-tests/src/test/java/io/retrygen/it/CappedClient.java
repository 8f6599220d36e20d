package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** Backoffs whose waits meet their cap: random, jitter, and a cap near Long.MAX_VALUE. */
interface CappedClient {

  /** Uniform in [100, 200]. */
  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 100, maxDelay = 200, random = true))
  String randomFixed() throws IOException;

  /** Waits 100, 200, 400, 800, then 1600 capped to 1000, each times a factor in [0.5, 1.5]. */
  @Retryable(
      maxAttempts = 6,
      backoff = @Backoff(delay = 100, multiplier = 2, maxDelay = 1000, jitter = 0.5))
  String jitteredExponential() throws IOException;

  /** Uniform in [Long.MAX_VALUE - 2, Long.MAX_VALUE - 1]: in double, both ends are 2^63. */
  @Retryable(
      maxAttempts = 2,
      backoff = @Backoff(delay = Long.MAX_VALUE - 2, maxDelay = Long.MAX_VALUE - 1, random = true))
  String randomNearLongMax() throws IOException;

  /** Long.MAX_VALUE - 1, capped there, times a factor in [0.5, 1.5]: 2^63 in double. */
  @Retryable(
      maxAttempts = 2,
      backoff = @Backoff(delay = Long.MAX_VALUE - 1, maxDelay = Long.MAX_VALUE - 1, jitter = 0.5))
  String jitteredAtLongMax() throws IOException;
}
