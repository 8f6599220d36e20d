package io.retrygen.processor.model;

/**
 * The waits of one {@code @Backoff}, as the runtime's {@code BackoffPolicy} computes
 * them, for what the generated code tells its reader: the policy Javadoc, the
 * inventory's {@code worstCaseWaitMillis} and the unreachable-attempts warning. The processor
 * cannot call the runtime, so the formula is repeated here; {@code WaitsTest} pins the two to the
 * same values.
 *
 * <p>Every sequence of waits here, exact or an upper or lower bound, never decreases and is
 * constant from some retry on (the cap, or a fixed wait). So a {@link Schedule} computes the
 * rising waits one by one and the constant tail in closed form: {@code maxAttempts =
 * Integer.MAX_VALUE} costs no more than {@code maxAttempts = 3}, and sums saturate at {@code
 * Long.MAX_VALUE} rather than overflow.
 */
public final class Waits {
  /** The cap of a fixed backoff without {@code maxDelay}: none. */
  public static final long NO_CAP = Long.MAX_VALUE;
  private final long delay;
  private final long maxDelay;
  private final double multiplier;
  private final boolean random;
  private final double jitter;
  private final boolean delayFor;
  private final long cap;

  /** The waits of a {@code @Backoff} with these values, already validated. */
  public Waits(
      long delay,
      long maxDelay,
      double multiplier,
      boolean random,
      double jitter,
      boolean delayFor) {
    this.delay = delay;
    this.maxDelay = maxDelay;
    this.multiplier = multiplier;
    this.random = random;
    this.jitter = jitter;
    this.delayFor = delayFor;
    this.cap =
        maxDelay > 0
            ? maxDelay
            : multiplier > 1.0 ? BackoffConfig.EXPONENTIAL_CAP : NO_CAP;
  }

  public static Waits of(BackoffConfig backoff) {
    return new Waits(
        backoff.delay(),
        backoff.maxDelay(),
        backoff.multiplier(),
        backoff.random(),
        backoff.jitter(),
        !backoff.delayFor().isEmpty());
  }

  /** The same backoff without {@code delayFor}: the formula a negative request falls back to. */
  public Waits formula() {
    return new Waits(delay, maxDelay, multiplier, random, jitter, false);
  }

  /**
   * Whether every wait is known at compile time: no {@code random}, {@code jitter} or {@code
   * delayFor}.
   */
  public boolean deterministic() {
    return !random && jitter == 0.0 && !delayFor;
  }

  public boolean random() {
    return random;
  }

  public boolean jittered() {
    return jitter > 0.0;
  }

  public boolean delayFor() {
    return delayFor;
  }

  /**
   * The cap every wait respects: {@code maxDelay}, else 30000 ms when exponential, else {@link
   * #NO_CAP}.
   */
  public long cap() {
    return cap;
  }

  /**
   * The largest wait before retry number {@code retry} (1 for the wait after the first attempt):
   * the wait itself when {@link #deterministic}; the top of the random and jitter ranges; the cap
   * when {@code delayFor} may choose it ({@link #NO_CAP} when there is none).
   */
  public long highest(int retry) {
    if (delayFor) {
      return cap;
    }
    double wait = formula(retry);
    if (random) {
      wait =
          multiplier > 1.0
              ? Math.min(wait * multiplier, cap)
              : Math.min((double) maxDelay, cap);
    }
    if (jitter > 0.0) {
      wait = Math.min(wait * (1.0 + jitter), cap);
    }
    return toMillis(wait);
  }

  /**
   * The smallest wait before retry number {@code retry}: the wait itself when {@link
   * #deterministic}, the bottom of the random and jitter ranges, 0 when {@code delayFor} may
   * choose it.
   */
  public long lowest(int retry) {
    if (delayFor) {
      return 0L;
    }
    double wait = random && multiplier <= 1.0 ? Math.min((double) delay, cap) : formula(retry);
    if (jitter > 0.0) {
      wait = Math.min(wait * (1.0 - jitter), cap);
    }
    return toMillis(wait);
  }

  /** The formula's wait, capped: {@code delay * multiplier^(retry-1)} or delay, in double. */
  private double formula(int retry) {
    if (multiplier > 1.0) {
      // delay 0 stays 0: 0 * Infinity would be NaN
      double exponential =
          delay == 0 ? 0.0 : delay * Math.pow(multiplier, Math.max(0, retry - 1));
      return Math.min(exponential, cap);
    }
    return Math.min((double) delay, cap);
  }

  /** Truncated to whole ms, saturating, then capped again as a long. */
  private long toMillis(double wait) {
    long millis = !(wait > 0.0) ? 0L : wait >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) wait;
    return Math.min(millis, cap);
  }

  /**
   * The waits of a call when every one is known: the {@code maxAttempts - 1} waits
   * of the formula, cut where attempts taking no time would reach {@code maxDuration}: retry
   * {@code k} happens only while the first {@code k} waits add up to less than {@code
   * maxDuration} (0: no limit).
   */
  public Schedule exact(int maxAttempts, long maxDuration) {
    return Schedule.of(this::highest, maxAttempts - 1L, maxDuration);
  }

  /** The largest waits of {@code maxAttempts - 1} retries, with no time limit. */
  public Schedule largest(int maxAttempts) {
    return Schedule.of(this::highest, maxAttempts - 1L, 0L);
  }

  /**
   * The most a call can wait in all (the inventory's {@code worstCaseWaitMillis}), or null when
   * nothing bounds it ({@code delayFor} with no cap and no {@code maxDuration}): the exact sum when
   * {@link #deterministic}, else the sum of the {@link #highest} waits, at most {@code maxDuration}
   * when that is set.
   */
  public Long worstCaseTotal(int maxAttempts, long maxDuration) {
    if (maxAttempts <= 1) {
      return 0L;
    }
    if (deterministic()) {
      return exact(maxAttempts, maxDuration).total();
    }
    if (delayFor && cap == NO_CAP) {
      return maxDuration > 0 ? maxDuration : null;
    }
    long total = largest(maxAttempts).total();
    return maxDuration > 0 ? Math.min(total, maxDuration) : total;
  }

  public static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  public static long saturatedMultiply(long count, long value) {
    if (count == 0 || value == 0) {
      return 0L;
    }
    return count > Long.MAX_VALUE / value ? Long.MAX_VALUE : count * value;
  }
}
