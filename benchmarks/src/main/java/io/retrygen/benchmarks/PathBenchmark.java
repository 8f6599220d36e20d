package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Param;

/** A wrapper measured on both paths: every call succeeds, or every call fails once first. */
public abstract class PathBenchmark extends VariantBenchmark {
  /** The maximum attempts every row is configured with. */
  protected static final int MAX_ATTEMPTS = 3;

  @Param({"success", "failOnce"})
  public String path;

  @Override
  protected final boolean failOnce() {
    return failsOnce(path);
  }

  /**
   * Whether the {@code path} parameter, {@code "success"} or {@code "failOnce"}, is the fail-once
   * path: for every family's path parameter (synchronous, asynchronous, suspend).
   */
  static boolean failsOnce(String path) {
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
