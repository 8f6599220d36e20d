package io.retrygen.it;

import io.retrygen.Recover;
import io.retrygen.Timeout;
import io.retrygen.runtime.AttemptTimeoutException;

/** {@code @Timeout} alone: the single call is limited, and a timeout is recovered. */
public interface TimedFallbackClient {
  @Timeout(50)
  String lookup(String key) throws InterruptedException;

  @Recover
  default String lookupTimedOut(AttemptTimeoutException timeout, String key) {
    return "fallback " + key + " after " + timeout.timeoutMillis() + " ms";
  }
}
