package io.retrygen.benchmarks.coldstart;

import io.retrygen.benchmarks.ServiceClass;
import io.retrygen.benchmarks.ServiceClassRetrying;

/** One retried call through retrygen's generated subclass. */
public final class RetrygenClassMain {
  private RetrygenClassMain() {}

  public static void main(String[] args) {
    FlakyService backend = new FlakyService();
    ServiceClass service = new ServiceClassRetrying(backend);
    backend.verify(service.call("request"));
  }
}
