package io.retrygen.processor.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * A sequence of waits, never decreasing: some rising ones, then a constant tail (its {@code
 * steady} value repeated), cut where their sum would reach a time limit.
 */
public final class Schedule {
  /**
   * Rising waits computed one by one at most; beyond that (a multiplier barely above 1 and
   * hundreds of thousands of retries) a schedule bounds the rest by the cap and is not exact.
   */
  public static final int RISING_LIMIT = 1_000_000;
  /** Rising waits a schedule keeps to show. */
  private static final int HEAD = 8;

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
  public static Schedule of(IntToLongFunction wait, long retries, long maxDuration) {
    long steady = wait.applyAsLong(Integer.MAX_VALUE);
    List<Long> head = new ArrayList<>();
    long sum = 0;
    long taken = 0;
    long last = -1;
    while (taken < retries) {
      if (taken == RISING_LIMIT) {
        // Each later wait is at most the steady one: a bound, no longer an exact count.
        long bound = Waits.saturatedAdd(sum, Waits.saturatedMultiply(retries - taken, steady));
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
        Waits.saturatedAdd(sum, Waits.saturatedMultiply(count, steady)), true);
  }

  /** How many waits, hence retries: all of them, or as many as fit the time limit. */
  public long retries() {
    return rising + steadyCount;
  }

  /** Their sum in ms, saturating at {@code Long.MAX_VALUE}. */
  public long total() {
    return total;
  }

  /**
   * Whether {@link #retries} and {@link #total} are exact; false only beyond {@link
   * #RISING_LIMIT} rising waits, where the total is an upper bound.
   */
  public boolean exact() {
    return exact;
  }

  /** The first rising waits, at most 8 of them. */
  public List<Long> risingHead() {
    return risingHead;
  }

  /** How many waits rise before the steady ones. */
  public long rising() {
    return rising;
  }

  /** The last rising wait; -1 when none rises. */
  public long lastRising() {
    return lastRising;
  }

  /** The wait repeated after the rising ones: the cap, or the fixed wait. */
  public long steady() {
    return steady;
  }

  /** How many times {@link #steady} is waited. */
  public long steadyCount() {
    return steadyCount;
  }

  /**
   * The waits as a reader wants them: all when there are few ({@code 100, 200, 400, 800 ms}),
   * else the rising ones (shortened when many: {@code 100, 110, 121, ..., 2593 ms}) and how
   * often the steady one follows ({@code then 1000 ms before each of the next 5 retries}); a
   * wait repeated throughout is said once ({@code 1000 ms}).
   */
  public String describe() {
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
