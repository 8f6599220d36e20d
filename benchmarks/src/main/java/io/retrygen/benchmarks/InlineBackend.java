package io.retrygen.benchmarks;

/** A trivial backend the JIT can inline into the caller (and into the retry loop). */
public final class InlineBackend implements Backend {
  private final boolean failOnce;
  private int calls;

  public InlineBackend(boolean failOnce) {
    this.failOnce = failOnce;
  }

  @Override
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
