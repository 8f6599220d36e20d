package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * kotlinx {@code Flow.retry}, {@link FlowRetrySuspendService}: {@code flow { emit(call()) }
 * .retry(2)} built once, collected with {@code single()} per call.
 */
public class SuspendFlowRetry extends SuspendPathBenchmark {
  private SuspendService service;

  @Override
  protected void setUpWrapper() {
    service = new FlowRetrySuspendService(backend, input);
  }

  @Override
  @Benchmark
  public Object call() {
    return service.call(input, completion);
  }
}
