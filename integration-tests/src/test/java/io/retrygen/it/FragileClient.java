package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;

/** User code the retry loop calls (retryIf, retryOnResult) that the test's delegate can break. */
interface FragileClient {

  @Retryable(retryIf = "shouldRetry", backoff = @Backoff(delay = 10))
  String read(String key) throws IOException;

  @Retryable(retryOnResult = "isPending", backoff = @Backoff(delay = 10))
  String status(String key) throws IOException;

  /** For a Sleeper that throws. */
  @Retryable(backoff = @Backoff(delay = 10))
  String write(String key) throws IOException;

  /** Would take any failure of the three methods: an exception of user code must bypass it. */
  @Recover
  default String fallback(Throwable failure, String key) {
    return "fallback " + key;
  }

  default boolean shouldRetry(Exception failure) {
    return true;
  }

  default boolean isPending(String status) {
    return "pending".equals(status);
  }
}
