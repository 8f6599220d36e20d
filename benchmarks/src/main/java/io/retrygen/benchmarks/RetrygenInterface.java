package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/** retrygen's generated interface delegate: {@code new ServiceRetrying(backend)}. */
public class RetrygenInterface extends PathBenchmark {
  private Service service;

  @Override
  protected void setUpWrapper() {
    service = new ServiceRetrying(backend);
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input);
  }
}
