package test;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

public class Downloader {
  @Retryable(backoff = @Backoff(delay = 100, maxDelay = 5_000, delayFor = "waitFor"))
  public byte[] download(String url) {
    return new byte[0];
  }

  /** Takes every failure: called without a test. */
  protected long waitFor(Throwable failure) {
    return failure instanceof IllegalStateException ? 1_000L : -1L;
  }
}
