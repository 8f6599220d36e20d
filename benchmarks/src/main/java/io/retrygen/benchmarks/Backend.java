package io.retrygen.benchmarks;

/**
 * The service every row calls. On the fail-once path it fails on every odd call, so that each
 * retried invocation sees exactly one failure followed by one success; {@link #calls()} lets the
 * benchmark check that this alternation really happened. (The breaker rows' open path uses the
 * same backend: its first call fails and opens the breaker, and no other call reaches it.)
 */
public interface Backend
    extends Service, BudgetedService, OpenBreakerService, TimedService, StatefulService {
  /** Calls so far (counted only on the fail-once path). */
  int calls();

  /** A backend for {@code variant} ("inline" or "dontInline"). */
  static Backend create(String variant, boolean failOnce) {
    switch (variant) {
      case "inline":
        return new InlineBackend(failOnce);
      case "dontInline":
        return new DontInlineBackend(failOnce);
      default:
        throw new IllegalArgumentException("unknown variant: " + variant);
    }
  }
}
