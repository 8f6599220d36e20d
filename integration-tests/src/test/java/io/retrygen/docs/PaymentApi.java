package io.retrygen.docs;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;

/** What to retry: transient failures only, and a charge made idempotent by its key. */
public interface PaymentApi {
  @Retryable(
      retryFor = IOException.class,                  // timeouts, resets, and HTTP errors below
      noRetryFor = ClientErrorException.class,       // any 4xx: the request itself is wrong
      retryIf = "isTransient",                       // of the rest, only 502, 503 and 504
      notRecoverable = CardDeclinedException.class,  // reaches the caller though a @Recover fits
      maxAttempts = 4,
      backoff = @Backoff(delay = 200, multiplier = 2, maxDelay = 2000))
  Receipt charge(String idempotencyKey, String account, long cents) throws IOException;

  static boolean isTransient(IOException failure) {
    if (failure instanceof ServerErrorException) {
      int status = ((ServerErrorException) failure).status();
      return status == 502 || status == 503 || status == 504;  // a 500 fails the same way again
    }
    return true;                                               // no answer: timeout or reset
  }

  @Recover
  default Receipt queueForLater(IOException failure, String idempotencyKey) {
    return Receipt.pending(idempotencyKey);                    // retried later, with the same key
  }

  /** What a charge returns: done, or queued under its idempotency key. */
  final class Receipt {
    private final String key;
    private final boolean pending;

    private Receipt(String key, boolean pending) {
      this.key = key;
      this.pending = pending;
    }

    static Receipt done(String key) {
      return new Receipt(key, false);
    }

    static Receipt pending(String key) {
      return new Receipt(key, true);
    }

    public String key() {
      return key;
    }

    public boolean isPending() {
      return pending;
    }
  }

  /** An HTTP 5xx answer. */
  class ServerErrorException extends IOException {
    private static final long serialVersionUID = 1L;
    private final int status;

    public ServerErrorException(int status) {
      super("HTTP " + status);
      this.status = status;
    }

    public int status() {
      return status;
    }
  }

  /** An HTTP 4xx answer: the request itself is wrong. */
  class ClientErrorException extends IOException {
    private static final long serialVersionUID = 1L;

    public ClientErrorException(String message) {
      super(message);
    }
  }

  /** A 402 answer: the card was declined. */
  class CardDeclinedException extends ClientErrorException {
    private static final long serialVersionUID = 1L;

    public CardDeclinedException(String message) {
      super(message);
    }
  }
}
