package io.retrygen.benchmarks;

import io.retrygen.runtime.RetryOptions;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's generated asynchronous delegate, {@code new AsyncServiceRetrying(backend, options)}
 * with {@code RetryOptions.builder().scheduler(scheduler)}: the same single-thread scheduler as
 * the peers, on which a retry is {@code schedule(next, 0, MILLISECONDS)}.
 */
public class AsyncRetrygen extends AsyncPathBenchmark {
  private AsyncService service;

  @Override
  protected void setUpWrapper() {
    service = new AsyncServiceRetrying(backend, RetryOptions.builder().scheduler(scheduler).build());
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input).join();
  }
}
