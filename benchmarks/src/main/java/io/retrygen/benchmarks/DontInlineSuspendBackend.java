package io.retrygen.benchmarks;

import kotlin.coroutines.Continuation;
import org.openjdk.jmh.annotations.CompilerControl;

/**
 * {@link DontInlineBackend} as a suspend function: never inlined, so the retry loop around it
 * cannot be optimized together with it. Written in Java because JMH reads {@code @CompilerControl}
 * with its annotation processor, which runs in javac, not in kapt.
 */
public final class DontInlineSuspendBackend implements SuspendBackend {
  private final boolean failOnce;
  private int calls;

  public DontInlineSuspendBackend(boolean failOnce) {
    this.failOnce = failOnce;
  }

  @Override
  @CompilerControl(CompilerControl.Mode.DONT_INLINE)
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
