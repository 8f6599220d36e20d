package io.retrygen.benchmarks.coldstart;

import io.retrygen.benchmarks.Service;
import io.retrygen.benchmarks.ServiceRetrying;

/** One retried call through retrygen's generated interface delegate. */
public final class RetrygenInterfaceMain {
  private RetrygenInterfaceMain() {}

  public static void main(String[] args) {
    FlakyService backend = new FlakyService();
    Service service = new ServiceRetrying(backend);
    backend.verify(service.call("request"));
  }
}
