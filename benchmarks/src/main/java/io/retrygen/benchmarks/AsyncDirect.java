package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/** The async floor: the backend's completed future, joined; no retry at all (success path only). */
public class AsyncDirect extends AsyncBenchmark {
  @Override
  @Benchmark
  public String call() {
    return backend.call(input).join();
  }
}
