package test;

import io.retrygen.Backoff;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

@RetryBudget(maxTokens = 20, tokenRatio = 0.05)
@Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 50))
public interface Orders {
  String place(String item) throws IOException;

  @Retryable(retryOnResult = "isPending", backoff = @Backoff(delay = 50))
  String status(String orderId) throws IOException;

  @RetryBudget(name = "search")
  @Retryable(retryFor = Throwable.class, backoff = @Backoff(delay = 0))
  String find(String query);

  CompletableFuture<String> track(String orderId);

  static boolean isPending(String status) {
    return status.equals("pending");
  }
}
