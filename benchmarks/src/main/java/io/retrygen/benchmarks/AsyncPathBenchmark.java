package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Param;

/**
 * An asynchronous wrapper measured on both paths: the backend's future is already complete and
 * successful, or it is already failed on every odd call, so each operation is one failed attempt,
 * a retry scheduled with a 0 ms wait, and one successful attempt.
 */
public abstract class AsyncPathBenchmark extends AsyncBenchmark {
  @Param({"success", "failOnce"})
  public String path;

  @Override
  protected final boolean failOnce() {
    return PathBenchmark.failsOnce(path);
  }
}
