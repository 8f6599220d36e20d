package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * The baseline of the 1.2x target: the retry loop a careful developer writes by hand, with the
 * same semantics as the generated one (3 attempts, any exception retried, no wait).
 */
public class HandWrittenLoop extends PathBenchmark {
  @Override
  @Benchmark
  public String call() {
    for (int attempt = 1; ; attempt++) {
      try {
        return backend.call(input);
      } catch (Exception failure) {
        if (attempt >= MAX_ATTEMPTS) {
          throw failure;
        }
      }
    }
  }
}
