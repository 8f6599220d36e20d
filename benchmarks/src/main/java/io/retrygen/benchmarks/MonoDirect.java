package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * The floor of the Reactor rows: the backend's {@code Mono} subscribed directly, no retry (the
 * success path only).
 */
public class MonoDirect extends MonoBenchmark {
  @Override
  @Benchmark
  public String call() {
    return sink.take(backend.call(input));
  }
}
