package io.retrygen.processor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntToLongFunction;

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
final class Waits {
  /** The cap of a fixed backoff without {@code maxDelay}: none. */
  static final long NO_CAP = Long.MAX_VALUE;
  /**
   * Rising waits computed one by one at most; beyond that (a multiplier barely above 1 and
   * hundreds of thousands of retries) a schedule bounds the rest by the cap and is not exact.
   */
  static final int RISING_LIMIT = 1_000_000;
  /** Rising waits a schedule keeps to show. */
  private static final int HEAD = 8;

  private final long delay;
  private final long maxDelay;
  private final double multiplier;
  private final boolean random;
  private final double jitter;
  private final boolean delayFor;
  private final long cap;

  /** The waits of a {@code @Backoff} with these values, already validated. */
  Waits(
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

  static Waits of(BackoffConfig backoff) {
    return new Waits(
        backoff.delay(),
        backoff.maxDelay(),
        backoff.multiplier(),
        backoff.random(),
        backoff.jitter(),
        !backoff.delayFor().isEmpty());
  }

  /** The same backoff without {@code delayFor}: the formula a negative request falls back to. */
  Waits formula() {
    return new Waits(delay, maxDelay, multiplier, random, jitter, false);
  }

  /**
   * Whether every wait is known at compile time: no {@code random}, {@code jitter} or {@code
   * delayFor}.
   */
  boolean deterministic() {
    return !random && jitter == 0.0 && !delayFor;
  }

  boolean random() {
    return random;
  }

  boolean jittered() {
    return jitter > 0.0;
  }

  boolean delayFor() {
    return delayFor;
  }

  /**
   * The cap every wait respects: {@code maxDelay}, else 30000 ms when exponential, else {@link
   * #NO_CAP}.
   */
  long cap() {
    return cap;
  }

  /**
   * The largest wait before retry number {@code retry} (1 for the wait after the first attempt):
   * the wait itself when {@link #deterministic}; the top of the random and jitter ranges; the cap
   * when {@code delayFor} may choose it ({@link #NO_CAP} when there is none).
   */
  long highest(int retry) {
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
  long lowest(int retry) {
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
  Schedule exact(int maxAttempts, long maxDuration) {
    return Schedule.of(this::highest, maxAttempts - 1L, maxDuration);
  }

  /** The largest waits of {@code maxAttempts - 1} retries, with no time limit. */
  Schedule largest(int maxAttempts) {
    return Schedule.of(this::highest, maxAttempts - 1L, 0L);
  }

  /**
   * The most a call can wait in all (the inventory's {@code worstCaseWaitMillis}), or null when
   * nothing bounds it ({@code delayFor} with no cap and no {@code maxDuration}): the exact sum when {@link
   * #deterministic}, else the sum of the {@link #highest} waits, at most {@code maxDuration} when
   * that is set.
   */
  Long worstCaseTotal(int maxAttempts, long maxDuration) {
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

  static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  static long saturatedMultiply(long count, long value) {
    if (count == 0 || value == 0) {
      return 0L;
    }
    return count > Long.MAX_VALUE / value ? Long.MAX_VALUE : count * value;
  }

  /**
   * A sequence of waits, never decreasing: some rising ones, then a constant tail (its {@code
   * steady} value repeated), cut where their sum would reach a time limit.
   */
  static final class Schedule {
    private final List<Long> risingHead;
    private final long rising;
    private final long lastRising;
    private final long steady;
    private final long steadyCount;
    private final long total;
    private final boolean exact;

    private Schedule(
        List<Long> risingHead,
        long rising,
        long lastRising,
        long steady,
        long steadyCount,
        long total,
        boolean exact) {
      this.risingHead = Collections.unmodifiableList(risingHead);
      this.rising = rising;
      this.lastRising = lastRising;
      this.steady = steady;
      this.steadyCount = steadyCount;
      this.total = total;
      this.exact = exact;
    }

    /**
     * The first {@code retries} waits of {@code wait} (never decreasing, constant from some retry
     * on, as its value at {@code Integer.MAX_VALUE} tells), or fewer: with {@code maxDuration > 0}
     * only those whose running sum stays below it.
     */
    static Schedule of(IntToLongFunction wait, long retries, long maxDuration) {
      long steady = wait.applyAsLong(Integer.MAX_VALUE);
      List<Long> head = new ArrayList<>();
      long sum = 0;
      long taken = 0;
      long last = -1;
      while (taken < retries) {
        if (taken == RISING_LIMIT) {
          // Each later wait is at most the steady one: a bound, no longer an exact count.
          long bound = saturatedAdd(sum, saturatedMultiply(retries - taken, steady));
          return new Schedule(
              head, taken, last, steady, retries - taken,
              maxDuration > 0 ? Math.min(bound, maxDuration) : bound, false);
        }
        long next = wait.applyAsLong((int) taken + 1);
        if (next >= steady) {
          break;
        }
        if (maxDuration > 0 && next >= maxDuration - sum) {
          return new Schedule(head, taken, last, steady, 0, sum, true);
        }
        sum += next;
        taken++;
        last = next;
        if (head.size() < HEAD) {
          head.add(next);
        }
      }
      long count = retries - taken;
      if (maxDuration > 0 && steady > 0) {
        // sum + count * steady < maxDuration, where sum < maxDuration already
        count = Math.min(count, (maxDuration - sum - 1) / steady);
      }
      return new Schedule(
          head, taken, last, steady, count,
          saturatedAdd(sum, saturatedMultiply(count, steady)), true);
    }

    /** How many waits, hence retries: all of them, or as many as fit the time limit. */
    long retries() {
      return rising + steadyCount;
    }

    /** Their sum in ms, saturating at {@code Long.MAX_VALUE}. */
    long total() {
      return total;
    }

    /**
     * Whether {@link #retries} and {@link #total} are exact; false only beyond {@link
     * #RISING_LIMIT} rising waits, where the total is an upper bound.
     */
    boolean exact() {
      return exact;
    }

    /** The first rising waits, at most 8 of them. */
    List<Long> risingHead() {
      return risingHead;
    }

    /** How many waits rise before the steady ones. */
    long rising() {
      return rising;
    }

    /** The last rising wait; -1 when none rises. */
    long lastRising() {
      return lastRising;
    }

    /** The wait repeated after the rising ones: the cap, or the fixed wait. */
    long steady() {
      return steady;
    }

    /** How many times {@link #steady} is waited. */
    long steadyCount() {
      return steadyCount;
    }

    /**
     * The waits as a reader wants them: all when there are few ({@code 100, 200, 400, 800 ms}),
     * else the rising ones (shortened when many: {@code 100, 110, 121, ..., 2593 ms}) and how
     * often the steady one follows ({@code then 1000 ms before each of the next 5 retries}); a
     * wait repeated throughout is said once ({@code 1000 ms}).
     */
    String describe() {
      if (retries() == 0) {
        return "";
      }
      if (rising == 0) {
        return steady + " ms";
      }
      boolean risingShown = rising <= HEAD;
      if (risingShown && retries() <= 6) {
        StringBuilder all = new StringBuilder(join(risingHead));
        for (long i = 0; i < steadyCount; i++) {
          all.append(", ").append(steady);
        }
        return all + " ms";
      }
      String risingText =
          risingShown
              ? join(risingHead)
              : join(risingHead.subList(0, 3)) + ", ..., " + lastRising;
      if (steadyCount == 0) {
        return risingText + " ms";
      }
      if (!exact) {
        return risingText + " ms, then at most " + steady + " ms each";
      }
      return risingText + " ms, then " + steady + " ms"
          + (steadyCount == 1 ? "" : " before each of the next " + steadyCount + " retries");
    }

    private static String join(List<Long> waits) {
      StringBuilder text = new StringBuilder();
      for (Long wait : waits) {
        if (text.length() > 0) {
          text.append(", ");
        }
        text.append(wait);
      }
      return text.toString();
    }
  }
}
