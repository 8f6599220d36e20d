package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/**
 * Methods that make the steps of SPEC §3's decision order observable: a counted retryIf, a random
 * wait whose draws can be counted, maxDuration, retryOnResult and a 0 ms wait.
 */
interface OrderedClient {

  /** Random fixed wait in [100, 200]: each wait computed takes one draw. */
  @Retryable(
      retryFor = IOException.class,
      retryIf = "isTransient",
      backoff = @Backoff(delay = 100, maxDelay = 200, random = true))
  String read(String key) throws IOException;

  /** As {@link #read}, with a 1000 ms budget. */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 5,
      maxDuration = 1000,
      retryIf = "isTransient",
      backoff = @Backoff(delay = 100, maxDelay = 200, random = true))
  String readWithin(String key) throws IOException;

  /** Five attempts fit in 1000 ms when only the waits take time. */
  @Retryable(maxAttempts = 5, maxDuration = 1000, backoff = @Backoff(delay = 100))
  String timed(String key) throws IOException;

  @Retryable(retryOnResult = "isPending", backoff = @Backoff(delay = 10))
  String status(String key) throws IOException;

  @Retryable(backoff = @Backoff(delay = 0))
  String immediate(String key) throws IOException;

  /** Instance predicate, called on the delegate: the test's delegate counts its calls. */
  default boolean isTransient(IOException failure) {
    return !"permanent".equals(failure.getMessage());
  }

  static boolean isPending(String status) {
    return "pending".equals(status);
  }
}
