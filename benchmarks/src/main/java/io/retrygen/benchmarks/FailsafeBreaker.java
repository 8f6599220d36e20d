package io.retrygen.benchmarks;

import dev.failsafe.CircuitBreaker;
import dev.failsafe.CircuitBreakerOpenException;
import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeExecutor;
import dev.failsafe.function.CheckedSupplier;
import java.time.Duration;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Failsafe (dev.failsafe) {@code CircuitBreaker}: {@code withFailureThreshold(10, 20)} closed
 * (count-based, the same ratio and window), {@code withFailureThreshold(1)} open; executor and
 * supplier built once. A refusal throws a new {@code CircuitBreakerOpenException} with a stack
 * trace (Failsafe has no switch for it).
 */
public class FailsafeBreaker extends BreakerBenchmark {
  private FailsafeExecutor<String> executor;
  private CheckedSupplier<String> supplier;

  @Override
  protected void setUpBreaker(boolean open) {
    CircuitBreaker<String> breaker = CircuitBreaker.<String>builder()
        .withFailureThreshold(open ? 1 : WINDOW / 2, open ? 1 : WINDOW)
        .withSuccessThreshold(1)
        .withDelay(Duration.ofMillis(open ? OPEN_DELAY_MILLIS : CLOSED_DELAY_MILLIS))
        .build();
    executor = Failsafe.with(breaker);
    Service target = backend;
    String argument = input;
    supplier = () -> target.call(argument);
  }

  @Override
  @Benchmark
  public String call() {
    try {
      return executor.get(supplier);
    } catch (CircuitBreakerOpenException rejected) {
      return REJECTED;
    }
  }
}
