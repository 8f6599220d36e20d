package io.retrygen.benchmarks;

import io.retrygen.runtime.CircuitBreakerOpenException;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's generated breaker: {@code new BreakerServiceRetrying(backend)} (closed) or {@code
 * new OpenBreakerServiceRetrying(backend)} (open), default {@code RetryOptions} (system ticker).
 * A refused call throws a new, stackless {@code CircuitBreakerOpenException}.
 */
public class RetrygenBreaker extends BreakerBenchmark {
  private BreakerService service;

  @Override
  protected void setUpBreaker(boolean open) {
    service = open ? new OpenBreakerServiceRetrying(backend) : new BreakerServiceRetrying(backend);
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
