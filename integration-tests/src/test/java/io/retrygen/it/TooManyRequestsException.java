package io.retrygen.it;

import java.io.IOException;

/** An HTTP 429 or 503 answer, with the seconds its {@code Retry-After} header asked for. */
class TooManyRequestsException extends IOException {
  private static final long serialVersionUID = 1L;

  private final long retryAfterSeconds;

  TooManyRequestsException(int status, long retryAfterSeconds) {
    super("HTTP " + status + ", Retry-After: " + retryAfterSeconds);
    this.retryAfterSeconds = retryAfterSeconds;
  }

  long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
