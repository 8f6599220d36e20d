package io.retrygen.it;

import java.io.IOException;

/** A failure that says how long to wait before trying again, as an HTTP 429 does. */
class RetryAfterException extends IOException {
  private static final long serialVersionUID = 1L;

  private final long retryAfterMillis;

  RetryAfterException(long retryAfterMillis) {
    super("retry after " + retryAfterMillis + " ms");
    this.retryAfterMillis = retryAfterMillis;
  }

  long retryAfterMillis() {
    return retryAfterMillis;
  }
}
