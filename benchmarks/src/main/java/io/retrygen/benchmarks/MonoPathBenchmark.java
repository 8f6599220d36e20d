package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Param;

/** A Reactor row measured on both paths: every call succeeds, or fails once first. */
public abstract class MonoPathBenchmark extends MonoBenchmark {
  @Param({"success", "failOnce"})
  public String path;

  @Override
  protected final boolean failOnce() {
    return PathBenchmark.failsOnce(path);
  }
}
