package io.retrygen.benchmarks;

import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeExecutor;
import dev.failsafe.RetryPolicy;
import dev.failsafe.function.CheckedSupplier;
import java.util.concurrent.CompletionStage;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Failsafe (dev.failsafe) {@code getStageAsync} with a {@code RetryPolicy} of 3 attempts and its
 * default zero delay ({@code withDelay(Duration.ZERO)} is rejected: "delay must be greater than
 * 0"), {@code Failsafe.with(policy).with(scheduler)} and the supplier built once. Failsafe
 * schedules every attempt, the first one included, on the scheduler ({@code schedule(callable, 0,
 * NANOSECONDS)}): even the success path hands off to the scheduler's thread and back.
 */
public class AsyncFailsafe extends AsyncPathBenchmark {
  private FailsafeExecutor<String> executor;
  private CheckedSupplier<CompletionStage<String>> supplier;

  @Override
  protected void setUpWrapper() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withMaxAttempts(MAX_ATTEMPTS).build();
    executor = Failsafe.with(policy).with(scheduler);
    AsyncService target = backend;
    String argument = input;
    supplier = () -> target.call(argument);
  }

  @Override
  @Benchmark
  public String call() {
    return executor.getStageAsync(supplier).join();
  }
}
