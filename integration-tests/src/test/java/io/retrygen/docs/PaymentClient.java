package io.retrygen.docs;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

public interface PaymentClient {
  @Retryable(
      retryFor = IOException.class,
      noRetryFor = CardDeclinedException.class,
      maxAttempts = 5,
      backoff = @Backoff(delay = 100, multiplier = 2, maxDelay = 2000))
  Receipt charge(String account, long cents) throws IOException;

  Receipt find(String id) throws IOException;      // not annotated: forwarded as is
}
