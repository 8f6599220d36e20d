package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen with {@code @Timeout(1000)} on the retried method: {@code new
 * TimedServiceRetrying(backend)}. Compare with {@link RetrygenInterface}, the same call without the
 * timeout, in the same run.
 */
public class TimeoutRetrygen extends VariantBenchmark {
  private TimedService service;

  @Override
  protected void setUpWrapper() {
    service = new TimedServiceRetrying(backend);
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input);
  }
}
