package io.retrygen.benchmarks;

/**
 * The suspend service every Kotlin row calls (issue 21), as {@link Backend} is the synchronous
 * one: on the fail-once path it fails on every odd call, and {@link #calls()} lets the benchmark
 * check that the alternation happened. Its {@code call} never suspends: it returns its value (or
 * throws) at once, as a {@code suspend fun} does whose data is at hand.
 */
public interface SuspendBackend extends SuspendService {
  /** Calls so far (counted only on the fail-once path). */
  int calls();

  /** A backend for {@code variant} ("inline" or "dontInline"). */
  static SuspendBackend create(String variant, boolean failOnce) {
    switch (variant) {
      case "inline":
        return new InlineSuspendBackend(failOnce);
      case "dontInline":
        return new DontInlineSuspendBackend(failOnce);
      default:
        throw new IllegalArgumentException("unknown variant: " + variant);
    }
  }
}
