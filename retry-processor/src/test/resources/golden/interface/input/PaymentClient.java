package test;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;

public interface PaymentClient {
  @Retryable(
      retryFor = {IOException.class, IllegalStateException.class},
      noRetryFor = FileNotFoundException.class,
      maxAttempts = 5,
      backoff = @Backoff(delay = 100, multiplier = 2, maxDelay = 2000, jitter = 0.25),
      listeners = AuditListener.class)
  String charge(String account, long cents, int attempt) throws IOException;

  @Retryable
  @Backoff(delay = 0)
  void refund(String account);

  List<String> history(String account);

  default String describe() {
    return "PaymentClient";
  }
}
