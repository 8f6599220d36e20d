package io.retrygen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.testing.QueueRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class BackoffPolicyTest {

  // ---------------------------------------------------------------- fixed

  @Test
  void fixedWaitsTheSameBeforeEveryRetry() {
    BackoffPolicy policy = BackoffPolicy.fixed(250L);

    assertEquals(250L, policy.waitMillis(1, QueueRandom.none()));
    assertEquals(250L, policy.waitMillis(2, QueueRandom.none()));
    assertEquals(250L, policy.waitMillis(100, QueueRandom.none()));
    assertEquals(250L, policy.waitMillis(Integer.MAX_VALUE, QueueRandom.none()));
    assertEquals(250L, policy.delayMillis());
    assertEquals(Long.MAX_VALUE, policy.capMillis());
  }

  @Test
  void fixedZeroDelayWaitsZero() {
    BackoffPolicy policy = BackoffPolicy.fixed(0L);

    assertEquals(0L, policy.waitMillis(1, QueueRandom.none()));
    assertEquals(0L, policy.waitMillis(2, QueueRandom.none()));
    assertEquals(0L, policy.waitMillis(Integer.MAX_VALUE, QueueRandom.none()));
  }

  @Test
  void fixedWithMaxDelayAtLeastDelayStillWaitsDelay() {
    BackoffPolicy policy = BackoffPolicy.fixed(300L).withMaxDelay(500L);

    assertEquals(300L, policy.waitMillis(1, QueueRandom.none()));
    assertEquals(300L, policy.waitMillis(9, QueueRandom.none()));
    assertEquals(500L, policy.capMillis());
  }

  @Test
  void defaultPolicyIsFixedOneSecond() {
    BackoffPolicy policy = BackoffPolicy.defaultPolicy();

    long[] waits = new long[5];
    for (int retry = 1; retry <= 5; retry++) {
      waits[retry - 1] = policy.waitMillis(retry, QueueRandom.none());
    }
    assertEquals(Arrays.toString(new long[] {1000, 1000, 1000, 1000, 1000}), Arrays.toString(waits));
    assertEquals(1000L, policy.delayMillis());
    assertEquals(Long.MAX_VALUE, policy.capMillis());
    assertEquals(BackoffPolicy.fixed(1000L), policy);
    assertEquals(BackoffPolicy.fixed(1000L).hashCode(), policy.hashCode());
    assertSame(policy, BackoffPolicy.defaultPolicy());
  }

  // ---------------------------------------------------------------- exponential

  @Test
  void exponentialMultipliesPerRetryUpToTheImplicitCap() {
    BackoffPolicy policy = BackoffPolicy.exponential(100L, 2.0);

    assertEquals(
        Arrays.asList(100L, 200L, 400L, 800L, 1600L, 3200L, 6400L, 12800L, 25600L, 30000L, 30000L),
        waits(policy, 11));
    assertEquals(BackoffPolicy.DEFAULT_EXPONENTIAL_CAP_MILLIS, policy.capMillis());
    assertEquals(30000L, BackoffPolicy.DEFAULT_EXPONENTIAL_CAP_MILLIS);
  }

  @Test
  void exponentialIsCappedByMaxDelay() {
    BackoffPolicy policy = BackoffPolicy.exponential(100L, 2.0).withMaxDelay(1000L);

    assertEquals(Arrays.asList(100L, 200L, 400L, 800L, 1000L, 1000L, 1000L), waits(policy, 7));
    assertEquals(1000L, policy.capMillis());
  }

  @Test
  void exponentialMaxDelayAboveImplicitCapReplacesIt() {
    BackoffPolicy policy = BackoffPolicy.exponential(10000L, 2.0).withMaxDelay(100000L);

    assertEquals(Arrays.asList(10000L, 20000L, 40000L, 80000L, 100000L), waits(policy, 5));
  }

  @Test
  void exponentialAtTheImplicitCapIsAccepted() {
    BackoffPolicy policy = BackoffPolicy.exponential(30000L, 2.0);

    assertEquals(Arrays.asList(30000L, 30000L, 30000L), waits(policy, 3));
  }

  @Test
  void exponentialWithDelayAboveImplicitCapCanBeBuiltWithMaxDelay() {
    // @Backoff(delay = 60000, multiplier = 2, maxDelay = 120000) is valid (SPEC §4: only a delay
    // above the implicit cap *without* maxDelay is an error), so the runtime must express it.
    BackoffPolicy policy = BackoffPolicy.exponential(60000L, 2.0, 120000L);

    assertEquals(Arrays.asList(60000L, 120000L, 120000L), waits(policy, 3));
    assertEquals(120000L, policy.capMillis());
    assertEquals(BackoffPolicy.exponential(100L, 2.0, 0L), BackoffPolicy.exponential(100L, 2.0));
    assertEquals(
        BackoffPolicy.exponential(100L, 2.0, 5000L),
        BackoffPolicy.exponential(100L, 2.0).withMaxDelay(5000L));
  }

  @Test
  void exponentialSixtyRetriesOfDelayOneMultiplierTenStayWithinTheCap() {
    BackoffPolicy policy = BackoffPolicy.exponential(1L, 10.0);

    List<Long> expected = new ArrayList<Long>();
    long power = 1L; // 10^(n-1), exact in long up to the cap
    for (int retry = 1; retry <= 60; retry++) {
      expected.add(Math.min(power, 30000L));
      if (power < 30000L) {
        power *= 10L;
      }
    }
    List<Long> actual = waits(policy, 60);

    assertEquals(Arrays.asList(1L, 10L, 100L, 1000L, 10000L, 30000L), actual.subList(0, 6));
    assertEquals(expected, actual);
    for (long wait : actual) {
      assertTrue(wait >= 0L && wait <= 30000L, "wait out of [0, 30000]: " + wait);
    }
  }

  @Test
  void exponentialSixtyRetriesUnderLongMaxValueCapSaturateWithoutOverflow() {
    BackoffPolicy policy = BackoffPolicy.exponential(1L, 10.0).withMaxDelay(Long.MAX_VALUE);

    List<Long> actual = waits(policy, 60);

    long power = 1L;
    for (int retry = 1; retry <= 19; retry++) {
      assertEquals(power, (long) actual.get(retry - 1), "retry " + retry);
      if (retry < 19) {
        power *= 10L;
      }
    }
    assertEquals(1000000000000000000L, (long) actual.get(18)); // 10^18, the last one below the cap
    for (int retry = 20; retry <= 60; retry++) {
      assertEquals(Long.MAX_VALUE, (long) actual.get(retry - 1), "retry " + retry);
    }
  }

  @Test
  void exponentialAtIntegerMaxValueRetries() {
    assertEquals(
        0L, BackoffPolicy.exponential(0L, 2.0).waitMillis(Integer.MAX_VALUE, QueueRandom.none()));
    assertEquals(
        0L,
        BackoffPolicy.exponential(0L, 10.0)
            .withMaxDelay(Long.MAX_VALUE)
            .waitMillis(Integer.MAX_VALUE, QueueRandom.none()));
    assertEquals(
        30000L,
        BackoffPolicy.exponential(100L, 2.0).waitMillis(Integer.MAX_VALUE, QueueRandom.none()));
    assertEquals(
        1000L,
        BackoffPolicy.exponential(100L, 2.0)
            .withMaxDelay(1000L)
            .waitMillis(Integer.MAX_VALUE, QueueRandom.none()));
    assertEquals(
        Long.MAX_VALUE,
        BackoffPolicy.exponential(1L, 1.0000001)
            .withMaxDelay(Long.MAX_VALUE)
            .waitMillis(Integer.MAX_VALUE, QueueRandom.none()));
    assertEquals(
        30000L,
        BackoffPolicy.exponential(100L, 2.0)
            .withRandom()
            .withJitter(0.5)
            .waitMillis(Integer.MAX_VALUE, new QueueRandom(0.5, 0.5)));
  }

  @Test
  void exponentialWithDelayZeroWaitsZeroWhateverTheRandomness() {
    BackoffPolicy policy = BackoffPolicy.exponential(0L, 3.0).withJitter(1.0);

    assertEquals(0L, policy.waitMillis(1, new QueueRandom(0.75)));
    assertEquals(0L, policy.waitMillis(Integer.MAX_VALUE, new QueueRandom(0.99)));
  }

  // ---------------------------------------------------------------- random

  @Test
  void exponentialRandomIsUniformBetweenTheWaitAndTheWaitTimesMultiplier() {
    BackoffPolicy policy = BackoffPolicy.exponential(100L, 2.0).withRandom();

    assertEquals(100L, policy.waitMillis(1, new QueueRandom(0.0)));
    assertEquals(125L, policy.waitMillis(1, new QueueRandom(0.25)));
    assertEquals(150L, policy.waitMillis(1, new QueueRandom(0.5)));
    assertEquals(199L, policy.waitMillis(1, new QueueRandom(0.999)));
    assertEquals(700L, policy.waitMillis(3, new QueueRandom(0.75))); // [400, 800]
  }

  @Test
  void exponentialRandomIsCappedAfterTheChoice() {
    BackoffPolicy policy = BackoffPolicy.exponential(100L, 2.0).withMaxDelay(1000L).withRandom();

    assertEquals(900L, policy.waitMillis(4, new QueueRandom(0.125))); // [800, 1600]
    assertEquals(1000L, policy.waitMillis(4, new QueueRandom(0.25))); // exactly 1000
    assertEquals(1000L, policy.waitMillis(4, new QueueRandom(0.5))); // 1200 capped
    assertEquals(1000L, policy.waitMillis(5, new QueueRandom(0.0))); // [1000, 2000]
  }

  @Test
  void exponentialRandomSixtyRetriesNeverExceedTheCap() {
    BackoffPolicy policy = BackoffPolicy.exponential(1L, 10.0).withRandom();

    List<Long> actual = new ArrayList<Long>();
    for (int retry = 1; retry <= 60; retry++) {
      actual.add(policy.waitMillis(retry, new QueueRandom(0.5)));
    }

    assertEquals(Arrays.asList(5L, 55L, 550L, 5500L, 30000L), actual.subList(0, 5));
    for (int retry = 5; retry <= 60; retry++) {
      assertEquals(30000L, (long) actual.get(retry - 1), "retry " + retry);
    }
  }

  @Test
  void exponentialRandomWithAHugeMultiplierStaysOnTheRange() {
    // d * multiplier overflows to infinity; r = 0 must still choose d, not NaN (which truncated
    // to 0).
    BackoffPolicy policy = BackoffPolicy.exponential(1000L, Double.MAX_VALUE).withRandom();

    assertEquals(1000L, policy.waitMillis(1, new QueueRandom(0.0)));
    assertEquals(30000L, policy.waitMillis(1, new QueueRandom(0.5)));
    assertEquals(30000L, policy.waitMillis(2, new QueueRandom(0.0)));
    assertEquals(30000L, policy.waitMillis(Integer.MAX_VALUE, new QueueRandom(0.0)));
  }

  @Test
  void fixedRandomIsUniformBetweenDelayAndMaxDelay() {
    BackoffPolicy policy = BackoffPolicy.fixed(100L).withMaxDelay(500L).withRandom();

    assertEquals(100L, policy.waitMillis(1, new QueueRandom(0.0)));
    assertEquals(200L, policy.waitMillis(1, new QueueRandom(0.25)));
    assertEquals(300L, policy.waitMillis(2, new QueueRandom(0.5)));
    assertEquals(400L, policy.waitMillis(7, new QueueRandom(0.75)));
    assertEquals(499L, policy.waitMillis(1, new QueueRandom(0.999)));
  }

  @Test
  void fixedRandomMapsLinearly() {
    BackoffPolicy policy = BackoffPolicy.fixed(1000L).withMaxDelay(3000L).withRandom();

    // lo + r * (hi - lo) with lo = 1000, hi = 3000
    assertEquals(1000L, policy.waitMillis(1, new QueueRandom(0.0)));
    assertEquals(1250L, policy.waitMillis(1, new QueueRandom(0.125)));
    assertEquals(1500L, policy.waitMillis(1, new QueueRandom(0.25)));
    assertEquals(2000L, policy.waitMillis(1, new QueueRandom(0.5)));
    assertEquals(2999L, policy.waitMillis(1, new QueueRandom(0.9999)));
  }

  @Test
  void eachRandomChoiceDrawsExactlyOnce() {
    QueueRandom random = new QueueRandom(0.5, 0.5, 0.5);
    BackoffPolicy randomOnly = BackoffPolicy.exponential(100L, 2.0).withRandom();
    randomOnly.waitMillis(1, random);
    assertEquals(1, random.draws);

    BackoffPolicy jitterOnly = BackoffPolicy.fixed(100L).withJitter(0.5);
    jitterOnly.waitMillis(1, random);
    assertEquals(2, random.draws);

    BackoffPolicy both = BackoffPolicy.fixed(100L).withMaxDelay(200L).withRandom().withJitter(0.5);
    QueueRandom two = new QueueRandom(0.5, 0.5);
    both.waitMillis(1, two);
    assertEquals(2, two.draws);
    assertEquals(0, two.remaining());
  }

  @Test
  void noDrawAtAllWithoutRandomOrJitter() {
    RandomSource failing =
        new RandomSource() {
          @Override
          public double nextDouble() {
            throw new AssertionError("drew from the RandomSource");
          }
        };

    assertEquals(100L, BackoffPolicy.fixed(100L).waitMillis(1, failing));
    assertEquals(100L, BackoffPolicy.fixed(100L).withMaxDelay(900L).waitMillis(1, failing));
    assertEquals(400L, BackoffPolicy.exponential(100L, 2.0).waitMillis(3, failing));
    assertEquals(
        500L, BackoffPolicy.exponential(100L, 2.0).withMaxDelay(500L).waitMillis(9, failing));
    assertEquals(1000L, BackoffPolicy.defaultPolicy().waitMillis(1, failing));
    assertEquals(100L, BackoffPolicy.fixed(100L).withJitter(0.0).waitMillis(1, failing));
  }

  @Test
  void randomIsDrawnBeforeJitterWhenExponential() {
    BackoffPolicy policy = BackoffPolicy.exponential(100L, 2.0).withRandom().withJitter(0.5);

    // random r = 0.5 -> 150, jitter r = 0.0 -> factor 0.5 -> 75
    assertEquals(75L, policy.waitMillis(1, new QueueRandom(0.5, 0.0)));
    // random r = 0.0 -> 100, jitter r = 0.5 -> factor 1.0 -> 100
    assertEquals(100L, policy.waitMillis(1, new QueueRandom(0.0, 0.5)));
  }

  @Test
  void randomIsDrawnBeforeJitterWhenFixed() {
    BackoffPolicy policy = BackoffPolicy.fixed(100L).withMaxDelay(500L).withRandom().withJitter(0.5);

    // random r = 0.0 -> 100, jitter r = 0.75 -> factor 1.25 -> 125
    assertEquals(125L, policy.waitMillis(1, new QueueRandom(0.0, 0.75)));
    // random r = 0.75 -> 400, jitter r = 0.0 -> factor 0.5 -> 200
    assertEquals(200L, policy.waitMillis(1, new QueueRandom(0.75, 0.0)));
    // random r = 0.75 -> 400, jitter r = 0.75 -> 500, at the cap
    assertEquals(500L, policy.waitMillis(1, new QueueRandom(0.75, 0.75)));
    // random r = 0.75 -> 400, jitter r = 0.875 -> 550, capped
    assertEquals(500L, policy.waitMillis(1, new QueueRandom(0.75, 0.875)));
  }

  // ---------------------------------------------------------------- jitter

  @Test
  void jitterMultipliesByAFactorBetweenOneMinusAndOnePlusJitter() {
    BackoffPolicy policy = BackoffPolicy.fixed(1000L).withJitter(0.25);

    assertEquals(750L, policy.waitMillis(1, new QueueRandom(0.0)));
    assertEquals(875L, policy.waitMillis(1, new QueueRandom(0.25)));
    assertEquals(1000L, policy.waitMillis(1, new QueueRandom(0.5)));
    assertEquals(1125L, policy.waitMillis(1, new QueueRandom(0.75)));
  }

  @Test
  void jitterOfOneRangesFromZeroToTwiceTheWaitWhenNoCapApplies() {
    BackoffPolicy policy = BackoffPolicy.fixed(1000L).withJitter(1.0);

    assertEquals(0L, policy.waitMillis(1, new QueueRandom(0.0)));
    assertEquals(1500L, policy.waitMillis(1, new QueueRandom(0.75)));
    assertEquals(1999L, policy.waitMillis(1, new QueueRandom(0.9999)));
  }

  @Test
  void jitterIsCappedByMaxDelay() {
    BackoffPolicy policy = BackoffPolicy.fixed(1000L).withMaxDelay(1200L).withJitter(0.5);

    assertEquals(1000L, policy.waitMillis(1, new QueueRandom(0.5)));
    assertEquals(1200L, policy.waitMillis(1, new QueueRandom(0.75))); // 1250 capped
    assertEquals(500L, policy.waitMillis(1, new QueueRandom(0.0)));
  }

  @Test
  void jitterIsCappedByTheImplicitExponentialCap() {
    BackoffPolicy policy = BackoffPolicy.exponential(1000L, 2.0).withJitter(1.0);

    assertEquals(30000L, policy.waitMillis(6, new QueueRandom(0.75))); // 32000 -> 30000 -> 45000
    assertEquals(15000L, policy.waitMillis(6, new QueueRandom(0.25)));
    assertEquals(3000L, policy.waitMillis(2, new QueueRandom(0.75)));
  }

  @Test
  void orderIsFormulaCapJitterCap() {
    BackoffPolicy policy =
        BackoffPolicy.exponential(100L, 2.0).withMaxDelay(1000L).withJitter(0.5);

    // SPEC §4: jitter multiplies the wait already capped, and the product is capped again, so
    // waits that reached the cap still spread below it: 100 * 2^4 = 1600, capped 1000, jitter
    // factor 0.5 -> 500 (not 800, as jitter on the uncapped 1600 would give)
    assertEquals(500L, policy.waitMillis(5, new QueueRandom(0.0)));
    assertEquals(1000L, policy.waitMillis(5, new QueueRandom(0.75))); // 1250 capped
    assertEquals(250L, policy.waitMillis(2, new QueueRandom(0.75)));
  }

  @Test
  void orderIsFormulaCapRandomCapJitterCap() {
    BackoffPolicy policy =
        BackoffPolicy.exponential(100L, 2.0).withMaxDelay(1000L).withRandom().withJitter(0.5);

    // formula 1600, cap 1000, random [1000, 2000] r = 0.5 -> 1500, cap 1000, jitter 0.5 -> 500.
    // Without the cap between random and jitter it would be 750.
    assertEquals(500L, policy.waitMillis(5, new QueueRandom(0.5, 0.0)));
    assertEquals(500L, policy.waitMillis(5, new QueueRandom(0.0, 0.0)));
    // formula 200, random [200, 400] r = 0.5 -> 300, jitter factor 1.25 -> 375
    assertEquals(375L, policy.waitMillis(2, new QueueRandom(0.5, 0.75)));
  }

  // ---------------------------------------------------------------- truncation, saturation

  @Test
  void waitsAreTruncatedToWholeMillis() {
    BackoffPolicy policy = BackoffPolicy.exponential(100L, 1.5);

    // 100, 150, 225, 337.5, 506.25, 759.375, 1139.0625, 1708.59375
    assertEquals(
        Arrays.asList(100L, 150L, 225L, 337L, 506L, 759L, 1139L, 1708L), waits(policy, 8));
    assertEquals(
        2L, BackoffPolicy.fixed(3L).withJitter(0.5).waitMillis(1, new QueueRandom(0.25))); // 2.25
  }

  @Test
  void longMaxValueDelaysSaturate() {
    assertEquals(Long.MAX_VALUE, BackoffPolicy.fixed(Long.MAX_VALUE).waitMillis(1, null));
    assertEquals(Long.MAX_VALUE, BackoffPolicy.fixed(Long.MAX_VALUE - 1).waitMillis(1, null));
    assertEquals(
        Long.MAX_VALUE,
        BackoffPolicy.fixed(Long.MAX_VALUE).withJitter(1.0).waitMillis(1, new QueueRandom(0.75)));
    assertEquals(
        0L,
        BackoffPolicy.fixed(Long.MAX_VALUE).withJitter(1.0).waitMillis(1, new QueueRandom(0.0)));
    assertEquals(
        Long.MAX_VALUE,
        BackoffPolicy.fixed(Long.MAX_VALUE - 1)
            .withMaxDelay(Long.MAX_VALUE)
            .withRandom()
            .waitMillis(1, new QueueRandom(0.5)));
    assertEquals(
        Long.MAX_VALUE,
        BackoffPolicy.exponential(30000L, 2.0)
            .withMaxDelay(Long.MAX_VALUE)
            .waitMillis(100, QueueRandom.none()));
    assertEquals(
        Long.MAX_VALUE,
        BackoffPolicy.exponential(Long.MAX_VALUE, 2.0, Long.MAX_VALUE)
            .withRandom()
            .withJitter(1.0)
            .waitMillis(Integer.MAX_VALUE, new QueueRandom(0.999, 0.999)));
  }

  /** 2^53 + 3: not a double; {@code (double)} rounds it up to 2^53 + 4. */
  private static final long CAP_ROUNDING_UP = 9007199254740995L;

  @Test
  void aCapAboveTwoToThe53IsNeverExceededThroughDoubleRounding() {
    assertEquals(9007199254740996.0, (double) CAP_ROUNDING_UP);

    BackoffPolicy exponential = BackoffPolicy.exponential(1L, 2.0, CAP_ROUNDING_UP);
    assertEquals(1L << 53, exponential.waitMillis(54, QueueRandom.none())); // below the cap
    assertEquals(CAP_ROUNDING_UP, exponential.waitMillis(55, QueueRandom.none())); // 2^54 capped
    assertEquals(CAP_ROUNDING_UP, exponential.waitMillis(60, QueueRandom.none()));
    BackoffPolicy fixed = BackoffPolicy.fixed(CAP_ROUNDING_UP).withMaxDelay(CAP_ROUNDING_UP);
    assertEquals(CAP_ROUNDING_UP, fixed.waitMillis(1, QueueRandom.none()));

    // Long.MAX_VALUE - 1 is 2^63 as a double, which truncates to Long.MAX_VALUE
    long belowMax = Long.MAX_VALUE - 1;
    assertEquals(
        belowMax, BackoffPolicy.fixed(belowMax).withMaxDelay(belowMax).waitMillis(1, null));
    assertEquals(
        belowMax,
        BackoffPolicy.exponential(1L, 2.0, belowMax).waitMillis(100, QueueRandom.none()));
  }

  @Test
  void theRandomFixedChoiceIsCapped() {
    // lo + r * (hi - lo) with hi = (double) cap = 2^53 + 4 rounds to hi for r just below 1
    BackoffPolicy policy = BackoffPolicy.fixed(1L).withMaxDelay(CAP_ROUNDING_UP).withRandom();
    assertEquals(CAP_ROUNDING_UP, policy.waitMillis(1, new QueueRandom(Math.nextDown(1.0))));
    assertEquals(1L, policy.waitMillis(1, new QueueRandom(0.0)));

    // both ends of [Long.MAX_VALUE - 2, Long.MAX_VALUE - 1] are 2^63 as doubles
    BackoffPolicy nearMax =
        BackoffPolicy.fixed(Long.MAX_VALUE - 2).withMaxDelay(Long.MAX_VALUE - 1).withRandom();
    assertEquals(Long.MAX_VALUE - 1, nearMax.waitMillis(1, new QueueRandom(0.5)));
    assertEquals(Long.MAX_VALUE - 1, nearMax.waitMillis(1, new QueueRandom(0.0)));
  }

  @Test
  void orderIsFormulaCapRandomCapJitterCapTruncateCapAtZero() {
    BackoffPolicy zero = BackoffPolicy.exponential(0L, 2.0).withRandom().withJitter(1.0);
    assertEquals(0L, zero.waitMillis(1, new QueueRandom(0.999, 0.999)));
    assertEquals(0L, zero.waitMillis(Integer.MAX_VALUE, new QueueRandom(0.999, 0.999)));
    // a jitter factor of 0 takes a wait at the cap down to 0
    BackoffPolicy capped = BackoffPolicy.exponential(1L, 2.0, CAP_ROUNDING_UP).withJitter(1.0);
    assertEquals(0L, capped.waitMillis(60, new QueueRandom(0.0)));
  }

  @Test
  void orderIsFormulaCapRandomCapJitterCapTruncateCapAtTheCap() {
    BackoffPolicy policy =
        BackoffPolicy.exponential(1L, 2.0, CAP_ROUNDING_UP).withRandom().withJitter(0.5);

    // formula 2^59, capped (double) 2^53 + 4; random [2^53 + 4, 2^54 + 8] r = 0.5, capped
    // 2^53 + 4; jitter factor 0.5: 2^52 + 2. Without the cap between random and jitter it would
    // be 0.75 * (2^53 + 4) = 6755399441055747.
    assertEquals(4503599627370498L, policy.waitMillis(60, new QueueRandom(0.5, 0.0)));
    // jitter factor 1 or 1.25: (double) 2^53 + 4, truncated, then capped to the long cap
    assertEquals(CAP_ROUNDING_UP, policy.waitMillis(60, new QueueRandom(0.5, 0.5)));
    assertEquals(CAP_ROUNDING_UP, policy.waitMillis(60, new QueueRandom(0.5, 0.75)));
    assertEquals(
        CAP_ROUNDING_UP,
        BackoffPolicy.fixed(CAP_ROUNDING_UP)
            .withMaxDelay(CAP_ROUNDING_UP)
            .withJitter(1.0)
            .waitMillis(1, new QueueRandom(0.75)));
  }

  @Test
  void orderIsFormulaCapRandomCapJitterCapTruncateCapAtLongMaxValue() {
    BackoffPolicy max =
        BackoffPolicy.exponential(1L, 2.0, Long.MAX_VALUE).withRandom().withJitter(0.5);

    // formula 2^69, capped 2^63; random r = 0.5 -> 1.5 * 2^63, capped 2^63; jitter 0.5 -> 2^62
    assertEquals(4611686018427387904L, max.waitMillis(70, new QueueRandom(0.5, 0.0)));
    assertEquals(Long.MAX_VALUE, max.waitMillis(70, new QueueRandom(0.5, 0.5)));
    assertEquals(Long.MAX_VALUE, max.waitMillis(70, new QueueRandom(0.5, 0.75)));

    BackoffPolicy belowMax =
        BackoffPolicy.exponential(1L, 2.0, Long.MAX_VALUE - 1).withRandom().withJitter(0.5);
    assertEquals(4611686018427387904L, belowMax.waitMillis(70, new QueueRandom(0.5, 0.0)));
    assertEquals(Long.MAX_VALUE - 1, belowMax.waitMillis(70, new QueueRandom(0.5, 0.5)));
    assertEquals(Long.MAX_VALUE - 1, belowMax.waitMillis(70, new QueueRandom(0.5, 0.75)));
  }

  @Test
  void exponentialHelperAtZeroMaxAndInfinity() {
    assertEquals(0.0, BackoffPolicy.exponential(0L, 2.0, 1));
    assertEquals(0.0, BackoffPolicy.exponential(0L, Double.MAX_VALUE, Integer.MAX_VALUE));
    assertEquals(100.0, BackoffPolicy.exponential(100L, 2.0, 1));
    assertEquals(100.0, BackoffPolicy.exponential(100L, 2.0, 0)); // retry numbers start at 1
    assertEquals(800.0, BackoffPolicy.exponential(100L, 2.0, 4));
    assertEquals(9.223372036854775807E18, BackoffPolicy.exponential(Long.MAX_VALUE, 2.0, 1));
    assertEquals(18446744073709551616.0, BackoffPolicy.exponential(Long.MAX_VALUE, 2.0, 2));
    assertEquals(
        Double.POSITIVE_INFINITY, BackoffPolicy.exponential(1L, 10.0, Integer.MAX_VALUE));
    assertEquals(
        Double.POSITIVE_INFINITY, BackoffPolicy.exponential(Long.MAX_VALUE, Double.MAX_VALUE, 2));
  }

  @Test
  void uniformHelperAtZeroMaxAndTheCap() {
    assertEquals(0.0, BackoffPolicy.uniform(0.0, 0.0, 0.5));
    assertEquals(0.0, BackoffPolicy.uniform(0.0, Long.MAX_VALUE, 0.0));
    assertEquals(4.611686018427387904E18, BackoffPolicy.uniform(0.0, Long.MAX_VALUE, 0.5));
    assertEquals(30000.0, BackoffPolicy.uniform(30000.0, 30000.0, 0.75));
    assertEquals(45000.0, BackoffPolicy.uniform(30000.0, 60000.0, 0.5));
    assertEquals(30000.0, BackoffPolicy.uniform(30000.0, Double.POSITIVE_INFINITY, 0.0));
    assertEquals(
        Double.POSITIVE_INFINITY, BackoffPolicy.uniform(30000.0, Double.POSITIVE_INFINITY, 0.5));
    assertEquals(0.5, BackoffPolicy.uniform(0.5, 1.5, 0.0));
    assertEquals(1.25, BackoffPolicy.uniform(0.5, 1.5, 0.75));
  }

  @Test
  void jitteredHelperAtZeroMaxAndTheCap() {
    assertEquals(0.0, BackoffPolicy.jittered(0.0, 1.0, 0.75));
    assertEquals(30000.0, BackoffPolicy.jittered(30000.0, 0.0, 0.75));
    assertEquals(15000.0, BackoffPolicy.jittered(30000.0, 0.5, 0.0));
    assertEquals(45000.0, BackoffPolicy.jittered(30000.0, 0.5, 1.0));
    assertEquals(0.0, BackoffPolicy.jittered(Long.MAX_VALUE, 1.0, 0.0));
    assertEquals(9.223372036854775807E18, BackoffPolicy.jittered(Long.MAX_VALUE, 1.0, 0.5));
    assertEquals(1.8446744073709551616E19, BackoffPolicy.jittered(Long.MAX_VALUE, 1.0, 1.0));
  }

  @Test
  void toMillisHelperTruncatesSaturatesAndNeverGoesNegative() {
    assertEquals(0L, BackoffPolicy.toMillis(0.0));
    assertEquals(0L, BackoffPolicy.toMillis(-0.0));
    assertEquals(0L, BackoffPolicy.toMillis(0.999));
    assertEquals(1L, BackoffPolicy.toMillis(1.999));
    assertEquals(30000L, BackoffPolicy.toMillis(30000.0));
    assertEquals(29999L, BackoffPolicy.toMillis(29999.9999));
    assertEquals(0L, BackoffPolicy.toMillis(-1.0));
    assertEquals(0L, BackoffPolicy.toMillis(Double.NEGATIVE_INFINITY));
    assertEquals(0L, BackoffPolicy.toMillis(Double.NaN));
    assertEquals(Long.MAX_VALUE, BackoffPolicy.toMillis(Long.MAX_VALUE));
    assertEquals(Long.MAX_VALUE, BackoffPolicy.toMillis(1e19));
    assertEquals(Long.MAX_VALUE, BackoffPolicy.toMillis(Double.MAX_VALUE));
    assertEquals(Long.MAX_VALUE, BackoffPolicy.toMillis(Double.POSITIVE_INFINITY));
    assertEquals(4611686018427387904L, BackoffPolicy.toMillis(4.611686018427387904E18));
  }

  @Test
  void toMillisUnderACapCapsTheTruncatedLong() {
    assertEquals(0L, BackoffPolicy.toMillis(0.0, 0L));
    assertEquals(0L, BackoffPolicy.toMillis(30000.0, 0L));
    assertEquals(0L, BackoffPolicy.toMillis(Double.NaN, 30000L));
    assertEquals(0L, BackoffPolicy.toMillis(-1.0, 30000L));
    assertEquals(29999L, BackoffPolicy.toMillis(29999.9999, 30000L));
    assertEquals(30000L, BackoffPolicy.toMillis(30000.0, 30000L));
    assertEquals(30000L, BackoffPolicy.toMillis(Double.POSITIVE_INFINITY, 30000L));
    assertEquals(
        CAP_ROUNDING_UP, BackoffPolicy.toMillis((double) CAP_ROUNDING_UP, CAP_ROUNDING_UP));
    long belowMax = Long.MAX_VALUE - 1;
    assertEquals(belowMax, BackoffPolicy.toMillis((double) belowMax, belowMax));
    assertEquals(Long.MAX_VALUE, BackoffPolicy.toMillis((double) Long.MAX_VALUE, Long.MAX_VALUE));
    assertEquals(Long.MAX_VALUE, BackoffPolicy.toMillis(Double.MAX_VALUE, Long.MAX_VALUE));
  }

  // ---------------------------------------------------------------- construction

  @Test
  void invalidCombinationsAreRejected() {
    assertRejected("negative delay", () -> BackoffPolicy.fixed(-1L));
    assertRejected("negative exponential delay", () -> BackoffPolicy.exponential(-1L, 2.0));
    assertRejected("Long.MIN_VALUE delay", () -> BackoffPolicy.fixed(Long.MIN_VALUE));
    assertRejected("negative maxDelay", () -> BackoffPolicy.fixed(100L).withMaxDelay(-1L));
    assertRejected("maxDelay below delay", () -> BackoffPolicy.fixed(100L).withMaxDelay(99L));
    assertRejected(
        "exponential maxDelay below delay",
        () -> BackoffPolicy.exponential(100L, 2.0).withMaxDelay(50L));
    assertRejected(
        "exponential maxDelay below delay", () -> BackoffPolicy.exponential(100L, 2.0, 50L));
    assertRejected("multiplier 1", () -> BackoffPolicy.exponential(100L, 1.0));
    assertRejected("multiplier 0", () -> BackoffPolicy.exponential(100L, 0.0));
    assertRejected("multiplier below 1", () -> BackoffPolicy.exponential(100L, 0.5));
    assertRejected("negative multiplier", () -> BackoffPolicy.exponential(100L, -2.0));
    assertRejected("NaN multiplier", () -> BackoffPolicy.exponential(100L, Double.NaN));
    assertRejected(
        "infinite multiplier", () -> BackoffPolicy.exponential(100L, Double.POSITIVE_INFINITY));
    assertRejected("negative jitter", () -> BackoffPolicy.fixed(100L).withJitter(-0.01));
    assertRejected("jitter above 1", () -> BackoffPolicy.fixed(100L).withJitter(1.01));
    assertRejected("NaN jitter", () -> BackoffPolicy.fixed(100L).withJitter(Double.NaN));
    assertRejected(
        "infinite jitter", () -> BackoffPolicy.fixed(100L).withJitter(Double.POSITIVE_INFINITY));
    assertRejected(
        "delay above the implicit exponential cap", () -> BackoffPolicy.exponential(30001L, 2.0));
    assertRejected(
        "delay above the implicit exponential cap",
        () -> BackoffPolicy.exponential(30001L, 2.0, 0L));
    assertRejected(
        "removing the maxDelay that allowed a delay above the implicit cap",
        () -> BackoffPolicy.exponential(60000L, 2.0, 120000L).withMaxDelay(0L));
    assertRejected("random fixed without maxDelay", () -> BackoffPolicy.fixed(100L).withRandom());
    assertRejected(
        "random fixed with maxDelay == delay",
        () -> BackoffPolicy.fixed(100L).withMaxDelay(100L).withRandom());
    assertRejected(
        "random fixed with delay 0 and no maxDelay", () -> BackoffPolicy.fixed(0L).withRandom());
    assertRejected(
        "removing the range of a random fixed backoff",
        () -> BackoffPolicy.fixed(100L).withMaxDelay(500L).withRandom().withMaxDelay(0L));
  }

  @Test
  void rejectionMessagesNameTheProblem() {
    assertMessage("delay must not be negative: -5", () -> BackoffPolicy.fixed(-5L));
    assertMessage(
        "maxDelay (50) must be at least delay (100)",
        () -> BackoffPolicy.fixed(100L).withMaxDelay(50L));
    assertMessage("jitter must be in [0, 1]: 2.0", () -> BackoffPolicy.fixed(1L).withJitter(2.0));
  }

  @Test
  void boundaryValuesAreAccepted() {
    assertEquals(0L, BackoffPolicy.fixed(0L).withMaxDelay(0L).waitMillis(1, QueueRandom.none()));
    assertEquals(
        100L, BackoffPolicy.fixed(100L).withMaxDelay(100L).waitMillis(1, QueueRandom.none()));
    assertEquals(
        100L, BackoffPolicy.fixed(100L).withJitter(0.0).waitMillis(1, QueueRandom.none()));
    assertEquals(0L, BackoffPolicy.fixed(100L).withJitter(1.0).waitMillis(1, new QueueRandom(0.0)));
    assertEquals(
        150L, BackoffPolicy.exponential(100L, 1.5).waitMillis(2, QueueRandom.none()));
    assertEquals(
        Long.MAX_VALUE,
        BackoffPolicy.fixed(Long.MAX_VALUE).withMaxDelay(Long.MAX_VALUE).waitMillis(1, null));
  }

  @Test
  void withMethodsReturnCopiesAndLeaveTheOriginalUnchanged() {
    BackoffPolicy original = BackoffPolicy.fixed(100L);

    BackoffPolicy jittered = original.withJitter(0.5);
    BackoffPolicy capped = original.withMaxDelay(500L);
    BackoffPolicy random = capped.withRandom();

    assertEquals(100L, original.waitMillis(1, QueueRandom.none()));
    assertEquals(Long.MAX_VALUE, original.capMillis());
    assertEquals(500L, capped.capMillis());
    assertEquals(50L, jittered.waitMillis(1, new QueueRandom(0.0)));
    assertEquals(100L, capped.waitMillis(1, QueueRandom.none()));
    assertEquals(300L, random.waitMillis(1, new QueueRandom(0.5)));
    assertEquals(BackoffPolicy.fixed(100L), original);
  }

  @Test
  void equalityCoversEverySetting() {
    BackoffPolicy base = BackoffPolicy.exponential(100L, 2.0).withMaxDelay(1000L);

    assertEquals(base, BackoffPolicy.exponential(100L, 2.0).withMaxDelay(1000L));
    assertEquals(base.hashCode(), BackoffPolicy.exponential(100L, 2.0).withMaxDelay(1000L).hashCode());
    assertNotEquals(base, BackoffPolicy.exponential(101L, 2.0).withMaxDelay(1000L));
    assertNotEquals(base, BackoffPolicy.exponential(100L, 3.0).withMaxDelay(1000L));
    assertNotEquals(base, BackoffPolicy.exponential(100L, 2.0).withMaxDelay(1001L));
    assertNotEquals(base, base.withRandom());
    assertNotEquals(base, base.withJitter(0.5));
    assertNotEquals(base, BackoffPolicy.fixed(100L).withMaxDelay(1000L));
    assertNotEquals(base, null);
    assertEquals(
        "BackoffPolicy{delay=100, maxDelay=1000, multiplier=2.0, random=false, jitter=0.0}",
        base.toString());
  }

  // ---------------------------------------------------------------- helpers

  private static List<Long> waits(BackoffPolicy policy, int retries) {
    List<Long> waits = new ArrayList<Long>();
    for (int retry = 1; retry <= retries; retry++) {
      waits.add(policy.waitMillis(retry, QueueRandom.none()));
    }
    return waits;
  }

  private static void assertRejected(String what, Executable construction) {
    assertThrows(IllegalArgumentException.class, construction, what);
  }

  private static void assertMessage(String message, Executable construction) {
    assertEquals(
        message, assertThrows(IllegalArgumentException.class, construction).getMessage());
  }

  @Test
  void constantWaitIsKnownOnlyForAFixedBackoffWithoutRandomnessOrJitter() {
    assertEquals(0L, BackoffPolicy.fixed(0L).constantWaitMillis());
    assertEquals(1000L, BackoffPolicy.defaultPolicy().constantWaitMillis());
    assertEquals(250L, BackoffPolicy.fixed(250L).withMaxDelay(900L).constantWaitMillis());
    assertEquals(-1L, BackoffPolicy.fixed(250L).withMaxDelay(900L).withRandom().constantWaitMillis());
    assertEquals(-1L, BackoffPolicy.fixed(250L).withJitter(0.1).constantWaitMillis());
    assertEquals(-1L, BackoffPolicy.exponential(250L, 2.0).constantWaitMillis());
    // the constant is exactly what waitMillis computes, for any retry
    assertEquals(
        BackoffPolicy.fixed(250L).waitMillis(7, new QueueRandom()),
        BackoffPolicy.fixed(250L).constantWaitMillis());
  }

  @Test
  void constantWaitIsWhatWaitMillisComputesAtZeroLongMaxValueAndTheCap() {
    BackoffPolicy[] policies = {
      BackoffPolicy.fixed(0L),
      BackoffPolicy.fixed(0L).withMaxDelay(0L),
      BackoffPolicy.fixed(Long.MAX_VALUE),
      BackoffPolicy.fixed(Long.MAX_VALUE - 1), // 2^63 as a double
      BackoffPolicy.fixed(Long.MAX_VALUE - 1).withMaxDelay(Long.MAX_VALUE - 1),
      BackoffPolicy.fixed((1L << 53) + 1), // 2^53 as a double
      BackoffPolicy.fixed(CAP_ROUNDING_UP).withMaxDelay(CAP_ROUNDING_UP),
    };
    for (BackoffPolicy policy : policies) {
      long constant = policy.constantWaitMillis();
      assertEquals(policy.waitMillis(1, QueueRandom.none()), constant, policy.toString());
      assertEquals(policy.waitMillis(Integer.MAX_VALUE, QueueRandom.none()), constant);
      assertTrue(constant >= 0L && constant <= policy.capMillis(), policy + ": " + constant);
    }
  }
}
