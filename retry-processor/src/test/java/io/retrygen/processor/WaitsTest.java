package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.retrygen.processor.model.Schedule;
import io.retrygen.processor.model.Waits;
import io.retrygen.runtime.BackoffPolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The processor's copy of the backoff formula ({@link Waits}) against the runtime's {@link
 * BackoffPolicy}, and the arithmetic of schedules: sums, the {@code maxDuration} cut, closed forms
 * for huge attempt counts, saturation instead of overflow.
 */
class WaitsTest {
  private static final long[] DELAYS = {0L, 1L, 7L, 100L, 1000L, 30000L};
  private static final long[] MAX_DELAYS = {0L, 5000L, 1L << 53, Long.MAX_VALUE};
  private static final double[] MULTIPLIERS = {0.0, 1.0, 1.5, 2.0, 3.0, 1e10};
  private static final int[] RETRIES = {1, 2, 3, 5, 10, 20, 40, 64, 1000, Integer.MAX_VALUE};

  @Test
  void deterministicWaitsAreTheRuntimes() {
    int compared = 0;
    for (long delay : DELAYS) {
      for (long maxDelay : MAX_DELAYS) {
        for (double multiplier : MULTIPLIERS) {
          if (maxDelay > 0 && maxDelay < delay) {
            continue;
          }
          BackoffPolicy runtime = runtime(delay, maxDelay, multiplier, false, 0.0);
          Waits waits = new Waits(delay, maxDelay, multiplier, false, 0.0, false);
          assertThat(waits.deterministic()).isTrue();
          assertThat(waits.cap()).isEqualTo(runtime.capMillis());
          for (int retry : RETRIES) {
            long expected = runtime.waitMillis(retry, () -> 0.5);
            String where = runtime + " retry " + retry;
            assertWithMessage(where).that(waits.highest(retry)).isEqualTo(expected);
            assertWithMessage(where).that(waits.lowest(retry)).isEqualTo(expected);
            compared++;
          }
        }
      }
    }
    assertThat(compared).isGreaterThan(500);
  }

