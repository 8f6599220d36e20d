package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's generated delegate built under the kill switch (issue 24): {@code new
 * ServiceRetrying(backend, options)}, the options' {@code PolicyOverrides} saying {@code
 * retrygen.enabled=false}, so {@code Service.call} makes one attempt. Success path only: with no
 * retry, a call that fails once fails. Compare with {@link RetrygenInterface} in the same run.
 */
public class OverridesKillSwitch extends VariantBenchmark {
  private Service service;

  @Override
  protected void setUpWrapper() {
    OverrideOptions overrides = OverrideOptions.of("retrygen.enabled", "false");
    service = new ServiceRetrying(backend, overrides.options());
    overrides.checkApplied("Service.call", "one attempt (retrygen.enabled=false)");
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input);
  }
}
