package io.retrygen.oracle;

import java.util.List;

/**
 * The waits as the contract words them: the formula for retry {@code n} in {@code double},
 * capped; the {@code random} choice, capped; the {@code jitter} factor, capped; truncated to whole
 * ms and capped once more. Each random choice takes one draw, mapped as {@code lo + r * (hi -
 * lo)}; {@code random} draws before {@code jitter}.
 */
final class ModelWaits {
  /** The cap of an exponential backoff without {@code maxDelay}. */
  static final long IMPLICIT_CAP = 30_000L;

  /** Supplies the draws of the {@code RandomSource}, in order. */
  interface Draws {
    double next();
  }

  private ModelWaits() {}

  static boolean exponential(Policy.Backoff backoff) {
    return backoff != null && backoff.multiplier > 1;
  }

  /** The cap every wait respects; {@code Long.MAX_VALUE} for none. */
  static long cap(Policy.Backoff backoff) {
    if (backoff == null) {
      return Long.MAX_VALUE;
    }
    if (backoff.maxDelay > 0) {
      return backoff.maxDelay;
    }
    return exponential(backoff) ? IMPLICIT_CAP : Long.MAX_VALUE;
  }

  /** The formula's wait before retry {@code n} (1 after the first attempt). */
  static long formula(Policy.Backoff backoff, int n, Draws draws) {
    if (backoff == null) {
      return 1000L; // no @Backoff at all: a fixed second
    }
    long capMillis = cap(backoff);
    double cap = capMillis;
    double wait;
    if (exponential(backoff)) {
      wait = Math.min(backoff.delay * Math.pow(backoff.multiplier, n - 1), cap);
      if (backoff.random) {
        wait = Math.min(uniform(wait, wait * backoff.multiplier, draws.next()), cap);
      }
    } else {
      wait = Math.min(backoff.delay, cap);
      if (backoff.random) {
        wait = Math.min(uniform(backoff.delay, backoff.maxDelay, draws.next()), cap);
      }
    }
    if (backoff.jitter > 0) {
      double factor = uniform(1 - backoff.jitter, 1 + backoff.jitter, draws.next());
      wait = Math.min(wait * factor, cap);
    }
    return Math.min((long) wait, capMillis);
  }

  private static double uniform(double lo, double hi, double r) {
    return lo + r * (hi - lo);
  }

  /**
   * The {@code delayFor} overload that takes {@code failure}: the one with the most specific
   * parameter type; null when none can take it.
   */
  static Fault overloadFor(List<Fault> overloads, ModelFailure failure) {
    Fault best = null;
    for (Fault candidate : overloads) {
      if (failure.is(candidate) && (best == null || best.covers(candidate))) {
        best = candidate;
      }
    }
    return best;
  }
}
