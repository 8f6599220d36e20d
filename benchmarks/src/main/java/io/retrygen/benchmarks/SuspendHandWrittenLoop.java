package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * The hand-written Kotlin loop, {@link LoopSuspendService}: {@code repeat}, {@code try} and
 * {@code delay(0)}, 3 attempts, a cancellation passed on.
 */
public class SuspendHandWrittenLoop extends SuspendPathBenchmark {
  private SuspendService service;

  @Override
  protected void setUpWrapper() {
    service = new LoopSuspendService(backend);
  }

  @Override
  @Benchmark
  public Object call() {
    return service.call(input, completion);
  }
}
