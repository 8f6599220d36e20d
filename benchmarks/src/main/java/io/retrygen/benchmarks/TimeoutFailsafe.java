package io.retrygen.benchmarks;

import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeExecutor;
import dev.failsafe.Timeout;
import dev.failsafe.function.CheckedSupplier;
import java.time.Duration;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Failsafe's {@code Timeout} of 1 s {@code withInterrupt()}, the synchronous peer: executor and
 * supplier built once; each call runs on the caller's thread, with its deadline scheduled on
 * Failsafe's own scheduler.
 */
public class TimeoutFailsafe extends VariantBenchmark {
  private FailsafeExecutor<String> executor;
  private CheckedSupplier<String> supplier;

  @Override
  protected void setUpWrapper() {
    Timeout<String> timeout = Timeout.<String>builder(Duration.ofSeconds(1)).withInterrupt().build();
    executor = Failsafe.with(timeout);
    TimedService target = backend;
    String argument = input;
    supplier = () -> target.call(argument);
  }

  @Override
  @Benchmark
  public String call() {
    return executor.get(supplier);
  }
}
