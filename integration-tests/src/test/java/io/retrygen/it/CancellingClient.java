package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.util.concurrent.CancellationException;

/** Cancellation is never retried nor recovered, unless retryFor names CancellationException. */
interface CancellingClient {
  @Retryable(backoff = @Backoff(delay = 10))
  String byDefault();

  /** A supertype of CancellationException does not count: only the type itself does. */
  @Retryable(retryFor = IllegalStateException.class, backoff = @Backoff(delay = 10))
  String bySupertype();

  @Retryable(retryFor = CancellationException.class, backoff = @Backoff(delay = 10))
  String named();

  @CircuitBreaker(name = "CancellingClient.breakerOnly")
  String breakerOnly();

  @Recover
  default String recover(RuntimeException failure) {
    return "recovered " + failure.getClass().getSimpleName();
  }
}