  @Test
  void boundsOfRandomAndJitteredWaitsHoldTheRuntimesDraws() {
    double[] draws = {0.0, 0.25, 0.5, 0.999999999};
    for (long delay : new long[] {1L, 100L, 1000L}) {
      for (long maxDelay : new long[] {0L, 5000L, 40000L}) {
        for (double multiplier : new double[] {0.0, 2.0, 3.0}) {
          for (boolean random : new boolean[] {false, true}) {
            for (double jitter : new double[] {0.0, 0.1, 1.0}) {
              boolean exponential = multiplier > 1;
              if (random && !exponential && maxDelay <= delay) {
                continue; // invalid: no range
              }
              BackoffPolicy runtime = runtime(delay, maxDelay, multiplier, random, jitter);
              Waits waits = new Waits(delay, maxDelay, multiplier, random, jitter, false);
              for (int retry : new int[] {1, 2, 4, 9, 30}) {
                long lowest = Long.MAX_VALUE;
                long highest = 0;
                for (double first : draws) {
                  for (double second : draws) {
                    double[] next = {first, second};
                    int[] drawn = {0};
                    long wait = runtime.waitMillis(retry, () -> next[drawn[0]++]);
                    lowest = Math.min(lowest, wait);
                    highest = Math.max(highest, wait);
                  }
                }
                String where = runtime + " retry " + retry;
                assertWithMessage(where).that(waits.lowest(retry)).isEqualTo(lowest);
                // The top of the range is the supremum: a draw in [0, 1) gets within 1 ms of it.
                assertWithMessage(where).that(waits.highest(retry)).isAtLeast(highest);
                assertWithMessage(where).that(waits.highest(retry)).isAtMost(highest + 1);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void exponentialWaitsRiseToTheCapAndAreDescribedShortly() {
    Waits waits = new Waits(100, 1000, 2.0, false, 0.0, false);
    Schedule schedule = waits.exact(10, 0);
    assertThat(schedule.retries()).isEqualTo(9);
    assertThat(schedule.total()).isEqualTo(100 + 200 + 400 + 800 + 5 * 1000);
    assertThat(schedule.describe())
        .isEqualTo("100, 200, 400, 800 ms, then 1000 ms before each of the next 5 retries");
    assertThat(waits.exact(5, 0).describe()).isEqualTo("100, 200, 400, 800 ms");
    assertThat(waits.exact(7, 0).describe()).isEqualTo("100, 200, 400, 800, 1000, 1000 ms");
    assertThat(new Waits(1000, 0, 0.0, false, 0.0, false).exact(6, 0).describe())
        .isEqualTo("1000 ms");
  }

  @Test
  void manyRisingWaitsAreShortenedWithAnEllipsis() {
    Waits waits = new Waits(100, 0, 1.1, false, 0.0, false);
    Schedule schedule = waits.exact(30, 0);
    assertThat(schedule.rising()).isEqualTo(29);
    assertThat(schedule.describe()).isEqualTo("100, 110, 121, ..., " + waits.highest(29) + " ms");
  }

  @Test
  void aRetryHappensOnlyWhileTheWaitsSoFarStayBelowMaxDuration() {
    Waits fixed = new Waits(1000, 0, 0.0, false, 0.0, false);
    // 1000 + 1000 = 2000 < 3000, 1000 * 3 = 3000 is not: 2 retries, 3 attempts.
    Schedule atTheBoundary = fixed.exact(5, 3000);
    assertThat(atTheBoundary.retries()).isEqualTo(2);
    assertThat(atTheBoundary.total()).isEqualTo(2000);
    assertThat(fixed.exact(5, 3001).retries()).isEqualTo(3);
    assertThat(fixed.exact(5, 2999).retries()).isEqualTo(2);
    assertThat(fixed.exact(5, 1001).retries()).isEqualTo(1);

    Waits exponential = new Waits(100, 0, 2.0, false, 0.0, false);
    // 100 + 200 + 400 = 700 < 1500, + 800 = 1500 is not.
    assertThat(exponential.exact(10, 1500).retries()).isEqualTo(3);
    assertThat(exponential.exact(10, 1501).retries()).isEqualTo(4);
    assertThat(exponential.exact(10, 1501).total()).isEqualTo(1500);
  }

  @Test
  void maxAttemptsOfIntegerMaxValueIsComputedInClosedForm() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(5),
        () -> {
          long retries = Integer.MAX_VALUE - 1L;
          Waits fixed = new Waits(1000, 0, 0.0, false, 0.0, false);
          assertThat(fixed.exact(Integer.MAX_VALUE, 0).total()).isEqualTo(1000L * retries);
          assertThat(fixed.exact(Integer.MAX_VALUE, 0).describe()).isEqualTo("1000 ms");
          assertThat(fixed.exact(Integer.MAX_VALUE, 10_500).retries()).isEqualTo(10);

          Waits exponential = new Waits(100, 0, 2.0, false, 0.0, false);
          Schedule schedule = exponential.exact(Integer.MAX_VALUE, 0);
          // 100 .. 25600 rise (9 waits, 51100 ms), then 30000 for the rest.
          assertThat(schedule.rising()).isEqualTo(9);
          assertThat(schedule.total()).isEqualTo(51100L + 30000L * (retries - 9));
          assertThat(exponential.exact(Integer.MAX_VALUE, Long.MAX_VALUE).retries())
              .isEqualTo(retries);

          Waits none = new Waits(0, 0, 2.0, false, 0.0, false);
          assertThat(none.exact(Integer.MAX_VALUE, 5).retries()).isEqualTo(retries);
          assertThat(none.exact(Integer.MAX_VALUE, 5).total()).isEqualTo(0);
        });
  }

  @Test
  void hugeWaitsSaturateInsteadOfOverflowing() {
    Waits huge = new Waits(1L << 61, 0, 0.0, false, 0.0, false);
    assertThat(huge.exact(3, 0).total()).isEqualTo(1L << 62);
    assertThat(huge.exact(4, 0).total()).isEqualTo(3L << 61);
    assertThat(huge.exact(5, 0).total()).isEqualTo(Long.MAX_VALUE); // 2^63 saturates
    assertThat(huge.exact(Integer.MAX_VALUE, 0).total()).isEqualTo(Long.MAX_VALUE);
    assertThat(huge.exact(Integer.MAX_VALUE, Long.MAX_VALUE).retries()).isEqualTo(3);
    assertThat(huge.worstCaseTotal(Integer.MAX_VALUE, 0)).isEqualTo(Long.MAX_VALUE);

    Waits capped = new Waits(1, Long.MAX_VALUE, 1e10, false, 0.0, false);
    Schedule schedule = capped.exact(Integer.MAX_VALUE, 0);
    assertThat(schedule.total()).isEqualTo(Long.MAX_VALUE);
    assertThat(schedule.steady()).isEqualTo(Long.MAX_VALUE);
    assertThat(Waits.saturatedAdd(Long.MAX_VALUE, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    assertThat(Waits.saturatedMultiply(Integer.MAX_VALUE, Long.MAX_VALUE / 3))
        .isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aMultiplierBarelyAboveOneStopsComputingWaitsOneByOne() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(5),
        () -> {
          Waits slow = new Waits(1, 0, 1.000001, false, 0.0, false);
          Schedule schedule = slow.exact(Integer.MAX_VALUE, 0);
          assertThat(schedule.exact()).isFalse();
          assertThat(schedule.rising()).isEqualTo(Schedule.RISING_LIMIT);
          // Every wait is at most the cap: the total is bounded by it.
          assertThat(schedule.total()).isAtMost(30000L * (Integer.MAX_VALUE - 1L));
          assertThat(schedule.total()).isGreaterThan(0L);
          // With maxDuration, the 1 ms waits end the schedule long before the limit.
          assertThat(slow.exact(Integer.MAX_VALUE, 60_000).exact()).isTrue();
          assertThat(slow.worstCaseTotal(Integer.MAX_VALUE, 60_000)).isEqualTo(59_999L);
        });
  }

  @Test
  void worstCaseIsExactWhenDeterministicAndTheLargestWaitsOtherwise() {
    // Deterministic: the waits that fit, below maxDuration.
    assertThat(new Waits(1000, 0, 0.0, false, 0.0, false).worstCaseTotal(10, 5000))
        .isEqualTo(4000L);
    assertThat(new Waits(100, 2000, 2.0, false, 0.0, false).worstCaseTotal(5, 0))
        .isEqualTo(1500L);
    assertThat(new Waits(100, 2000, 2.0, false, 0.0, false).worstCaseTotal(1, 0)).isEqualTo(0L);
    // Random exponential: each wait at most d * multiplier, capped.
    assertThat(new Waits(100, 2000, 2.0, true, 0.0, false).worstCaseTotal(5, 0))
        .isEqualTo(200L + 400 + 800 + 1600);
    assertThat(new Waits(100, 2000, 2.0, true, 0.0, false).worstCaseTotal(5, 2500))
        .isEqualTo(2500L);
    // Jitter: each wait at most (1 + jitter) times, capped.
    assertThat(new Waits(1000, 0, 0.0, false, 0.5, false).worstCaseTotal(3, 0)).isEqualTo(3000L);
    // delayFor: the callee may ask for the cap each time.
    assertThat(new Waits(100, 2000, 2.0, false, 0.0, true).worstCaseTotal(4, 0)).isEqualTo(6000L);
    assertThat(new Waits(100, 0, 2.0, false, 0.0, true).worstCaseTotal(4, 0)).isEqualTo(90000L);
    // delayFor with no cap: no bound, unless maxDuration gives one.
    assertThat(new Waits(100, 0, 0.0, false, 0.0, true).worstCaseTotal(4, 0)).isNull();
    assertThat(new Waits(100, 0, 0.0, false, 0.0, true).worstCaseTotal(4, 7000))
        .isEqualTo(7000L);
  }

  private static BackoffPolicy runtime(
      long delay, long maxDelay, double multiplier, boolean random, double jitter) {
    BackoffPolicy policy =
        multiplier > 1
            ? BackoffPolicy.exponential(delay, multiplier, maxDelay)
            : maxDelay > 0 ? BackoffPolicy.fixed(delay).withMaxDelay(maxDelay)
            : BackoffPolicy.fixed(delay);
    if (random) {
      policy = policy.withRandom();
    }
    return jitter > 0 ? policy.withJitter(jitter) : policy;
  }
}
