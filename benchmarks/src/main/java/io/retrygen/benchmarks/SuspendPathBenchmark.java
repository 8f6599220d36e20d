package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Param;

/** A suspend wrapper measured on both paths: every call succeeds, or fails once first. */
public abstract class SuspendPathBenchmark extends SuspendBenchmark {
  @Param({"success", "failOnce"})
  public String path;

  @Override
  protected final boolean failOnce() {
    switch (path) {
      case "success":
        return false;
      case "failOnce":
        return true;
      default:
        throw new IllegalArgumentException("unknown path: " + path);
    }
  }
}
