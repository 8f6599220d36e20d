package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.QueueRandom;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RetrierTest {
  private static final String LABEL = "PaymentClient.charge";
  private static final long MS = 1_000_000L;

  private final FakeClock clock = new FakeClock(7_000 * MS); // an arbitrary origin, not 0
  private final Requested requested = new Requested();

  @AfterEach
  void clearInterruptFlag() {
    Thread.interrupted(); // never leak an interrupt into another test
  }

  // ---------------------------------------------------------------- steps 3 and 4

  @Test
  void retriesUntilMaxAttempts() throws Throwable {
    Retrier retrier = retrier(options(), LABEL, 3, 0L, BackoffPolicy.fixed(100L));

    assertEquals(100L, decide(retrier, 1, 0L));
    assertEquals(100L, decide(retrier, 2, 0L));
    assertReason(GiveUpReason.ATTEMPTS_EXHAUSTED, decide(retrier, 3, 0L));
    assertReason(GiveUpReason.ATTEMPTS_EXHAUSTED, decide(retrier, 4, 0L));
    assertReason(GiveUpReason.ATTEMPTS_EXHAUSTED, decide(retrier, Integer.MAX_VALUE, 0L));
  }

  @Test
  void theWaitUsesTheAttemptThatFailedAsRetryNumber() throws Throwable {
    Retrier retrier = retrier(options(), LABEL, 5, 0L, BackoffPolicy.exponential(100L, 2.0));
    long start = retrier.start();

    assertEquals(100L, decide(retrier, 1, start));
    assertEquals(200L, decide(retrier, 2, start));
    assertEquals(400L, decide(retrier, 3, start));
    assertEquals(800L, decide(retrier, 4, start));
    assertReason(GiveUpReason.ATTEMPTS_EXHAUSTED, decide(retrier, 5, start));
  }

  @Test
  void maxAttemptsOneNeverRetries() throws Throwable {
    Retrier retrier = retrier(options(), LABEL, 1, 0L, BackoffPolicy.fixed(0L));

    assertReason(GiveUpReason.ATTEMPTS_EXHAUSTED, decide(retrier, 1, 0L));
    assertFalse(retrier.retryAfter(1, 0L, new IOException(), true));
  }

  @Test
  void noRetryStartsWhileTheInterruptFlagIsSet() throws Throwable {
    for (BackoffPolicy backoff : Arrays.asList(BackoffPolicy.fixed(0L), BackoffPolicy.fixed(5L))) {
      Retrier retrier = retrier(options(), LABEL, 3, 0L, backoff);

      Thread.currentThread().interrupt();
      assertReason(GiveUpReason.INTERRUPTED, decide(retrier, 1, 0L));
      assertTrue(Thread.currentThread().isInterrupted()); // read, not cleared
      assertReason(GiveUpReason.ATTEMPTS_EXHAUSTED, decide(retrier, 3, 0L)); // step 3 first
      Thread.interrupted();
      assertTrue(decide(retrier, 1, 0L) >= 0L, backoff.toString());
    }
  }

  @Test
  void theWaitDrawsFromTheOptionsRandomSource() throws Throwable {
    QueueRandom random = new QueueRandom(0.5, 0.0);
    RetryOptions options = RetryOptions.builder().sleeper(clock).ticker(clock).random(random).build();
    Retrier retrier =
        retrier(options, LABEL, 3, 0L, BackoffPolicy.exponential(100L, 2.0).withRandom());

    assertEquals(150L, decide(retrier, 1, 0L));
    assertEquals(200L, decide(retrier, 2, 0L));
    assertEquals(2, random.draws);
  }

  @Test
  void givingUpForAttemptsDrawsNoRandomAndReadsNoClock() throws Throwable {
    FakeClock counting = new FakeClock();
    RetryOptions options =
        RetryOptions.builder().sleeper(counting).ticker(counting).random(QueueRandom.none()).build();
    Retrier retrier =
        retrier(options, LABEL, 2, 1000L, BackoffPolicy.exponential(10L, 2.0).withRandom());

    assertReason(GiveUpReason.ATTEMPTS_EXHAUSTED, decide(retrier, 2, 0L));
    assertEquals(0, counting.nanoTimeCalls);
  }

  @Test
  void theTimeIsReadAgainAfterTheWait() {
    // A sleeper that overruns: asked for 100 ms, it takes 10 s.
    Sleeper slow = millis -> clock.advanceMillis(millis * 100);
    RetryOptions options = RetryOptions.builder().sleeper(slow).ticker(clock).build();
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier = retrier(options, LABEL, 5, 1000L, BackoffPolicy.fixed(100L), recorder);
    long start = retrier.start();

    assertFalse(retrier.retryAfter(1, start, new IOException(), true));
    assertEquals(start + 10_000 * MS, clock.nanoTime());
    assertEquals(Arrays.asList("r.onRetry#1", "r.onFailure#1"), recorder.log);
    assertSame(GiveUpReason.DURATION_EXHAUSTED, recorder.events.get(1).reason());
  }

  // ---------------------------------------------------------------- delayFor (SPEC §4)

  @Test
  void aRequestedWaitIsUsedAsIsWithoutRandomDraws() {
    // QueueRandom.none() fails on any draw: a random, jittered backoff must not draw.
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier =
        retrier(
            options(), LABEL, 5, 0L,
            BackoffPolicy.exponential(100L, 2.0, 10_000L).withRandom().withJitter(0.5),
            recorder);
    long start = retrier.start();

    assertTrue(backOff(retrier, 1, start, new IOException(), 7_000L));
    assertTrue(backOff(retrier, 2, start, new IOException(), 0L));
    assertEquals(Arrays.asList(7_000L), clock.sleeps, "0 ms: no Sleeper call");
    assertEquals(7_000L, recorder.events.get(0).delayMillis());
    assertEquals(0L, recorder.events.get(1).delayMillis());
  }

  @Test
  void aNegativeRequestMeansTheFormulaForThatRetryNumber() {
    Retrier retrier = retrier(options(), LABEL, 5, 0L, BackoffPolicy.exponential(100L, 2.0));
    long start = retrier.start();

    assertTrue(backOff(retrier, 1, start, new IOException(), 5L));
    assertTrue(backOff(retrier, 2, start, new IOException(), -1L));
    assertTrue(backOff(retrier, 3, start, new IOException(), Long.MIN_VALUE));
    // Retry 2 and 3 of the formula, whatever the callee chose for retry 1.
    assertEquals(Arrays.asList(5L, 200L, 400L), clock.sleeps);
  }

  @Test
  void aRequestAboveTheCapGivesUpWithoutOnRetry() {
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier fixedCapped =
        retrier(options(), LABEL, 5, 0L, BackoffPolicy.fixed(100L).withMaxDelay(1_000L), recorder);
    Retrier exponential = retrier(options(), LABEL, 5, 0L, BackoffPolicy.exponential(100L, 2.0));
    Retrier uncapped = retrier(options(), LABEL, 5, 0L, BackoffPolicy.fixed(100L));
    long start = clock.nanoTime();

    assertTrue(backOff(fixedCapped, 1, start, new IOException(), 1_000L), "the cap itself is fine");
    assertFalse(backOff(fixedCapped, 2, start, new IOException(), 1_001L));
    assertFalse(backOff(exponential, 1, start, new IOException(), 30_001L));
    assertTrue(backOff(exponential, 1, start, new IOException(), 30_000L));
    assertTrue(backOff(uncapped, 1, start, new IOException(), 86_400_000L));
    assertEquals(Arrays.asList(1_000L, 30_000L, 86_400_000L), clock.sleeps);
    assertEquals(Arrays.asList("r.onRetry#1", "r.onFailure#2"), recorder.log);
    assertSame(GiveUpReason.WAIT_ABOVE_CAP, recorder.events.get(1).reason());
  }

  @Test
  void aRequestedWaitStillRespectsMaxDuration() {
    Retrier retrier = retrier(options(), LABEL, 5, 1_000L, BackoffPolicy.fixed(10L));
    long start = retrier.start();
    clock.advanceMillis(100);

    assertFalse(backOff(retrier, 1, start, new IOException(), 900L), "100 + 900 reaches 1000");
    assertTrue(backOff(retrier, 1, start, new IOException(), 899L));
    assertEquals(Arrays.asList(899L), clock.sleeps);
  }

  @Test
  void backOffWithinMaxDurationAfterTheWaitRetries() {
    Retrier retrier = retrier(options(), LABEL, 5, 1000L, BackoffPolicy.fixed(100L));
    long start = retrier.start();

    assertTrue(retrier.retryAfter(1, start, new IOException(), true));
    assertEquals(Arrays.asList(100L), clock.sleeps);
  }

  @Test
  void throwingSleeperEndsTheCallWithOnFailureForTheSameAttempt() {
    IllegalStateException broken = new IllegalStateException("sleeper broke");
    Sleeper throwing =
        millis -> {
          throw broken;
        };
    List<String> log = new ArrayList<>();
    Recorder recorder = new Recorder("r", log);
    RetryOptions options = RetryOptions.builder().sleeper(throwing).ticker(clock).build();
    Retrier retrier = retrier(options, LABEL, 5, 0L, BackoffPolicy.fixed(100L), recorder);
    long start = retrier.start();
    IOException failure = new IOException();

    IllegalStateException thrown =
        assertThrows(IllegalStateException.class, () -> retrier.retryAfter(2, start, failure, true));

    assertSame(broken, thrown);
    assertEquals(Arrays.asList("r.onRetry#2", "r.onFailure#2"), log);
    assertSame(broken, recorder.events.get(1).failure());
    assertEquals(2, recorder.events.get(1).attempt());
    assertSame(GiveUpReason.USER_CODE_FAILED, recorder.events.get(1).reason());
  }

  @Test
  void aSleeperThatThrowsACheckedExceptionItDoesNotDeclareEndsTheCallWithOnFailure() {
    IOException sneaky = new IOException("thrown by a Kotlin or @SneakyThrows sleeper");
    Sleeper throwing = millis -> RetrierTest.<RuntimeException>sneakyThrow(sneaky);
    List<String> log = new ArrayList<>();
    Recorder recorder = new Recorder("r", log);
    RetryOptions options = RetryOptions.builder().sleeper(throwing).ticker(clock).build();
    Retrier retrier = retrier(options, LABEL, 5, 0L, BackoffPolicy.fixed(100L), recorder);
    long start = retrier.start();

    IOException thrown =
        assertThrows(IOException.class, () -> retrier.retryAfter(2, start, new IOException(), true));

    assertSame(sneaky, thrown);
    assertEquals(Arrays.asList("r.onRetry#2", "r.onFailure#2"), log);
    assertSame(sneaky, recorder.events.get(1).failure());
    assertEquals(2, recorder.events.get(1).attempt());
    assertSame(GiveUpReason.USER_CODE_FAILED, recorder.events.get(1).reason());
  }

  @SuppressWarnings("unchecked")
  static <X extends Throwable> void sneakyThrow(Throwable failure) throws X {
    throw (X) failure;
  }

  // ---------------------------------------------------------------- maxDuration

  @Test
  void waitIsTakenOnlyWhenElapsedPlusWaitStaysBelowMaxDuration() {
    Retrier retrier = retrier(options(), LABEL, 100, 1000L, BackoffPolicy.fixed(300L));
    long start = retrier.start();
    assertEquals(7_000 * MS, start);

    assertEquals(300L, nextDelay(retrier, 1, start)); // 0 + 300 < 1000
    clock.advanceNanos(699 * MS + 999_999);
    assertEquals(300L, nextDelay(retrier, 2, start)); // 999.999999 ms < 1000
    clock.advanceNanos(1);
    assertEquals(-1L, nextDelay(retrier, 3, start)); // 700 + 300 == 1000: not below
    clock.advanceMillis(300);
    assertEquals(-1L, nextDelay(retrier, 4, start)); // already at maxDuration
    clock.advanceMillis(5000);
    assertEquals(-1L, nextDelay(retrier, 5, start)); // beyond it
  }

  @Test
  void zeroWaitIsTakenUntilMaxDurationHasElapsed() {
    Retrier retrier = retrier(options(), LABEL, 100, 1000L, BackoffPolicy.fixed(0L));
    long start = retrier.start();

    clock.advanceNanos(999 * MS + 999_999);
    assertEquals(0L, nextDelay(retrier, 1, start));
    clock.advanceNanos(1);
    assertEquals(-1L, nextDelay(retrier, 2, start));
  }

  @Test
  void maxDurationIsMeasuredFromStartAcrossTheTickerWrapAround() {
    FakeClock wrapping = new FakeClock(Long.MAX_VALUE - 100 * MS);
    Retrier retrier =
        retrier(options(wrapping), LABEL, 10, 1000L, BackoffPolicy.fixed(300L));
    long start = retrier.start();

    wrapping.advanceNanos(699 * MS); // the ticker now reads a negative value
    assertTrue(wrapping.nanoTime() < 0L);
    assertEquals(300L, nextDelay(retrier, 1, start));
    wrapping.advanceMillis(1);
    assertEquals(-1L, nextDelay(retrier, 2, start));
  }

  @Test
  void hugeMaxDurationDoesNotOverflow() {
    Retrier retrier =
        retrier(options(), LABEL, 10, Long.MAX_VALUE, BackoffPolicy.fixed(1000L));
    long start = retrier.start();

    assertEquals(1000L, nextDelay(retrier, 1, start));
    clock.advanceMillis(TimeUnit.DAYS.toMillis(365L * 100));
    assertEquals(1000L, nextDelay(retrier, 2, start));
  }

  @Test
  void hugeMaxDurationWithHugeWaitsDoesNotOverflow() {
    long maxWaitBelowSaturation = Long.MAX_VALUE / 1_000_000L - 1;
    Retrier below =
        retrier(
            options(), LABEL, 10, Long.MAX_VALUE, BackoffPolicy.fixed(maxWaitBelowSaturation));
    assertEquals(maxWaitBelowSaturation, nextDelay(below, 1, below.start()));

    Retrier saturated =
        retrier(options(), LABEL, 10, Long.MAX_VALUE, BackoffPolicy.fixed(Long.MAX_VALUE));
    assertEquals(-1L, nextDelay(saturated, 1, saturated.start()));

    Retrier exponential =
        retrier(
            options(),
            LABEL,
            Integer.MAX_VALUE,
            Long.MAX_VALUE / 2,
            BackoffPolicy.exponential(1L, 10.0).withMaxDelay(Long.MAX_VALUE));
    long start = exponential.start();
    assertEquals(1000000000000L, nextDelay(exponential, 13, start));
    assertEquals(-1L, nextDelay(exponential, Integer.MAX_VALUE - 1, start));
  }

  /** Waits a {@code delayFor} asked for, under the largest cap, after {@code elapsedNanos}. */
  private long waitAfter(long maxDurationMillis, long elapsedNanos, long requestedMillis) {
    Retrier retrier =
        retrier(
            options(), LABEL, 10, maxDurationMillis,
            BackoffPolicy.fixed(0L).withMaxDelay(Long.MAX_VALUE));
    long start = retrier.start();
    clock.advanceNanos(elapsedNanos);
    try {
      return nextDelay(retrier, 1, start, requestedMillis);
    } finally {
      clock.advanceNanos(-elapsedNanos);
    }
  }

  /** Whether an attempt may start {@code elapsedNanos} after the first one started. */
  private boolean timeLeftAfter(long maxDurationMillis, long elapsedNanos) {
    Retrier retrier = retrier(options(), LABEL, 10, maxDurationMillis, BackoffPolicy.fixed(0L));
    long start = retrier.start();
    clock.advanceNanos(elapsedNanos);
    try {
      return retrier.timeLeft(start);
    } finally {
      clock.advanceNanos(-elapsedNanos);
    }
  }

  @Test
  void maxDurationIsExactAtTheEdgesOfTheNanosecondRange() {
    long max = Long.MAX_VALUE;
    long edge = Long.MAX_VALUE / 1_000_000L; // the largest whole ms that fits in nanoseconds

    // 0: no limit at all, whatever the wait and the time elapsed
    assertEquals(max, waitAfter(0L, max, max));
    assertTrue(timeLeftAfter(0L, max));
    // 1 ms: a wait of 0 until a whole millisecond has elapsed
    assertEquals(0L, waitAfter(1L, MS - 1, 0L));
    assertEquals(-1L, waitAfter(1L, MS, 0L));
    assertEquals(-1L, waitAfter(1L, 0L, 1L));
    assertTrue(timeLeftAfter(1L, MS - 1));
    assertFalse(timeLeftAfter(1L, MS));
    // Long.MAX_VALUE ms: every wait below it fits, whatever its size in nanoseconds
    assertEquals(edge - 1, waitAfter(max, 0L, edge - 1));
    assertEquals(edge, waitAfter(max, 0L, edge));
    assertEquals(edge + 1, waitAfter(max, 0L, edge + 1));
    assertEquals(max - 1, waitAfter(max, 0L, max - 1));
    assertEquals(-1L, waitAfter(max, 0L, max)); // 0 + wait == maxDuration: not below
    assertEquals(max - 2, waitAfter(max, MS, max - 2));
    assertEquals(-1L, waitAfter(max, MS, max - 1)); // 1 + (MAX - 1) == maxDuration
    assertEquals(edge, waitAfter(max, max, edge)); // the most a ticker can tell: edge ms
    assertTrue(timeLeftAfter(max, max));
    // the edge itself and around it
    for (long maxDuration : new long[] {edge - 1, edge, edge + 1}) {
      assertEquals(maxDuration - 1, waitAfter(maxDuration, 0L, maxDuration - 1), "" + maxDuration);
      assertEquals(-1L, waitAfter(maxDuration, 0L, maxDuration), "" + maxDuration);
      assertEquals(maxDuration - 2, waitAfter(maxDuration, MS - 1, maxDuration - 2));
      assertEquals(maxDuration - 2, waitAfter(maxDuration, MS, maxDuration - 2));
      assertEquals(-1L, waitAfter(maxDuration, MS, maxDuration - 1), "" + maxDuration);
    }
    assertTrue(timeLeftAfter(edge, edge * MS - 1));
    assertFalse(timeLeftAfter(edge, edge * MS)); // edge ms elapsed: no attempt starts
    assertTrue(timeLeftAfter(edge + 1, max)); // MAX_VALUE ns is less than edge + 1 ms
    assertFalse(timeLeftAfter(edge - 1, (edge - 1) * MS));
  }

  @Test
  void maxDurationJustAboveTheDelayAllowsOneWait() {
    Retrier retrier = retrier(options(), LABEL, 10, 101L, BackoffPolicy.fixed(100L));
    long start = retrier.start();

    assertEquals(100L, nextDelay(retrier, 1, start));
    assertTrue(backOff(retrier, 1, start, new IOException(), 100L));
    assertEquals(-1L, nextDelay(retrier, 2, start)); // 100 + 100 >= 101
    assertEquals(Collections.singletonList(100L), clock.sleeps);
  }

  // ---------------------------------------------------------------- reading the clock

  @Test
  void withoutListenerOrMaxDurationNoClockIsRead() {
    Ticker failing =
        new Ticker() {
          @Override
          public long nanoTime() {
            throw new AssertionError("read the ticker");
          }
        };
    RetryOptions options = RetryOptions.builder().sleeper(clock).ticker(failing).build();
    Retrier retrier = retrier(options, LABEL, 3, 0L, BackoffPolicy.fixed(100L));

    long start = retrier.start();
    assertEquals(0L, start);
    long delay = nextDelay(retrier, 1, start);
    assertTrue(backOff(retrier, 1, start, new IOException(), delay));
    retrier.succeeded(2, start);
    retrier.gaveUp(3, start, new IOException(), GiveUpReason.ATTEMPTS_EXHAUSTED);

    assertEquals(Collections.singletonList(100L), clock.sleeps);
  }

  @Test
  void startReadsTheTickerForAListener() {
    RetryOptions options =
        RetryOptions.builder().sleeper(clock).ticker(clock).listener(new RetryListener() {}).build();
    Retrier retrier = retrier(options, LABEL, 3, 0L, BackoffPolicy.fixed(100L));

    assertEquals(7_000 * MS, retrier.start());
    assertEquals(1, clock.nanoTimeCalls);
  }

  @Test
  void startReadsTheTickerForAMethodListener() {
    Retrier retrier =
        retrier(options(), LABEL, 3, 0L, BackoffPolicy.fixed(100L), new RetryListener() {});

    assertEquals(7_000 * MS, retrier.start());
    assertEquals(1, clock.nanoTimeCalls);
  }

  @Test
  void startReadsTheTickerForMaxDuration() {
    Retrier retrier = retrier(options(), LABEL, 3, 5000L, BackoffPolicy.fixed(100L));

    assertEquals(7_000 * MS, retrier.start());
    assertEquals(1, clock.nanoTimeCalls);
  }

  // ---------------------------------------------------------------- backOff

  @Test
  void backOffSleepsTheGivenWait() {
    Retrier retrier = retrier(options(), LABEL, 3, 0L, BackoffPolicy.fixed(250L));

    assertTrue(backOff(retrier, 1, 0L, new IOException(), 250L));
    assertTrue(backOff(retrier, 2, 0L, new IOException(), 1L));

    assertEquals(Arrays.asList(250L, 1L), clock.sleeps);
  }

  @Test
  void backOffWithZeroNeverCallsTheSleeper() {
    Sleeper failing =
        new Sleeper() {
          @Override
          public void sleep(long millis) {
            throw new AssertionError("slept " + millis + " ms");
          }
        };
    RetryOptions options = RetryOptions.builder().sleeper(failing).ticker(clock).build();
    Retrier retrier = retrier(options, LABEL, 5, 0L, BackoffPolicy.fixed(0L));
    long start = retrier.start();

    for (int attempt = 1; attempt < 5; attempt++) {
      long delay = nextDelay(retrier, attempt, start);
      assertEquals(0L, delay);
      assertTrue(backOff(retrier, attempt, start, new IOException(), delay));
    }
  }

  @Test
  void backOffWithZeroStillTellsTheListeners() {
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier = retrier(options(), LABEL, 3, 0L, BackoffPolicy.fixed(0L), recorder);
    long start = retrier.start();
    IOException failure = new IOException();

    assertTrue(backOff(retrier, 1, start, failure, 0L));

    assertEquals(Collections.singletonList("r.onRetry#1"), recorder.log);
    assertEvent(recorder.events.get(0), 1, failure, 0L, 0L);
    assertTrue(clock.sleeps.isEmpty());
  }

  @Test
  void interruptedBackOffReturnsFalseAndRestoresTheInterruptFlag() {
    Sleeper interrupted =
        new Sleeper() {
          @Override
          public void sleep(long millis) throws InterruptedException {
            throw new InterruptedException("interrupted in the test");
          }
        };
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    RetryOptions options = RetryOptions.builder().sleeper(interrupted).ticker(clock).build();
    Retrier retrier = retrier(options, LABEL, 3, 0L, BackoffPolicy.fixed(100L), recorder);
    long start = retrier.start();

    try {
      assertFalse(backOff(retrier, 1, start, new IOException(), 100L));
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
    }
    // onRetry is told before the wait, onFailure after it was interrupted
    assertEquals(Arrays.asList("r.onRetry#1", "r.onFailure#1"), recorder.log);
    assertSame(GiveUpReason.INTERRUPTED, recorder.events.get(1).reason());
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void interruptedSystemSleeperReturnsFalseAndRestoresTheFlagThatSleepCleared() {
    // Thread.sleep throws at once on an interrupted thread, clearing the flag.
    RetryOptions options = RetryOptions.builder().ticker(clock).build();
    Retrier retrier = retrier(options, LABEL, 3, 0L, BackoffPolicy.fixed(60000L));

    Thread.currentThread().interrupt();
    try {
      assertFalse(backOff(retrier, 1, 0L, new IOException(), 60000L));
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
    }
  }

  // ---------------------------------------------------------------- step 1 in generated code

  @Test
  void aFailureStepOneDoesNotRetryGivesUpAsNotRetryableOrCancelled() {
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier = retrier(options(), LABEL, 3, 0L, BackoffPolicy.fixed(0L), recorder);
    IllegalStateException failure = new IllegalStateException();
    java.util.concurrent.CancellationException cancelled =
        new java.util.concurrent.CancellationException();

    retrier.notRetryable(1, retrier.start(), failure);
    retrier.notRetryable(2, retrier.start(), cancelled);

    assertEquals(Arrays.asList("r.onFailure#1", "r.onFailure#2"), recorder.log);
    assertSame(GiveUpReason.NOT_RETRYABLE, recorder.events.get(0).reason());
    assertSame(failure, recorder.events.get(0).failure());
    assertSame(GiveUpReason.CANCELLED, recorder.events.get(1).reason());
    assertSame(cancelled, recorder.events.get(1).failure());
  }

  @Test
  void aFailureStepOneRetriesIsDecidedAsWithTheFlag() {
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier = retrier(options(), LABEL, 2, 0L, BackoffPolicy.fixed(10L), recorder);
    long start = retrier.start();

    assertTrue(retrier.retryAfter(1, start, new IOException()));
    assertFalse(retrier.retryAfter(2, start, new IOException()));

    assertEquals(Arrays.asList("r.onRetry#1", "r.onFailure#2"), recorder.log);
    assertSame(GiveUpReason.ATTEMPTS_EXHAUSTED, recorder.events.get(1).reason());
    assertEquals(Arrays.asList(10L), clock.sleeps);
  }

  // ---------------------------------------------------------------- listener events

  @Test
  void listenersSeeEveryRetryAndTheSuccessWithElapsedTimeByTheTicker() {
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier =
        retrier(options(), LABEL, 5, 0L, BackoffPolicy.exponential(100L, 2.0), recorder);
    IOException first = new IOException("first");
    IllegalStateException second = new IllegalStateException("second");

    long start = retrier.start();
    clock.advanceMillis(5); // attempt 1 takes 5 ms and fails
    long delay1 = nextDelay(retrier, 1, start);
    assertTrue(backOff(retrier, 1, start, first, delay1));
    clock.advanceMillis(7); // attempt 2 takes 7 ms and fails
    long delay2 = nextDelay(retrier, 2, start);
    assertTrue(backOff(retrier, 2, start, second, delay2));
    clock.advanceMillis(3); // attempt 3 takes 3 ms and succeeds
    retrier.succeeded(3, start);

    assertEquals(Arrays.asList("r.onRetry#1", "r.onRetry#2", "r.onSuccess#3"), recorder.log);
    assertEvent(recorder.events.get(0), 1, first, 100L, 5 * MS);
    assertEvent(recorder.events.get(1), 2, second, 200L, (5 + 100 + 7) * MS);
    assertEvent(recorder.events.get(2), 3, null, 0L, (5 + 100 + 7 + 200 + 3) * MS);
    assertEquals(Arrays.asList(100L, 200L), clock.sleeps);
  }

  @Test
  void listenersSeeTheFailureWhenTheCallGivesUp() {
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier = retrier(options(), LABEL, 2, 0L, BackoffPolicy.fixed(50L), recorder);
    IOException first = new IOException("first");
    IOException last = new IOException("last");

    long start = retrier.start();
    clock.advanceMillis(1);
    assertTrue(backOff(retrier, 1, start, first, nextDelay(retrier, 1, start)));
    clock.advanceMillis(2);
    assertFalse(retrier.retryAfter(2, start, last, true));

    assertEquals(Arrays.asList("r.onRetry#1", "r.onFailure#2"), recorder.log);
    assertEvent(recorder.events.get(0), 1, first, 50L, 1 * MS);
    assertEvent(recorder.events.get(1), 2, last, 0L, 53 * MS);
    assertNull(recorder.events.get(0).reason());
    assertSame(GiveUpReason.ATTEMPTS_EXHAUSTED, recorder.events.get(1).reason());
  }

  @Test
  void failureIsNullForResultFailures() {
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier = retrier(options(), LABEL, 2, 0L, BackoffPolicy.fixed(10L), recorder);

    long start = retrier.start();
    assertTrue(retrier.retryAfterResult(1, start, "stale"));
    assertFalse(retrier.retryAfterResult(2, start, "stale again"));

    assertEquals(Arrays.asList("r.onRetry#1", "r.onFailure#2"), recorder.log);
    assertSame(GiveUpReason.ATTEMPTS_EXHAUSTED, recorder.events.get(1).reason());
    assertEvent(recorder.events.get(0), 1, null, 10L, 0L);
    assertEvent(recorder.events.get(1), 2, null, 0L, 10 * MS);
  }

  @Test
  void firstAttemptSuccessAndFailureReportAttemptOne() {
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier = retrier(options(), LABEL, 3, 0L, BackoffPolicy.fixed(10L), recorder);
    IOException failure = new IOException();

    long start = retrier.start();
    clock.advanceNanos(42);
    retrier.succeeded(1, start);
    long secondStart = retrier.start();
    clock.advanceNanos(17);
    retrier.gaveUp(1, secondStart, failure, GiveUpReason.ATTEMPTS_EXHAUSTED);

    assertEquals(Arrays.asList("r.onSuccess#1", "r.onFailure#1"), recorder.log);
    assertEvent(recorder.events.get(0), 1, null, 0L, 42L);
    assertEvent(recorder.events.get(1), 1, failure, 0L, 17L);
  }

  @Test
  void optionsListenersComeBeforeMethodListeners() {
    List<String> log = new ArrayList<String>();
    RetryOptions options =
        RetryOptions.builder()
            .sleeper(clock)
            .ticker(clock)
            .listener(new Recorder("options1", log))
            .listener(new Recorder("options2", log))
            .build();
    Retrier retrier =
        retrier(
            options,
            LABEL,
            3,
            0L,
            BackoffPolicy.fixed(10L),
            new Recorder("method1", log),
            new Recorder("method2", log));

    long start = retrier.start();
    backOff(retrier, 1, start, new IOException(), 10L);
    retrier.succeeded(2, start);
    retrier.gaveUp(3, start, new IOException(), GiveUpReason.ATTEMPTS_EXHAUSTED);

    assertEquals(
        Arrays.asList(
            "options1.onRetry#1", "options2.onRetry#1", "method1.onRetry#1", "method2.onRetry#1",
            "options1.onSuccess#2", "options2.onSuccess#2", "method1.onSuccess#2",
            "method2.onSuccess#2",
            "options1.onFailure#3", "options2.onFailure#3", "method1.onFailure#3",
            "method2.onFailure#3"),
        log);
  }

  @Test
  void everyEventCarriesTheLabel() {
    Recorder recorder = new Recorder("r", new ArrayList<String>());
    Retrier retrier =
        retrier(options(), "Outer.Client.charge", 3, 0L, BackoffPolicy.fixed(1L), recorder);

    long start = retrier.start();
    backOff(retrier, 1, start, new IOException(), 1L);
    retrier.succeeded(2, start);
    retrier.gaveUp(2, start, null, GiveUpReason.ATTEMPTS_EXHAUSTED);

    assertEquals("Outer.Client.charge", retrier.label());
    assertEquals(3, recorder.events.size());
    for (RetryEvent event : recorder.events) {
      assertEquals("Outer.Client.charge", event.label());
    }
  }

  @Test
  void throwingListenersDoNotChangeTheOutcomeAndLaterListenersStillRun() {
    List<String> log = new ArrayList<String>();
    RetryListener throwsRuntime = new Thrower(new IllegalStateException("listener bug"));
    RetryListener throwsAssertion = new Thrower(new AssertionError("listener assertion"));
    RetryOptions options =
        RetryOptions.builder()
            .sleeper(clock)
            .ticker(clock)
            .listener(throwsRuntime)
            .listener(new Recorder("options", log))
            .build();
    Retrier retrier =
        retrier(
            options, LABEL, 3, 0L, BackoffPolicy.fixed(100L), throwsAssertion,
            new Recorder("method", log));

    long start = retrier.start();
    assertTrue(backOff(retrier, 1, start, new IOException(), 100L));
    retrier.succeeded(2, start);
    retrier.gaveUp(2, start, new IOException(), GiveUpReason.ATTEMPTS_EXHAUSTED);

    assertEquals(Collections.singletonList(100L), clock.sleeps); // the wait still happened
    assertEquals(
        Arrays.asList(
            "options.onRetry#1", "method.onRetry#1",
            "options.onSuccess#2", "method.onSuccess#2",
            "options.onFailure#2", "method.onFailure#2"),
        log);
  }

  @Test
  void listenersThatThrowErrorsOfTheVirtualMachineChangeNothingEither() {
    List<String> log = new ArrayList<String>();
    RetryOptions options =
        RetryOptions.builder()
            .sleeper(clock)
            .ticker(clock)
            .listener(new Thrower(new StackOverflowError("listener recursion")))
            .listener(new Recorder("options", log))
            .build();
    Retrier retrier =
        retrier(
            options, LABEL, 3, 0L, BackoffPolicy.fixed(100L),
            new Thrower(new OutOfMemoryError("listener allocation")),
            new Recorder("method", log));

    long start = retrier.start();
    assertTrue(backOff(retrier, 1, start, new IOException(), 100L));
    retrier.succeeded(2, start);
    retrier.gaveUp(2, start, new IOException(), GiveUpReason.ATTEMPTS_EXHAUSTED);

    assertEquals(Collections.singletonList(100L), clock.sleeps);
    assertEquals(
        Arrays.asList(
            "options.onRetry#1", "method.onRetry#1",
            "options.onSuccess#2", "method.onSuccess#2",
            "options.onFailure#2", "method.onFailure#2"),
        log);
  }

  @Test
  void methodListenerArrayIsCopied() {
    List<String> log = new ArrayList<String>();
    RetryListener[] listeners = {new Recorder("original", log)};
    Retrier retrier = retrier(options(), LABEL, 3, 0L, BackoffPolicy.fixed(1L), listeners);

    listeners[0] = new Recorder("replacement", log);
    retrier.succeeded(1, retrier.start());

    assertEquals(Collections.singletonList("original.onSuccess#1"), log);
  }

  // ---------------------------------------------------------------- arguments

  @Test
  void nullArgumentsAreRejected() {
    final RetryOptions options = options();
    final BackoffPolicy backoff = BackoffPolicy.fixed(1L);

    assertEquals(
        "options == null",
        assertThrows(NullPointerException.class, () -> retrier(null, LABEL, 3, 0L, backoff))
            .getMessage());
    assertEquals(
        "label == null",
        assertThrows(NullPointerException.class, () -> retrier(options, null, 3, 0L, backoff))
            .getMessage());
    assertEquals(
        "backoff == null",
        assertThrows(NullPointerException.class, () -> retrier(options, LABEL, 3, 0L, null))
            .getMessage());
    assertThrows(
        NullPointerException.class,
        () -> retrier(options, LABEL, 3, 0L, backoff, new RetryListener() {}, null));
    assertThrows(
        NullPointerException.class,
        () -> retrier(options, LABEL, 3, 0L, backoff, (RetryListener) null));
    // A null array means no listener of the method's own (what bind(options) passes).
    // With no listener and no maxDuration, start() reads no clock: this ticker would fail.
    RetryOptions unread =
        RetryOptions.builder()
            .ticker(
                () -> {
                  throw new AssertionError("the clock was read");
                })
            .build();
    assertEquals(0L, retrier(unread, LABEL, 3, 0L, backoff, (RetryListener[]) null).start());
  }

  @Test
  void invalidLimitsAreRejected() {
    final RetryOptions options = options();
    final BackoffPolicy backoff = BackoffPolicy.fixed(1L);

    assertThrows(IllegalArgumentException.class, () -> retrier(options, LABEL, 0, 0L, backoff));
    assertThrows(
        IllegalArgumentException.class,
        () -> retrier(options, LABEL, Integer.MIN_VALUE, 0L, backoff));
    assertThrows(
        IllegalArgumentException.class, () -> retrier(options, LABEL, 3, -1L, backoff));
    assertThrows(
        IllegalArgumentException.class,
        () -> retrier(options, LABEL, 3, Long.MIN_VALUE, backoff));
  }

  // ---------------------------------------------------------------- helpers

  private RetryOptions options() {
    return options(clock);
  }

  private static RetryOptions options(FakeClock clock) {
    return RetryOptions.builder()
        .sleeper(clock)
        .ticker(clock)
        .random(QueueRandom.none())
        .build();
  }

  private static void assertEvent(
      RetryEvent event, int attempt, Throwable failure, long delayMillis, long elapsedNanos) {
    assertEquals(LABEL, event.label());
    assertEquals(attempt, event.attempt(), "attempt");
    if (failure == null) {
      assertNull(event.failure(), "failure");
    } else {
      assertSame(failure, event.failure(), "failure");
    }
    assertEquals(delayMillis, event.delayMillis(), "delayMillis");
    assertEquals(elapsedNanos, event.elapsedNanos(), "elapsedNanos");
  }

  /** Logs "name.kind#attempt" into a list shared between listeners, and keeps its events. */
  private static final class Recorder implements RetryListener {
    final String name;
    final List<String> log;
    final List<RetryEvent> events = new ArrayList<RetryEvent>();

    Recorder(String name, List<String> log) {
      this.name = name;
      this.log = log;
    }

    @Override
    public void onRetry(RetryEvent event) {
      record("onRetry", event);
    }

    @Override
    public void onSuccess(RetryEvent event) {
      record("onSuccess", event);
    }

    @Override
    public void onFailure(RetryEvent event) {
      record("onFailure", event);
    }

    private void record(String kind, RetryEvent event) {
      log.add(name + "." + kind + "#" + event.attempt());
      events.add(event);
    }
  }

  /** Throws the same throwable from every callback. */
  private static final class Thrower implements RetryListener {
    private final Throwable toThrow;

    Thrower(Throwable toThrow) {
      this.toThrow = toThrow;
    }

    @Override
    public void onRetry(RetryEvent event) {
      throwIt();
    }

    @Override
    public void onSuccess(RetryEvent event) {
      throwIt();
    }

    @Override
    public void onFailure(RetryEvent event) {
      throwIt();
    }

    private void throwIt() {
      if (toThrow instanceof RuntimeException) {
        throw (RuntimeException) toThrow;
      }
      throw (Error) toThrow;
    }
  }

  /**
   * What a generated constructor does: binds a policy to the options, here with hooks whose
   * {@code delayFor} asks for {@link #requested} (the formula while it is negative).
   */
  private Retrier retrier(
      RetryOptions options,
      String label,
      int maxAttempts,
      long maxDurationMillis,
      BackoffPolicy backoff,
      RetryListener... methodListeners) {
    RetryPolicy policy = new RetryPolicy(label, maxAttempts, maxDurationMillis, backoff);
    return policy.bind(options, requested, methodListeners);
  }

  /** The decision after {@code attempt} failed with a retryable failure: a wait, or a reason. */
  private static long decide(Retrier retrier, int attempt, long start) throws Throwable {
    return retrier.decide(attempt, start, new IOException(), true, null);
  }

  /** The wait the decision order chose, or -1 when it gave up for {@code maxDuration}. */
  private static long nextDelay(Retrier retrier, int attempt, long start) {
    try {
      long decision = decide(retrier, attempt, start);
      if (DecisionOrder.retries(decision)) {
        return decision;
      }
      assertReason(GiveUpReason.DURATION_EXHAUSTED, decision);
      return -1L;
    } catch (Throwable unexpected) {
      throw new AssertionError(unexpected);
    }
  }

  /** {@link #nextDelay} when {@code delayFor} asks for {@code requestedMillis}. */
  private long nextDelay(Retrier retrier, int attempt, long start, long requestedMillis) {
    requested.next = requestedMillis;
    try {
      return nextDelay(retrier, attempt, start);
    } finally {
      requested.next = -1L;
    }
  }

  /** {@link Retrier#retryAfter} when {@code delayFor} asks for {@code requestedMillis}. */
  private boolean backOff(
      Retrier retrier, int attempt, long start, Throwable failure, long requestedMillis) {
    requested.next = requestedMillis;
    try {
      return retrier.retryAfter(attempt, start, failure, true);
    } finally {
      requested.next = -1L;
    }
  }

  private static void assertReason(GiveUpReason expected, long decision) {
    assertFalse(DecisionOrder.retries(decision), "retries after " + decision + " ms");
    assertSame(expected, DecisionOrder.reason(decision));
  }

  /** A {@code delayFor} that asks for {@link #next}, for failures and results alike. */
  private static final class Requested extends RetryHooks<Object> {
    long next = -1L;

    @Override
    protected long delayFor(Throwable failure) {
      return next;
    }

    @Override
    protected long delayForResult(Object result) {
      return next;
    }
  }
}
