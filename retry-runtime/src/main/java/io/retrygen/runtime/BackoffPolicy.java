package io.retrygen.runtime;

/**
 * The wait before each retry, as described by {@link io.retrygen.Backoff}. Immutable; generated
 * classes hold one per guarded method in a static constant, built from values the processor has
 * already checked, such as {@code BackoffPolicy.exponential(100L, 2.0).withMaxDelay(5000L)}.
 *
 * <p>Each wait is computed from the formula for its retry number (never cumulatively) in {@code
 * double} and capped; the {@code random} choice is capped, then the {@code jitter} product is
 * capped; the result is truncated to whole milliseconds and capped once more as a {@code long},
 * since a cap above 2^53 may round up when converted to {@code double}. So waits never overflow,
 * never go negative and never exceed the cap. Each random choice takes one value from the {@link
 * RandomSource}: first the {@code random} choice, then the {@code jitter} factor.
 */
public final class BackoffPolicy {
  /** The cap of an exponential backoff whose {@code maxDelay} is 0. */
  public static final long DEFAULT_EXPONENTIAL_CAP_MILLIS = 30000L;

  private static final BackoffPolicy DEFAULT = new BackoffPolicy(1000L, 0L, 0.0, false, 0.0);

  private final long delayMillis;
  private final long maxDelayMillis;
  private final double multiplier;
  private final boolean random;
  private final double jitter;
  /** The cap every wait respects; {@code Long.MAX_VALUE} when there is none. */
  private final long capMillis;

  private BackoffPolicy(
      long delayMillis, long maxDelayMillis, double multiplier, boolean random, double jitter) {
    boolean exponential = multiplier > 1.0;
    if (delayMillis < 0) {
      throw new IllegalArgumentException("delay must not be negative: " + delayMillis);
    }
    if (maxDelayMillis < 0) {
      throw new IllegalArgumentException("maxDelay must not be negative: " + maxDelayMillis);
    }
    if (maxDelayMillis > 0 && maxDelayMillis < delayMillis) {
      throw new IllegalArgumentException(
          "maxDelay (" + maxDelayMillis + ") must be at least delay (" + delayMillis + ")");
    }
    if (!(multiplier == 0.0 || multiplier >= 1.0) || Double.isInfinite(multiplier)) {
      throw new IllegalArgumentException(
          "multiplier must be 0 or 1 (fixed) or greater than 1 (exponential): " + multiplier);
    }
    if (!(jitter >= 0.0 && jitter <= 1.0)) {
      throw new IllegalArgumentException("jitter must be in [0, 1]: " + jitter);
    }
    if (exponential && maxDelayMillis == 0 && delayMillis > DEFAULT_EXPONENTIAL_CAP_MILLIS) {
      throw new IllegalArgumentException(
          "delay (" + delayMillis + ") is above the implicit cap of "
              + DEFAULT_EXPONENTIAL_CAP_MILLIS + " ms of an exponential backoff; set maxDelay");
    }
    if (random && !exponential && maxDelayMillis <= delayMillis) {
      throw new IllegalArgumentException(
          "a random fixed backoff needs maxDelay > delay to choose from [delay, maxDelay]");
    }
    this.delayMillis = delayMillis;
    this.maxDelayMillis = maxDelayMillis;
    this.multiplier = multiplier;
    this.random = random;
    this.jitter = jitter;
    this.capMillis =
        maxDelayMillis > 0
            ? maxDelayMillis
            : exponential ? DEFAULT_EXPONENTIAL_CAP_MILLIS : Long.MAX_VALUE;
  }

  /** A fixed wait of 1000 ms: the backoff of a {@code @Retryable} without {@code @Backoff}. */
  public static BackoffPolicy defaultPolicy() {
    return DEFAULT;
  }

