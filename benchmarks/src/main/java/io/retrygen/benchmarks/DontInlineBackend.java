package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The same backend, but never inlined: a real client's call (I/O, serialization) is too big to
 * inline, so the retry loop around it cannot be optimized together with it. This is the honest
 * floor for a retry wrapper, and the thrown failure really unwinds a frame.
 */
public final class DontInlineBackend implements Backend {
  private final boolean failOnce;
  private int calls;

  public DontInlineBackend(boolean failOnce) {
    this.failOnce = failOnce;
  }

  @Override
  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
  public String call(String input) {
    if (failOnce && (calls++ & 1) == 0) {
      throw BenchmarkFailure.INSTANCE;
    }
    return input;
  }

  @Override
  public int calls() {
    return calls;
  }
}
