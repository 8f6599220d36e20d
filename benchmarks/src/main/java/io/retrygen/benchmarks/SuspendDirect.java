package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/** The floor of the Kotlin rows: the backend's suspend function called directly, no retry. */
public class SuspendDirect extends SuspendBenchmark {
  @Override
  @Benchmark
  public Object call() {
    return backend.call(input, completion);
  }
}
