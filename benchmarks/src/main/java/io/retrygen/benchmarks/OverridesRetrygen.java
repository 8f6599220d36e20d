package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's generated delegate built with run-time overrides that change its policy (issue 24):
 * {@code new ServiceRetrying(backend, options)}, the options' {@code PolicyOverrides} setting
 * {@code maxAttempts = 5} and {@code delay = 0} for {@code Service.call}, and a key for a label no
 * method has. The constructor applies them once; compare with {@link RetrygenInterface}, the same
 * call built with default options, in the same run. (The overridden delay stays 0 ms, as
 * compiled, so that neither row sleeps on the fail-once path.)
 */
public class OverridesRetrygen extends PathBenchmark {
  private Service service;

  @Override
  protected void setUpWrapper() {
    OverrideOptions overrides = OverrideOptions.of(
        "retrygen.retry.Service.call.maxAttempts", "5",
        "retrygen.retry.Service.call.delay", "0");
    service = new ServiceRetrying(backend, overrides.options());
    overrides.checkApplied("Service.call", "maxAttempts=5 (override)", "delay=0 (override)");
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input);
  }
}
