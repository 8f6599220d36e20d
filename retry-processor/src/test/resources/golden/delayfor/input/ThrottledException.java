package test;

import java.io.IOException;

public class ThrottledException extends IOException {
  private static final long serialVersionUID = 1L;

  private final long retryAfterSeconds;

  public ThrottledException(long retryAfterSeconds) {
    super("429 Too Many Requests");
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
