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

  /** Steps 5, 6 and 7 together: retryIf, then the budget, then the wait the failure asks for. */
  @Retryable(
      retryFor = IOException.class,
      retryIf = "isTransient",
      backoff = @Backoff(delay = 50, maxDelay = 5000, delayFor = "retryAfter"))
  String cancel(String orderId) throws IOException;

  static boolean isTransient(IOException failure) {
    return !failure.getMessage().startsWith("4");
  }

  static long retryAfter(IOException failure) {
    return failure.getMessage().equals("503 later") ? 2000 : -1;
  }

  static boolean isPending(String status) {
    return status.equals("pending");
  }
}
