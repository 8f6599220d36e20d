package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/** The floor: the backend called directly, no retry at all (success path only). */
public class Direct extends VariantBenchmark {
  @Override
  @Benchmark
  public String call() {
    return backend.call(input);
  }
}
