package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's generated asynchronous delegate with the default options, {@code new
 * AsyncServiceRetrying(backend)}: no scheduler set, so a retry after a 0 ms wait is handed to
 * {@code CompletableFuture.runAsync} (the common pool). The trial's scheduler is not used.
 */
public class AsyncRetrygenDefault extends AsyncPathBenchmark {
  private AsyncService service;

  @Override
  protected void setUpWrapper() {
    service = new AsyncServiceRetrying(backend);
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input).join();
  }
}
