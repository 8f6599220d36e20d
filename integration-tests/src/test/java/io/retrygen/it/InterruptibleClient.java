package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;

/** An interface whose attempts may throw InterruptedException, under each kind of retryFor. */
interface InterruptibleClient {

  @Retryable(backoff = @Backoff(delay = 10))
  String byDefault() throws InterruptedException;

  @Retryable(retryFor = Exception.class, backoff = @Backoff(delay = 10))
  String forException() throws InterruptedException;

  @Retryable(retryFor = Throwable.class, backoff = @Backoff(delay = 10))
  String forThrowable() throws InterruptedException;

  /** Naming InterruptedException itself is the only way to retry it. */
  @Retryable(retryFor = InterruptedException.class, backoff = @Backoff(delay = 10))
  String forInterrupted() throws InterruptedException;

  @Retryable(backoff = @Backoff(delay = 10))
  String recovered(String key) throws InterruptedException;

  /** Fits only {@link #recovered}, the one guarded method that takes a String. */
  @Recover
  default String interruptedFallback(InterruptedException failure, String key) {
    return "recovered " + key;
  }
}
