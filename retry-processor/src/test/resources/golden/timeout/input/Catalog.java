package test;

import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import io.retrygen.Timeout;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

@Timeout(2000)
public interface Catalog {
  @Retryable(retryFor = IOException.class, maxAttempts = 3)
  @CircuitBreaker(failOn = IOException.class)
  @Timeout(500)
  int price(String sku) throws IOException;

  @Timeout(250)
  String describe(String sku);

  @Recover
  default String describeLater(String sku) {
    return "no description yet";
  }

  void reindex();

  @Retryable(maxAttempts = 2)
  @Timeout(300)
  CompletableFuture<Integer> stockAsync(String sku);

  @Recover
  default CompletableFuture<Integer> noStock(String sku) {
    return CompletableFuture.completedFuture(0);
  }
}
