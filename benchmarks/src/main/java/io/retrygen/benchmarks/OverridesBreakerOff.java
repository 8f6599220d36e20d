package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's generated breaker turned off by a run-time override (issue 24): {@code new
 * BreakerServiceRetrying(backend, options)} with {@code
 * retrygen.circuitbreaker.BreakerService.call.enabled=false}, so every call passes and nothing is
 * counted. Success path only (a breaker that is off never opens). Compare with {@link
 * RetrygenBreaker} on its closed path, in the same run.
 */
public class OverridesBreakerOff extends VariantBenchmark {
  private BreakerService service;

  @Override
  protected void setUpWrapper() {
    OverrideOptions overrides =
        OverrideOptions.of("retrygen.circuitbreaker.BreakerService.call.enabled", "false");
    service = new BreakerServiceRetrying(backend, overrides.options());
    overrides.checkApplied("BreakerService.call", "disabled");
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input);
  }
}
