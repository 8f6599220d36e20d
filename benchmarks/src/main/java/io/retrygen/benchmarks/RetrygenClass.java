package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/** retrygen's generated subclass: {@code new ServiceClassRetrying(backend)}. */
public class RetrygenClass extends PathBenchmark {
  private ServiceClass service;

  @Override
  protected void setUpWrapper() {
    service = new ServiceClassRetrying(backend);
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input);
  }
}
