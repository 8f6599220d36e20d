package test;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;

public interface Inventory {
  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  @CircuitBreaker(
      failOn = IOException.class,
      skipOn = FileNotFoundException.class,
      requestVolumeThreshold = 4,
      failureRatio = 0.75,
      delay = 1000)
  int stock(String sku) throws IOException;

  @CircuitBreaker(name = "warehouse")
  String warehouse(String sku);

  @Recover
  default String warehouseDown(String sku) {
    return "unknown";
  }
}
