package io.retrygen.benchmarks;

import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeExecutor;
import dev.failsafe.RetryPolicy;
import dev.failsafe.function.CheckedSupplier;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Failsafe (dev.failsafe) with a {@code RetryPolicy} of 3 attempts and its default zero delay;
 * executor and supplier built once. Retrying calls {@code Thread.sleep(0)} before each retry.
 */
public class FailsafeRetry extends PathBenchmark {
  private FailsafeExecutor<String> executor;
  private CheckedSupplier<String> supplier;

  @Override
  protected void setUpWrapper() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withMaxAttempts(MAX_ATTEMPTS).build();
    executor = Failsafe.with(policy);
    Service target = backend;
    String argument = input;
    supplier = () -> target.call(argument);
  }

  @Override
  @Benchmark
  public String call() {
    return executor.get(supplier);
  }
}
