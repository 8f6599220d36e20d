package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.GiveUpReason;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;

/** The token bucket of SPEC §10: exact arithmetic, sharing by name, bounds, and concurrency. */
class RetryBudgetTest {
  private static final double EXACT = 0.0;

  /** A budget name no other test uses: the registry is process-wide. */
  private static String unique(TestInfo test) {
    return "RetryBudgetTest." + test.getDisplayName();
  }

  @Test
  void aBudgetStartsFullAndAnUnknownNameHasNone(TestInfo test) {
    String name = unique(test);
    assertTrue(Double.isNaN(RetryBudgets.tokens(name)));
    BudgetRegistry.named(name, 10, 0.1);
    assertEquals(10.0, RetryBudgets.tokens(name), EXACT);
  }

  @Test
  void aRetryableFailureTakesOneTokenButNeverBelowZero(TestInfo test) {
    TokenBucket bucket = BudgetRegistry.named(unique(test), 2, 0.1);
    bucket.take();
    assertEquals(1.0, bucket.tokens(), EXACT);
    bucket.take();
    bucket.take();
    assertEquals(0.0, bucket.tokens(), EXACT);
  }

  @Test
  void otherOutcomesGiveTheRatioBackExactlyButNeverAboveTheSize(TestInfo test) {
    TokenBucket bucket = BudgetRegistry.named(unique(test), 10, 0.1);
    for (int i = 0; i < 6; i++) {
      bucket.take();
    }
    assertEquals(4.0, bucket.tokens(), EXACT);
    for (int i = 0; i < 7; i++) {
      bucket.giveBack();
    }
    // In doubles, 4.0 + 7 * 0.1 is 4.699999999999999; thousandths make it 4.7.
    assertEquals(4.7, bucket.tokens(), EXACT);
    assertEquals("4.7", String.valueOf(bucket.tokens()));
    for (int i = 0; i < 100; i++) {
      bucket.giveBack();
    }
    assertEquals(10.0, bucket.tokens(), EXACT);
  }

  @Test
  void aRetryIsAllowedOnlyWhileMoreThanHalfTheTokensAreLeft(TestInfo test) {
    TokenBucket bucket = BudgetRegistry.named(unique(test), 10, 0.001);
    for (int i = 0; i < 4; i++) {
      bucket.take();
    }
    assertTrue(bucket.allowsRetry()); // 6 > 5
    bucket.take();
    assertFalse(bucket.allowsRetry()); // 5 is not more than 5
    bucket.giveBack();
    assertEquals(5.001, bucket.tokens(), EXACT);
    assertTrue(bucket.allowsRetry());
  }

  @Test
  void anOddSizeHasAnExactHalf(TestInfo test) {
    TokenBucket bucket = BudgetRegistry.named(unique(test), 3, 0.5);
    bucket.take();
    assertTrue(bucket.allowsRetry()); // 2 > 1.5
    bucket.take();
    assertFalse(bucket.allowsRetry()); // 1 < 1.5
    bucket.giveBack();
    assertFalse(bucket.allowsRetry()); // 1.5 is not more than 1.5
    bucket.giveBack();
    assertTrue(bucket.allowsRetry());
  }

  @Test
  void theFirstBudgetCreatedWithANameWins(TestInfo test) {
    String name = unique(test);
    TokenBucket first = BudgetRegistry.named(name, 4, 0.5);
    TokenBucket second = BudgetRegistry.named(name, 100, 0.001);
    assertSame(first, second);
    assertEquals(4.0, RetryBudgets.tokens(name), EXACT);
  }

  @Test
  void settingsTheAnnotationRejectsAreRejectedAtRunTimeToo(TestInfo test) {
    String name = unique(test);
    assertThrows(IllegalArgumentException.class, () -> BudgetRegistry.named(name, 0, 0.1));
    assertThrows(IllegalArgumentException.class, () -> BudgetRegistry.named(name, 1001, 0.1));
    assertThrows(IllegalArgumentException.class, () -> BudgetRegistry.named(name, 10, 0.0));
    assertThrows(IllegalArgumentException.class, () -> BudgetRegistry.named(name, 10, 1.5));
    assertThrows(IllegalArgumentException.class, () -> BudgetRegistry.named(name, 10, 0.0005));
    assertThrows(IllegalArgumentException.class, () -> BudgetRegistry.named(name, 10, Double.NaN));
    assertThrows(NullPointerException.class, () -> BudgetRegistry.named(null, 10, 0.1));
    assertThrows(NullPointerException.class, () -> RetryBudgets.tokens(null));
    assertTrue(Double.isNaN(RetryBudgets.tokens(name)), "nothing was created");
    BudgetRegistry.named(name, 1000, 1.0);
    assertEquals(1000.0, RetryBudgets.tokens(name), EXACT);
  }

