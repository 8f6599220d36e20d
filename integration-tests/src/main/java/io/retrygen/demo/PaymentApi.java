package io.retrygen.demo;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** A payment API whose calls fail now and then. retrygen writes {@code PaymentApiRetrying}. */
public interface PaymentApi {

  /** Charges {@code cents} to {@code account}; retried on I/O failures with a growing wait. */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 5,
      backoff = @Backoff(delay = 200, multiplier = 2, maxDelay = 1000))
  String charge(String account, long cents) throws IOException;

  /** Refunds a charge; a refused refund is a business answer, not a glitch: never retried. */
  @Retryable(retryFor = IOException.class, noRetryFor = RefundRefusedException.class)
  @Backoff(delay = 100)
  void refund(String chargeId) throws IOException;

  /** Thrown when the bank refuses a refund. */
  final class RefundRefusedException extends IOException {
    private static final long serialVersionUID = 1L;

    public RefundRefusedException(String message) {
      super(message);
    }
  }
}
