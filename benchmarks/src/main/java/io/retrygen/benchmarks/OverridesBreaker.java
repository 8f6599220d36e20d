package io.retrygen.benchmarks;

import io.retrygen.runtime.CircuitBreakerOpenException;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's generated breaker built with run-time overrides of its settings (issue 24): {@code
 * new BreakerServiceRetrying(backend, options)} with {@code requestVolumeThreshold = 10}, {@code
 * failureRatio = 0.75} and {@code delay = 1000} for the breaker {@code BreakerService.call}
 * (closed), or {@code new OpenBreakerServiceRetrying(backend, options)} with {@code delay =
 * 7200000} for {@code OpenBreakerService.call} (open, still opened by one failure), and a key for
 * a label no method has. Compare with {@link RetrygenBreaker}, built with default options, in the
 * same run.
 */
public class OverridesBreaker extends BreakerBenchmark {
  private BreakerService service;

  @Override
  protected void setUpBreaker(boolean open) {
    if (open) {
      OverrideOptions overrides = OverrideOptions.of(
          "retrygen.circuitbreaker.OpenBreakerService.call.delay", "7200000");
      service = new OpenBreakerServiceRetrying(backend, overrides.options());
      overrides.checkApplied("OpenBreakerService.call", "delay=7200000 (override)");
    } else {
      OverrideOptions overrides = OverrideOptions.of(
          "retrygen.circuitbreaker.BreakerService.call.requestVolumeThreshold", "10",
          "retrygen.circuitbreaker.BreakerService.call.failureRatio", "0.75",
          "retrygen.circuitbreaker.BreakerService.call.delay", "1000");
      service = new BreakerServiceRetrying(backend, overrides.options());
      overrides.checkApplied("BreakerService.call", "requestVolumeThreshold=10 (override)",
          "failureRatio=0.75 (override)", "delay=1000 (override)");
    }
  }

  @Override
  @Benchmark
  public String call() {
    try {
      return service.call(input);
    } catch (CircuitBreakerOpenException rejected) {
      return REJECTED;
    }
  }
}