  // ---------------------------------------------------------------- through the Retrier

  @Test
  void theDecisionOrderTakesATokenAtStepTwoAndAsksAtStepSix(TestInfo test) throws Throwable {
    String name = unique(test);
    Retrier retrier =
        new RetryPolicy("Client.call", 10, 0L, BackoffPolicy.fixed(0L))
            .withBudget(name, 4, 0.25)
            .bind(RetryOptions.defaults());
    IOException failure = new IOException();

    assertEquals(0L, retrier.decide(1, 0L, failure, true, null)); // 3 left, more than 2: at once
    assertEquals(3.0, RetryBudgets.tokens(name), EXACT);
    assertEquals(
        GiveUpReason.BUDGET_EXHAUSTED,
        DecisionOrder.reason(retrier.decide(2, 0L, failure, true, null))); // 2: not more than 2
    assertEquals(2.0, RetryBudgets.tokens(name), EXACT);
    assertEquals(
        GiveUpReason.ATTEMPTS_EXHAUSTED,
        DecisionOrder.reason(retrier.decide(10, 0L, failure, true, null)));
    assertEquals(1.0, RetryBudgets.tokens(name), EXACT, "step 2 comes before step 3");
    assertEquals(
        GiveUpReason.NOT_RETRYABLE,
        DecisionOrder.reason(retrier.decide(1, 0L, failure, false, null)));
    assertEquals(1.25, RetryBudgets.tokens(name), EXACT, "not retryable: tokenRatio back");
    retrier.succeeded(1, 0L);
    assertEquals(1.5, RetryBudgets.tokens(name), EXACT);
    retrier.announceSuccess(1, 0L); // a call completed from outside: no attempt's outcome
    assertEquals(1.5, RetryBudgets.tokens(name), EXACT);
  }

  @Test
  void aRejectedResultTakesATokenToo(TestInfo test) throws Throwable {
    String name = unique(test);
    Retrier retrier =
        new RetryPolicy("Client.call", 10, 0L, BackoffPolicy.fixed(0L))
            .withBudget(name, 4, 0.25)
            .bind(RetryOptions.defaults());

    assertEquals(0L, retrier.decideOnResult(1, 0L, "stale", null));
    assertEquals(
        GiveUpReason.BUDGET_EXHAUSTED,
        DecisionOrder.reason(retrier.decideOnResult(2, 0L, "stale", null)));
    assertEquals(2.0, RetryBudgets.tokens(name), EXACT);
  }

  @Test
  void aRetrierWithoutBudgetAlwaysAllowsARetry() throws Throwable {
    Retrier retrier =
        new RetryPolicy("Client.call", 3, 0L, BackoffPolicy.fixed(0L))
            .bind(RetryOptions.defaults());
    for (int i = 0; i < 100; i++) {
      assertEquals(0L, retrier.decide(1, 0L, new IOException(), true, null));
    }
    assertEquals(
        GiveUpReason.NOT_RETRYABLE,
        DecisionOrder.reason(retrier.decide(1, 0L, new IOException(), false, null)));
  }

  // ---------------------------------------------------------------- concurrency

  /**
   * Four threads change one bucket at once; the count is exact at the end of each phase, as no
   * phase can reach a bound (so clamping cannot hide a lost update).
   */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void concurrentChangesAreNeitherLostNorDoubled(TestInfo test) throws Exception {
    TokenBucket bucket = BudgetRegistry.named(unique(test), 1000, 0.001);
    int threads = 4;
    runConcurrently(threads, () -> repeat(100, bucket::take));
    assertEquals(600.0, bucket.tokens(), EXACT);
    runConcurrently(threads, () -> repeat(50_000, bucket::giveBack));
    assertEquals(800.0, bucket.tokens(), EXACT);
    runConcurrently(
        threads,
        () -> {
          for (int i = 0; i < 50; i++) {
            bucket.take();
            repeat(1000, bucket::giveBack);
          }
        });
    assertEquals(800.0, bucket.tokens(), EXACT);
  }

  private static void repeat(int times, Runnable action) {
    for (int i = 0; i < times; i++) {
      action.run();
    }
  }

  private static void runConcurrently(int threads, Runnable action) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  action.run();
                  return null;
                }));
      }
      for (Future<?> each : done) {
        each.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
