package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Retryable;
import io.retrygen.Timeout;
import java.io.IOException;

/**
 * One guard per method, for {@code OverridesLifecycleTest}: which keys a binding uses, and what
 * {@code describe} says.
 */
interface MixedClient {
  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  String retried() throws IOException;

  @CircuitBreaker(requestVolumeThreshold = 4, delay = 1000)
  String broken();

  @Timeout(1000)
  String timed() throws InterruptedException;
}
