package test;

import io.retrygen.Retryable;

public interface Pinger {
  @Retryable(maxAttempts = 2)
  boolean ping(String host);
}
