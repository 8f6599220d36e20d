package io.retrygen.benchmarks.coldstart;

import dev.failsafe.Failsafe;
import dev.failsafe.RetryPolicy;
import dev.failsafe.function.CheckedSupplier;

/** One retried call through Failsafe. */
public final class FailsafeMain {
  private FailsafeMain() {}

  public static void main(String[] args) {
    final FlakyService backend = new FlakyService();
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withMaxAttempts(3).build();
    String result = Failsafe.with(policy).get(new CheckedSupplier<String>() {
      @Override
      public String get() {
        return backend.call("request");
      }
    });
    backend.verify(result);
  }
}
