package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/** retrygen: the generated {@code MonoServiceRetrying} around the backend. */
public class MonoRetrygen extends MonoPathBenchmark {
  private MonoService service;

  @Override
  protected void setUpWrapper() {
    service = new MonoServiceRetrying(backend);
  }

  @Override
  @Benchmark
  public String call() {
    return sink.take(service.call(input));
  }
}
