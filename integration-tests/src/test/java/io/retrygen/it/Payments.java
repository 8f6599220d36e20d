package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Retryable;
import java.io.IOException;

/** A nested input: its label has dots, {@code Payments.Client.charge}, and so do its keys. */
final class Payments {
  private Payments() {}

  interface Client {
    @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 50))
    @CircuitBreaker(requestVolumeThreshold = 10, delay = 1000)
    String charge(long cents) throws IOException;
  }
}