  /**
   * The backoff of {@code @Backoff(delay = delayMillis, maxDelay = maxDelayMillis, multiplier =
   * multiplier, random = random, jitter = jitter)}, with that annotation's defaults and rules.
   *
   * @throws IllegalArgumentException for values the annotation rejects at compile time
   */
  public static BackoffPolicy of(
      long delayMillis, long maxDelayMillis, double multiplier, boolean random, double jitter) {
    return new BackoffPolicy(delayMillis, maxDelayMillis, multiplier, random, jitter);
  }

  /** The same wait before every retry; {@code 0} retries at once. */
  public static BackoffPolicy fixed(long delayMillis) {
    return new BackoffPolicy(delayMillis, 0L, 0.0, false, 0.0);
  }

  /**
   * The n-th wait is {@code delayMillis * multiplier^(n-1)}, capped at 30000 ms unless {@link
   * #withMaxDelay(long)} sets another cap.
   */
  public static BackoffPolicy exponential(long delayMillis, double multiplier) {
    return exponential(delayMillis, multiplier, 0L);
  }

  /**
   * The n-th wait is {@code delayMillis * multiplier^(n-1)}, capped at {@code maxDelayMillis}, or
   * at 30000 ms when that is 0. Unlike {@code exponential(delay, multiplier).withMaxDelay(max)},
   * this also accepts a {@code delayMillis} above 30000 ms when {@code maxDelayMillis} is set.
   */
  public static BackoffPolicy exponential(
      long delayMillis, double multiplier, long maxDelayMillis) {
    if (!(multiplier > 1.0)) {
      throw new IllegalArgumentException("an exponential multiplier must be > 1: " + multiplier);
    }
    return new BackoffPolicy(delayMillis, maxDelayMillis, multiplier, false, 0.0);
  }

  /**
   * Every wait a uniform random choice in {@code [minMillis, maxMillis]}: {@code
   * fixed(minMillis).withMaxDelay(maxMillis).withRandom()}, as {@code @Backoff(delay = min,
   * maxDelay = max, random = true)} and Spring Retry's {@code UniformRandomBackOffPolicy}.
   *
   * @throws IllegalArgumentException unless {@code 0 <= minMillis < maxMillis}
   */
  public static BackoffPolicy uniform(long minMillis, long maxMillis) {
    return new BackoffPolicy(minMillis, maxMillis, 0.0, true, 0.0);
  }

  /** Returns a copy whose every wait is capped at {@code maxDelayMillis}. */
  public BackoffPolicy withMaxDelay(long maxDelayMillis) {
    return new BackoffPolicy(delayMillis, maxDelayMillis, multiplier, random, jitter);
  }

  /**
   * Returns a copy whose waits are uniform random choices: in {@code [d, d * multiplier]} when
   * exponential, in {@code [delay, maxDelay]} when fixed.
   */
  public BackoffPolicy withRandom() {
    return new BackoffPolicy(delayMillis, maxDelayMillis, multiplier, true, jitter);
  }

  /** Returns a copy whose waits are multiplied by a uniform factor in {@code [1-j, 1+j]}. */
  public BackoffPolicy withJitter(double jitter) {
    return new BackoffPolicy(delayMillis, maxDelayMillis, multiplier, random, jitter);
  }

  /**
   * The wait in milliseconds before retry number {@code retry} (1 for the wait after the first
   * attempt), drawing from {@code randomSource} only when {@code random} or {@code jitter} is
   * set.
   */
  public long waitMillis(int retry, RandomSource randomSource) {
    double wait;
    if (multiplier > 1.0) {
      wait = Math.min(exponential(delayMillis, multiplier, retry), capMillis);
      if (random) {
        wait = Math.min(uniform(wait, wait * multiplier, randomSource.nextDouble()), capMillis);
      }
    } else if (random) {
      wait = Math.min(uniform(delayMillis, maxDelayMillis, randomSource.nextDouble()), capMillis);
    } else {
      wait = Math.min(delayMillis, capMillis);
    }
    if (jitter > 0.0) {
      wait = Math.min(jittered(wait, jitter, randomSource.nextDouble()), capMillis);
    }
    return toMillis(wait, capMillis);
  }

