package io.retrygen.benchmarks.coldstart;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.time.Duration;
import java.util.function.Supplier;

/** One retried call through Resilience4j (anonymous class, not a lambda, as in every main). */
public final class Resilience4jMain {
  private Resilience4jMain() {}

  public static void main(String[] args) {
    final FlakyService backend = new FlakyService();
    Retry retry = Retry.of(
        "coldstart", RetryConfig.custom().maxAttempts(3).waitDuration(Duration.ZERO).build());
    Supplier<String> call = Retry.decorateSupplier(retry, new Supplier<String>() {
      @Override
      public String get() {
        return backend.call("request");
      }
    });
    backend.verify(call.get());
  }
}
