package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/**
 * The hand-written loop with the two checks the generated loop must make and {@link
 * HandWrittenLoop} leaves out: the number of attempts comes from a field (a policy's, not a
 * constant the JIT can unroll the loop with), and no retry starts while the thread is interrupted
 * (SPEC §9). It shows what those two features cost on the fail-once path, apart from the rest of
 * the generated code (issue 13).
 */
public class HandWrittenCheckedLoop extends PathBenchmark {
  /** A field, as in {@code Retrier}: C2 loads an instance field, final or not; no unrolling. */
  private int maxAttempts = MAX_ATTEMPTS;

  @Override
  @Benchmark
  public String call() {
    for (int attempt = 1; ; attempt++) {
      try {
        return backend.call(input);
      } catch (Exception failure) {
        if (attempt >= maxAttempts || Thread.currentThread().isInterrupted()) {
          throw failure;
        }
      }
    }
  }
}