  /**
   * {@code delayMillis * multiplier^(retry - 1)}, uncapped; {@code +Infinity} when that is too
   * large for a double, and exactly 0 when {@code delayMillis} is 0.
   */
  static double exponential(long delayMillis, double multiplier, int retry) {
    if (delayMillis == 0) {
      return 0.0; // 0 * Infinity would be NaN
    }
    return delayMillis * Math.pow(multiplier, Math.max(0, retry - 1));
  }

  /** Maps {@code r} in {@code [0, 1)} linearly onto {@code [lo, hi]}: {@code lo + r * (hi - lo)}. */
  static double uniform(double lo, double hi, double r) {
    // r == 0 is lo even when hi is infinite (a huge multiplier), where 0 * Infinity would be NaN
    return r == 0.0 ? lo : lo + r * (hi - lo);
  }

  /** {@code wait} times a factor in {@code [1 - jitter, 1 + jitter]} chosen by {@code r}. */
  static double jittered(double wait, double jitter, double r) {
    return wait * uniform(1.0 - jitter, 1.0 + jitter, r);
  }

  /** Truncates to whole milliseconds, saturating at {@code Long.MAX_VALUE}, never negative. */
  static long toMillis(double wait) {
    if (!(wait > 0.0)) {
      return 0L; // also NaN
    }
    return wait >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) wait;
  }

  /**
   * {@link #toMillis(double)}, then at most {@code capMillis}: a wait already capped in {@code
   * double} can still be above the cap, as {@code (double) capMillis} rounds up for some caps
   * above 2^53 (2^53 + 3 becomes 2^53 + 4, {@code Long.MAX_VALUE - 1} becomes 2^63).
   */
  static long toMillis(double wait, long capMillis) {
    return Math.min(toMillis(wait), capMillis);
  }

  /**
   * The wait of every retry when it never varies (fixed, neither random nor jittered), else -1:
   * what {@link #waitMillis} returns for any retry number, without drawing. Lets a retry loop skip
   * the per-retry computation. It is {@link #waitMillis} itself (which draws nothing here), so both
   * agree even where a delay above 2^53 is rounded as a {@code double}.
   */
  public long constantWaitMillis() {
    return multiplier > 1.0 || random || jitter > 0.0 ? -1L : waitMillis(1, null);
  }

  /** The base delay in milliseconds. */
  public long delayMillis() {
    return delayMillis;
  }

  /** The {@code maxDelay} in milliseconds, 0 when none was set. */
  public long maxDelayMillis() {
    return maxDelayMillis;
  }

  /** The multiplier: above 1 for an exponential backoff, 0 or 1 for a fixed one. */
  public double multiplier() {
    return multiplier;
  }

  /** Whether each wait is a random choice within its range. */
  public boolean random() {
    return random;
  }

  /** The jitter in {@code [0, 1]}, 0 for none. */
  public double jitter() {
    return jitter;
  }

  /** The cap every wait respects, {@code Long.MAX_VALUE} for none. */
  public long capMillis() {
    return capMillis;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BackoffPolicy)) {
      return false;
    }
    BackoffPolicy that = (BackoffPolicy) o;
    return delayMillis == that.delayMillis
        && maxDelayMillis == that.maxDelayMillis
        && Double.compare(multiplier, that.multiplier) == 0
        && random == that.random
        && Double.compare(jitter, that.jitter) == 0;
  }

  @Override
  public int hashCode() {
    long bits = delayMillis * 31 + maxDelayMillis;
    bits = bits * 31 + Double.doubleToLongBits(multiplier);
    bits = bits * 31 + (random ? 1 : 0);
    bits = bits * 31 + Double.doubleToLongBits(jitter);
    return (int) (bits ^ (bits >>> 32));
  }

  @Override
  public String toString() {
    return "BackoffPolicy{delay=" + delayMillis + ", maxDelay=" + maxDelayMillis + ", multiplier="
        + multiplier + ", random=" + random + ", jitter=" + jitter + "}";
  }
}
