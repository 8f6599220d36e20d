package io.retrygen.benchmarks;

import kotlin.coroutines.Continuation;

/**
 * {@link InlineBackend} as a suspend function: what Kotlin compiles a {@code suspend fun} without a
 * suspension point to, a method that takes the caller's continuation, ignores it and returns.
 */
public final class InlineSuspendBackend implements SuspendBackend {
  private final boolean failOnce;
  private int calls;

  public InlineSuspendBackend(boolean failOnce) {
    this.failOnce = failOnce;
  }

  @Override
  public Object call(String input, Continuation<? super String> continuation) {
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
