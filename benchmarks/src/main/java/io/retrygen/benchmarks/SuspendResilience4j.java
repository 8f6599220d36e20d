package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * Resilience4j Kotlin, {@link Resilience4jSuspendService}: {@code decorateSuspendFunction} (its
 * {@code executeSuspendFunction} loop) decorated once, 3 attempts, {@code waitDuration(ZERO)}.
 */
public class SuspendResilience4j extends SuspendPathBenchmark {
  private SuspendService service;

  @Override
  protected void setUpWrapper() {
    service = new Resilience4jSuspendService(backend, input);
  }

  @Override
  @Benchmark
  public Object call() {
    return service.call(input, completion);
  }
}
