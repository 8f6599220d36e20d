package io.retrygen.benchmarks;

/**
 * The one failure every library sees on the fail-once path: preallocated, without stack trace or
 * suppression, so throwing it costs the same for all and allocates nothing.
 */
public final class BenchmarkFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public static final BenchmarkFailure INSTANCE = new BenchmarkFailure();

  private BenchmarkFailure() {
    super("planned failure", null, false, false);
  }
}
