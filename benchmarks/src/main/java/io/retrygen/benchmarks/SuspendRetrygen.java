package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's generated delegate of a Kotlin interface, {@code new SuspendServiceRetrying(backend)}:
 * its {@code call} returns {@code new SuspendCall<String>(retrier, null) {...}.run($completion)},
 * the loop of {@code retry-kotlin}; a 0 ms wait does not suspend.
 */
public class SuspendRetrygen extends SuspendPathBenchmark {
  private SuspendService service;

  @Override
  protected void setUpWrapper() {
    service = new SuspendServiceRetrying(backend);
  }

  @Override
  @Benchmark
  public Object call() {
    return service.call(input, completion);
  }
}
