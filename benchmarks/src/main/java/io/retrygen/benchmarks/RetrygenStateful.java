package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's generated stateful delegate on the success path: {@code new
 * StatefulServiceRetrying(backend)}, keyed by the argument. With no key holding state, a call
 * reads the label's cache size twice (before the attempt and after the success) and takes no lock.
 */
public class RetrygenStateful extends VariantBenchmark {
  private StatefulService service;

  @Override
  protected void setUpWrapper() {
    service = new StatefulServiceRetrying(backend);
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input);
  }
}
