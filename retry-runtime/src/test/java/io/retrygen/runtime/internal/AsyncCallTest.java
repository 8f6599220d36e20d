package io.retrygen.runtime.internal;

import static io.retrygen.runtime.CircuitBreakerState.CLOSED;
import static io.retrygen.runtime.CircuitBreakerState.HALF_OPEN;
import static io.retrygen.runtime.CircuitBreakerState.OPEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RandomSource;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Ticker;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.ManualScheduler;
import io.retrygen.runtime.testing.QueueRandom;
import io.retrygen.runtime.testing.RecordingBreakerListener;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The asynchronous driver (SPEC §7) in virtual time: each test builds the anonymous subclass that
 * generated code would, runs the waits with a {@link ManualScheduler} and completes the attempts'
 * futures itself. The last tests use the runtime's default scheduler and real threads.
 */
class AsyncCallTest {
  private static final long MS = 1_000_000L;
  /** Seconds, for the tests on real threads: only a failing test waits that long. */
  private static final long WAIT = 15;
  private static final Object NULL_STAGE = new Object();
  private static int counter;

  private final String label = "AsyncCallTest.call" + (counter++);
  private final FakeClock clock = new FakeClock(3_000 * MS); // an arbitrary origin, not 0
  private final ManualScheduler scheduler = new ManualScheduler(clock);
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(QueueRandom.none())
          .scheduler(scheduler)
          .listener(listener)
          .build();
  /** Every call started through {@link #start}, and whether it has a retrier (hence events). */
  private final List<CompletableFuture<String>> started = new ArrayList<CompletableFuture<String>>();
  private int startedWithRetrier;

  @AfterEach
  void everyCallEndedWithExactlyOneOutcomeEvent() {
    for (CompletableFuture<String> call : started) {
      assertTrue(call.isDone(), "a call was left running");
    }
    assertEquals(startedWithRetrier, listener.terminals(), listener.log().toString());
    Thread.interrupted(); // never leak an interrupt into another test
  }

  // ---------------------------------------------------------------------- helpers

  private Retrier retrier(int maxAttempts, long maxDurationMillis, long delayMillis) {
    return new RetryPolicy(label, maxAttempts, maxDurationMillis, BackoffPolicy.fixed(delayMillis))
        .bind(options);
  }

  private CircuitBreakerGate breaker(int volume, double ratio, long delayMillis, int successes) {
    return new CircuitBreakerPolicy("", volume, ratio, delayMillis, successes).bind(options, label);
  }

  /**
   * What generated code makes for {@code @Retryable} (retryFor = Exception, so interruption is
   * not retried) and {@code @CircuitBreaker} (failOn = Exception), either of them may be absent.
   */
  private static AsyncCall<String> guarded(
      Retrier retrier, CircuitBreakerGate breaker, final Delegate delegate) {
    return new AsyncCall<String>(retrier, breaker) {
      @Override
      protected CompletionStage<String> call() throws Throwable {
        return delegate.call();
      }

      @Override
      protected boolean retryable(Throwable failure) {
        return failure instanceof Exception && !(failure instanceof InterruptedException);
      }

      @Override
      protected boolean breakerFailure(Throwable failure) {
        return failure instanceof Exception;
      }
    };
  }

  private CompletableFuture<String> start(AsyncCall<String> call, boolean withRetrier) {
    if (withRetrier) {
      startedWithRetrier++;
    }
    CompletableFuture<String> returned = call.start();
    started.add(returned);
    return returned;
  }

  private CompletableFuture<String> start(AsyncCall<String> call) {
    return start(call, true);
  }

  private static <T> CompletableFuture<T> failed(Throwable failure) {
    CompletableFuture<T> future = new CompletableFuture<T>();
    future.completeExceptionally(failure);
    return future;
  }

  /** The exception {@code future} completed with, as it was given: no wrapper added. */
  private static Throwable failureOf(CompletableFuture<?> future) {
    assertTrue(future.isCompletedExceptionally(), "not failed: " + future);
    AtomicReference<Throwable> seen = new AtomicReference<Throwable>();
    future.whenComplete((value, failure) -> seen.set(failure));
    return seen.get();
  }

  private static String format(String kind, int attempt, Class<?> failure, long delayMillis) {
    return kind + ":" + attempt + ":" + (failure == null ? "-" : failure.getSimpleName()) + ":"
        + delayMillis;
  }

  private static String retry(int attempt, Class<?> failure, long delayMillis) {
    return format("retry", attempt, failure, delayMillis);
  }

  private static String success(int attempt) {
    return format("success", attempt, null, 0L);
  }

  private static String failure(int attempt, Class<?> failure) {
    return format("failure", attempt, failure, 0L);
  }

  // ------------------------------------------------------------------- 1. success

  @Test
  void succeedsOnTheFirstAttemptWithACompletedStage() throws Exception {
    Delegate delegate = new Delegate().then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), null, delegate));

    assertTrue(call.isDone());
    assertEquals("ok", call.getNow(null));
    assertEquals(1, delegate.calls());
    assertEquals(Arrays.asList(success(1)), listener.log());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
    assertEquals(0, scheduler.pending());
  }

  // ------------------------------------------------ 2. failures, then a success

  @Test
  void retriesFailedStagesAfterTheirWaitsUntilOneSucceeds() {
    CompletableFuture<String> first = new CompletableFuture<String>();
    CompletableFuture<String> second = new CompletableFuture<String>();
    CompletableFuture<String> third = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(first).then(second).then(third);
    AsyncCall<String> guarded = guarded(retrier(5, 0L, 100L), null, delegate);
    IOException one = new IOException("one");
    IOException two = new IOException("two");

    assertEquals(0, delegate.calls()); // nothing runs before start()
    CompletableFuture<String> call = start(guarded);
    assertEquals(1, delegate.calls());
    assertSame(Thread.currentThread(), delegate.threads.get(0)); // the first on the caller's
    assertFalse(call.isDone());
    assertEquals(Collections.<String>emptyList(), listener.log());

    clock.advanceMillis(7); // the first attempt takes 7 ms
    first.completeExceptionally(one);
    assertEquals(1, delegate.calls()); // not on the stack of the completion: scheduled
    assertEquals(Arrays.asList(100L), scheduler.delays);
    assertEquals(Arrays.asList(retry(1, IOException.class, 100L)), listener.log());
    assertSame(one, listener.event(0).failure());
    assertEquals(7 * MS, listener.event(0).elapsedNanos());

    scheduler.runNext();
    assertEquals(2, delegate.calls());
    second.completeExceptionally(two);
    assertEquals(Arrays.asList(100L, 100L), scheduler.delays);
    scheduler.runNext();
    assertEquals(3, delegate.calls());
    assertFalse(call.isDone());

    clock.advanceMillis(3);
    third.complete("ok");
    assertEquals("ok", call.getNow(null));
    assertEquals(
        Arrays.asList(
            retry(1, IOException.class, 100L), retry(2, IOException.class, 100L), success(3)),
        listener.log());
    assertSame(two, listener.event(1).failure());
    assertEquals((7 + 100 + 100 + 3) * MS, listener.event(2).elapsedNanos());
    assertEquals(Arrays.asList(100L, 100L), scheduler.delays);
    assertEquals(0, scheduler.pending());
  }

  // -------------------------------------------------------------- 3. exhaustion

  @Test
  void outOfAttemptsFailsWithTheLastFailureUnwrappedFromACompletionException() throws Exception {
    IOException first = new IOException("first");
    IOException last = new IOException("last");
    CompletableFuture<String> pending = new CompletableFuture<String>();
    Delegate delegate =
        new Delegate().then(failed(new CompletionException(first))).then(pending);

    CompletableFuture<String> call = start(guarded(retrier(2, 0L, 100L), null, delegate));
    scheduler.runNext();
    pending.completeExceptionally(new CompletionException(last));

    assertSame(last, failureOf(call));
    ExecutionException thrown = assertThrows(ExecutionException.class, call::get);
    assertSame(last, thrown.getCause());
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(2, IOException.class)),
        listener.log());
    assertSame(first, listener.event(0).failure());
    assertSame(last, listener.event(1).failure());
    assertEquals(2, delegate.calls());
    assertEquals(0, scheduler.pending());
  }

  @Test
  void outOfAttemptsFailsWithTheLastFailureUnwrappedFromAnExecutionException() {
    IOException first = new IOException("first");
    IOException last = new IOException("last");
    CompletableFuture<String> pending = new CompletableFuture<String>();
    Delegate delegate =
        new Delegate()
            .then(pending)
            .then(failed(new ExecutionException(last)));

    CompletableFuture<String> call = start(guarded(retrier(2, 0L, 100L), null, delegate));
    pending.completeExceptionally(new ExecutionException(new CompletionException(first)));
    scheduler.runNext();

    assertSame(last, failureOf(call));
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(2, IOException.class)),
        listener.log());
    assertSame(first, listener.event(0).failure());
    assertSame(last, listener.event(1).failure());
  }

  // ---------------------------------------------------------- 4. synchronous throw

  @Test
  void aSynchronousThrowIsAFailedAttemptAndIsRetried() {
    IOException thrown = new IOException("thrown");
    Delegate delegate =
        new Delegate().then(thrown).then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 40L), null, delegate));
    assertFalse(call.isDone());
    assertEquals(Arrays.asList(retry(1, IOException.class, 40L)), listener.log());
    assertSame(thrown, listener.event(0).failure());

    scheduler.runNext();
    assertEquals("ok", call.getNow(null));
    assertEquals(Arrays.asList(retry(1, IOException.class, 40L), success(2)), listener.log());
  }

  // --------------------------------------------------------- 5. not retryable

  @Test
  void aFailureThatIsNotRetryableGivesUpAtOnce() {
    IllegalStateException fatal = new IllegalStateException("fatal");
    CompletableFuture<String> pending = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(pending);
    List<Throwable> classified = new ArrayList<Throwable>();
    AsyncCall<String> guarded =
        new AsyncCall<String>(retrier(3, 0L, 100L), null) {
          @Override
          protected CompletionStage<String> call() throws Throwable {
            return delegate.call();
          }

          @Override
          protected boolean retryable(Throwable failure) {
            classified.add(failure);
            return failure instanceof IOException;
          }
        };

    CompletableFuture<String> call = start(guarded);
    pending.completeExceptionally(new CompletionException(fatal));

    assertSame(fatal, failureOf(call));
    assertEquals(Arrays.<Throwable>asList(fatal), classified); // unwrapped before classification
    assertEquals(Arrays.asList(failure(1, IllegalStateException.class)), listener.log());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
    assertEquals(1, delegate.calls());
  }

  // ---------------------------------------------------------------- 6. retryIf

  @Test
  void retryIfFalseGivesUpAndIsNotAskedWhenNoAttemptRemains() {
    IOException first = new IOException("first");
    IOException second = new IOException("second");
    IOException third = new IOException("third");
    Delegate delegate = new Delegate().then(failed(first)).then(second).then(failed(third));
    List<Throwable> asked = new ArrayList<Throwable>();
    AsyncCall<String> guarded =
        new AsyncCall<String>(retrier(3, 0L, 10L), null) {
          @Override
          protected CompletionStage<String> call() throws Throwable {
            return delegate.call();
          }

          @Override
          protected boolean retryable(Throwable failure) {
            return true;
          }

          @Override
          protected boolean retryIf(Throwable failure) {
            asked.add(failure);
            return failure != second;
          }
        };

    CompletableFuture<String> call = start(guarded);
    scheduler.runNext();

    assertSame(second, failureOf(call));
    assertEquals(Arrays.<Throwable>asList(first, second), asked);
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 10L), failure(2, IOException.class)),
        listener.log());
    assertEquals(2, delegate.calls());
    assertEquals(0, scheduler.pending());

    // With retryIf always true, it is not asked after the last attempt.
    asked.clear();
    Delegate twice = new Delegate().then(failed(first)).then(failed(third));
    AsyncCall<String> always =
        new AsyncCall<String>(retrier(2, 0L, 10L), null) {
          @Override
          protected CompletionStage<String> call() throws Throwable {
            return twice.call();
          }

          @Override
          protected boolean retryable(Throwable failure) {
            return true;
          }

          @Override
          protected boolean retryIf(Throwable failure) {
            asked.add(failure);
            return true;
          }
        };
    CompletableFuture<String> exhausted = start(always);
    scheduler.runNext();
    assertSame(third, failureOf(exhausted));
    assertEquals(Arrays.<Throwable>asList(first), asked);
  }

  @Test
  void retryIfThatThrowsEndsTheCallWithItsExceptionWithoutRecovery() {
    IOException attemptFailure = new IOException("attempt");
    IllegalArgumentException predicateFailure = new IllegalArgumentException("predicate");
    Delegate delegate = new Delegate().then(failed(attemptFailure));
    AtomicInteger recovered = new AtomicInteger();
    AsyncCall<String> guarded =
        new AsyncCall<String>(retrier(3, 0L, 10L), null) {
          @Override
          protected CompletionStage<String> call() throws Throwable {
            return delegate.call();
          }

          @Override
          protected boolean retryable(Throwable failure) {
            return true;
          }

          @Override
          protected boolean retryIf(Throwable failure) {
            throw predicateFailure;
          }

          @Override
          protected CompletionStage<String> recover(Throwable failure) {
            recovered.incrementAndGet();
            return CompletableFuture.completedFuture("recovered");
          }
        };

    CompletableFuture<String> call = start(guarded);

    assertSame(predicateFailure, failureOf(call));
    assertEquals(0, recovered.get());
    assertEquals(Arrays.asList(failure(1, IllegalArgumentException.class)), listener.log());
    assertSame(predicateFailure, listener.event(0).failure());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
  }

  // ---------------------------------------------------------- 7. retryOnResult

  /** A call whose results "bad…" are rejected, and whose recovery is counted. */
  private AsyncCall<String> rejecting(
      Retrier retrier, final Delegate delegate, final AtomicInteger recovered) {
    return new AsyncCall<String>(retrier, null) {
      @Override
      protected CompletionStage<String> call() throws Throwable {
        return delegate.call();
      }

      @Override
      protected boolean retryable(Throwable failure) {
        return true;
      }

      @Override
      protected boolean rejects(String result) {
        return result.startsWith("bad");
      }

      @Override
      protected CompletionStage<String> recover(Throwable failure) {
        recovered.incrementAndGet();
        return CompletableFuture.completedFuture("recovered");
      }
    };
  }

  @Test
  void aRejectedResultIsRetried() {
    CompletableFuture<String> later = new CompletableFuture<String>();
    Delegate delegate =
        new Delegate()
            .then(CompletableFuture.completedFuture("bad1"))
            .then(later)
            .then(CompletableFuture.completedFuture("good"));
    AtomicInteger recovered = new AtomicInteger();

    CompletableFuture<String> call = start(rejecting(retrier(3, 0L, 100L), delegate, recovered));
    scheduler.runNext();
    later.complete("bad2");
    scheduler.runNext();

    assertEquals("good", call.getNow(null));
    assertEquals(
        Arrays.asList(retry(1, null, 100L), retry(2, null, 100L), success(3)), listener.log());
    assertEquals(0, recovered.get());
  }

  @Test
  void outOfAttemptsAfterRejectedResultsReturnsTheLastResultWithoutRecovery() {
    Delegate delegate =
        new Delegate()
            .then(CompletableFuture.completedFuture("bad1"))
            .then(CompletableFuture.completedFuture("bad2"));
    AtomicInteger recovered = new AtomicInteger();

    CompletableFuture<String> call = start(rejecting(retrier(2, 0L, 100L), delegate, recovered));
    scheduler.runNext();

    assertEquals("bad2", call.getNow(null));
    assertEquals(Arrays.asList(retry(1, null, 100L), failure(2, null)), listener.log());
    assertNull(listener.event(1).failure());
    assertEquals(0, recovered.get());
    assertEquals(0, scheduler.pending());
  }

  @Test
  void rejectsThatThrowsEndsTheCallWithItsException() {
    IllegalStateException predicateFailure = new IllegalStateException("predicate");
    Delegate delegate = new Delegate().then(CompletableFuture.completedFuture("anything"));
    AtomicInteger recovered = new AtomicInteger();
    AsyncCall<String> guarded =
        new AsyncCall<String>(retrier(3, 0L, 100L), null) {
          @Override
          protected CompletionStage<String> call() throws Throwable {
            return delegate.call();
          }

          @Override
          protected boolean rejects(String result) {
            throw predicateFailure;
          }

          @Override
          protected CompletionStage<String> recover(Throwable failure) {
            recovered.incrementAndGet();
            return CompletableFuture.completedFuture("recovered");
          }
        };

    CompletableFuture<String> call = start(guarded);

    assertSame(predicateFailure, failureOf(call));
    assertEquals(Arrays.asList(failure(1, IllegalStateException.class)), listener.log());
    assertEquals(0, recovered.get());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
  }

  // ------------------------------------------------------------ 8. maxDuration

  @Test
  void aWaitThatWouldReachMaxDurationIsNotTaken() {
    IOException last = new IOException("last");
    Delegate delegate =
        new Delegate()
            .then(failed(new IOException("first")))
            .then(
                () -> {
                  clock.advanceMillis(50); // now 100 + 50 elapsed: 150 + 100 reaches 250
                  return failed(last);
                });

    CompletableFuture<String> call = start(guarded(retrier(5, 250L, 100L), null, delegate));
    assertEquals(Arrays.asList(100L), scheduler.delays); // 0 + 100 < 250: taken
    scheduler.runNext();

    assertSame(last, failureOf(call));
    assertEquals(Arrays.asList(100L), scheduler.delays);
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(2, IOException.class)),
        listener.log());
    assertEquals(150 * MS, listener.event(1).elapsedNanos());
  }

  @Test
  void noAttemptStartsAfterAWaitThatOverranMaxDuration() {
    IOException first = new IOException("first");
    Delegate delegate = new Delegate().then(failed(first));
    AtomicInteger recovered = new AtomicInteger();
    AsyncCall<String> guarded =
        new AsyncCall<String>(retrier(5, 250L, 100L), null) {
          @Override
          protected CompletionStage<String> call() throws Throwable {
            return delegate.call();
          }

          @Override
          protected boolean retryable(Throwable failure) {
            return true;
          }

          @Override
          protected CompletionStage<String> recover(Throwable failure) throws Throwable {
            assertSame(first, failure);
            recovered.incrementAndGet();
            throw failure;
          }
        };

    CompletableFuture<String> call = start(guarded);
    scheduler.runNextAfter(250); // asked for 100 ms, the wait took 250

    assertEquals(1, delegate.calls());
    assertSame(first, failureOf(call));
    assertEquals(1, recovered.get()); // a failure after an overrun is recovered as usual
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(1, IOException.class)),
        listener.log());
    assertEquals(250 * MS, listener.event(1).elapsedNanos());
  }

  @Test
  void aWaitThatEndsJustBeforeMaxDurationStartsTheAttempt() {
    Delegate delegate =
        new Delegate()
            .then(failed(new IOException("first")))
            .then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> call = start(guarded(retrier(5, 250L, 100L), null, delegate));
    scheduler.runNextAfter(249);

    assertEquals("ok", call.getNow(null));
    assertEquals(Arrays.asList(retry(1, IOException.class, 100L), success(2)), listener.log());
  }

  @Test
  void aRejectedResultAfterAnOverrunWaitIsReturned() {
    Delegate delegate = new Delegate().then(CompletableFuture.completedFuture("bad1"));
    AtomicInteger recovered = new AtomicInteger();

    CompletableFuture<String> call =
        start(rejecting(retrier(5, 250L, 100L), delegate, recovered));
    scheduler.runNextAfter(300);

    assertEquals("bad1", call.getNow(null));
    assertEquals(1, delegate.calls());
    assertEquals(Arrays.asList(retry(1, null, 100L), failure(1, null)), listener.log());
    assertEquals(0, recovered.get());
  }

  // ---------------------------------------------------------------- 9. recovery

  /** A call with one attempt that fails with {@code failure} and recovers with {@code recovery}. */
  private AsyncCall<String> recovering(
      final Throwable failure, final Callable<CompletionStage<String>> recovery,
      final List<Throwable> recoveredFrom) {
    final Delegate delegate = new Delegate().then(failed(failure));
    return new AsyncCall<String>(retrier(1, 0L, 0L), null) {
      @Override
      protected CompletionStage<String> call() throws Throwable {
        return delegate.call();
      }

      @Override
      protected boolean retryable(Throwable f) {
        return true;
      }

      @Override
      protected CompletionStage<String> recover(Throwable f) throws Throwable {
        recoveredFrom.add(f);
        return recovery.call();
      }
    };
  }

  @Test
  void recoveryWithACompletedStage() {
    IOException failure = new IOException("failure");
    List<Throwable> from = new ArrayList<Throwable>();

    CompletableFuture<String> call =
        start(recovering(failure, () -> CompletableFuture.completedFuture("fallback"), from));

    assertEquals("fallback", call.getNow(null));
    assertEquals(Arrays.<Throwable>asList(failure), from);
    assertEquals(Arrays.asList(failure(1, IOException.class)), listener.log()); // before recovery
    assertSame(failure, listener.event(0).failure());
  }

  @Test
  void recoveryWithAStageCompletedLater() {
    CompletableFuture<String> fallback = new CompletableFuture<String>();
    List<Throwable> from = new ArrayList<Throwable>();

    CompletableFuture<String> call = start(recovering(new IOException(), () -> fallback, from));
    assertFalse(call.isDone());
    assertEquals(Arrays.asList(failure(1, IOException.class)), listener.log());

    fallback.complete("late");
    assertEquals("late", call.getNow(null));
    assertEquals(1, from.size());
  }

  @Test
  void recoveryWithAFailingStageFailsWithItsFailureUnwrapped() {
    IllegalStateException completed = new IllegalStateException("completed");
    CompletableFuture<String> call =
        start(
            recovering(
                new IOException(),
                () -> failed(new CompletionException(completed)),
                new ArrayList<Throwable>()));
    assertSame(completed, failureOf(call));

    IllegalStateException later = new IllegalStateException("later");
    CompletableFuture<String> fallback = new CompletableFuture<String>();
    CompletableFuture<String> second =
        start(recovering(new IOException(), () -> fallback, new ArrayList<Throwable>()));
    fallback.completeExceptionally(new ExecutionException(later));
    assertSame(later, failureOf(second));
    assertEquals(
        Arrays.asList(failure(1, IOException.class), failure(1, IOException.class)),
        listener.log());
  }

  @Test
  void recoveryThatThrowsFailsWithItsException() {
    IllegalStateException thrown = new IllegalStateException("thrown");
    CompletableFuture<String> call =
        start(
            recovering(
                new IOException(),
                () -> {
                  throw thrown;
                },
                new ArrayList<Throwable>()));

    assertSame(thrown, failureOf(call));
    assertEquals(Arrays.asList(failure(1, IOException.class)), listener.log());
  }

  @Test
  void recoveryThatReturnsNullFailsWithANullPointerException() {
    CompletableFuture<String> call =
        start(recovering(new IOException(), () -> null, new ArrayList<Throwable>()));

    Throwable failure = failureOf(call);
    assertEquals(NullPointerException.class, failure.getClass());
    assertTrue(failure.getMessage().contains(label), failure.getMessage());
    assertEquals(Arrays.asList(failure(1, IOException.class)), listener.log());
  }

  @Test
  void withoutARecoverMethodTheFailureIsTheSameInstance() {
    IOException failure = new IOException("failure");
    Delegate delegate = new Delegate().then(failed(failure));

    CompletableFuture<String> call = start(guarded(retrier(1, 0L, 0L), null, delegate));

    assertSame(failure, failureOf(call));
  }

  // ------------------------------------------------------------ 10. cancellation

  @Test
  void cancelDuringAWaitCancelsItsTaskAndEndsTheCallOnce() {
    Delegate delegate = new Delegate().then(failed(new IOException()));
    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), null, delegate));
    assertEquals(1, scheduler.pending());

    assertTrue(call.cancel(true));

    assertTrue(call.isCancelled());
    assertEquals(0, scheduler.pending());
    assertEquals(1, scheduler.cancelled);
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(1, CancellationException.class)),
        listener.log());
    assertTrue(call.cancel(true)); // cancelled already: no second event
    assertEquals(2, listener.log().size());
    assertEquals(1, delegate.calls());
  }

  @Test
  void aWaitThatRunsDespiteTheCancelStartsNoAttempt() {
    scheduler.ignoreCancel = true;
    Delegate delegate = new Delegate().then(failed(new IOException()));
    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), null, delegate));

    assertTrue(call.cancel(false));
    scheduler.runNext();

    assertEquals(1, delegate.calls());
    assertEquals(0, scheduler.pending());
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(1, CancellationException.class)),
        listener.log());
  }

  @Test
  void cancelDuringAnAttemptCancelsItsFuture() {
    CompletableFuture<String> second = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(failed(new IOException())).then(second);
    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), null, delegate));
    scheduler.runNext();
    assertEquals(2, delegate.calls());

    assertTrue(call.cancel(true));

    assertTrue(second.isCancelled());
    assertTrue(call.isCancelled());
    assertEquals(Arrays.asList(100L), scheduler.delays); // the cancelled attempt is not retried
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(2, CancellationException.class)),
        listener.log());
    assertEquals(2, delegate.calls());
  }

  @Test
  void cancelDuringTheFirstAttemptCancelsItsFuture() {
    CompletableFuture<String> first = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(first);
    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), null, delegate));

    assertTrue(call.cancel(false));

    assertTrue(first.isCancelled());
    assertEquals(Arrays.asList(failure(1, CancellationException.class)), listener.log());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
  }

  @Test
  void cancelDuringAnAttemptThatStartedBeforeItsWaitWasRecordedCancelsIt() {
    // A pool thread may run a short wait's task, and so start the next attempt, before the
    // thread that scheduled it gets to note the wait as the thing in flight.
    scheduler.runBeforeReturning = true;
    CompletableFuture<String> second = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(failed(new IOException())).then(second);

    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 0L), null, delegate));
    assertEquals(2, delegate.calls());
    assertTrue(call.cancel(true));

    assertTrue(second.isCancelled(), "the attempt in flight was not cancelled");
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 0L), failure(2, CancellationException.class)),
        listener.log());
  }

  @Test
  void cancelAfterSuccessChangesNothing() {
    Delegate delegate = new Delegate().then(CompletableFuture.completedFuture("ok"));
    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), null, delegate));

    assertFalse(call.cancel(true));

    assertFalse(call.isCancelled());
    assertEquals("ok", call.getNow(null));
    assertEquals(Arrays.asList(success(1)), listener.log());
  }

  @Test
  void cancelDuringRecoveryCancelsItWithoutAnotherEvent() {
    CompletableFuture<String> fallback = new CompletableFuture<String>();
    CompletableFuture<String> call =
        start(recovering(new IOException(), () -> fallback, new ArrayList<Throwable>()));

    assertTrue(call.cancel(true));

    assertTrue(fallback.isCancelled());
    assertTrue(call.isCancelled());
    assertEquals(Arrays.asList(failure(1, IOException.class)), listener.log());
  }

  @Test
  void aCancelDuringOnRetryIsHeardAfterIt() {
    // The first listener cancels while onRetry is being told: the second listener must not hear
    // the end of the call before the retry it was told about.
    final AtomicReference<CompletableFuture<String>> returned =
        new AtomicReference<CompletableFuture<String>>();
    final List<String> heard = Collections.synchronizedList(new ArrayList<String>());
    RetryListener cancelling =
        new RetryListener() {
          @Override
          public void onRetry(RetryEvent event) {
            heard.add("cancelled " + returned.get().cancel(true));
          }
        };
    RetryOptions cancellingFirst =
        RetryOptions.builder()
            .ticker(clock)
            .scheduler(scheduler)
            .listener(cancelling)
            .listener(listener)
            .build();
    Retrier retrier =
        new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(100L)).bind(cancellingFirst);
    CompletableFuture<String> first = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(first);
    CompletableFuture<String> call = start(guarded(retrier, null, delegate));
    returned.set(call);

    first.completeExceptionally(new IOException());

    assertTrue(call.isCancelled());
    assertEquals(Arrays.asList("cancelled true"), heard);
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(1, CancellationException.class)),
        listener.log());
    assertEquals(0, scheduler.pending(), "a wait was scheduled after the cancel");
    assertEquals(1, delegate.calls());
  }

  @Test
  void noAttemptStartsOnceCancelReturnedTrue() {
    // The breaker reads the ticker when it decides whether its delay has passed, just before the
    // next attempt would start: the ticker cancels the call then, and the attempt must not start.
    final AtomicReference<CompletableFuture<String>> returned =
        new AtomicReference<CompletableFuture<String>>();
    final List<Boolean> cancelled = new ArrayList<Boolean>();
    Ticker cancelling =
        () -> {
          CompletableFuture<String> call = returned.getAndSet(null); // once
          if (call != null) {
            cancelled.add(call.cancel(false));
          }
          return clock.nanoTime();
        };
    RetryOptions cancellingOptions = options.toBuilder().ticker(cancelling).build();
    CircuitBreakerGate breaker =
        new CircuitBreakerPolicy("", 1, 1.0, 50L, 1).bind(cancellingOptions, label);
    Retrier retrier =
        new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(100L)).bind(cancellingOptions);
    Delegate delegate =
        new Delegate().then(failed(new IOException())).then(CompletableFuture.completedFuture("2"));
    CompletableFuture<String> call = start(guarded(retrier, breaker, delegate));
    assertEquals(OPEN, CircuitBreakers.state(label));
    returned.set(call);

    scheduler.runNext(); // 100 ms: the breaker's 50 ms have passed, it reads the ticker

    assertEquals(Arrays.asList(true), cancelled);
    assertEquals(1, delegate.calls(), "an attempt started after cancel() returned true");
    assertTrue(call.isCancelled());
    assertEquals(HALF_OPEN, breaker.state()); // its trial permit was given back
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(1, CancellationException.class)),
        listener.log());
  }

  @Test
  void completedExceptionallyFromOutsideEndsTheCallLikeATimeout() {
    // What orTimeout does: completeExceptionally(new TimeoutException()) on the returned future.
    CompletableFuture<String> second = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(failed(new IOException())).then(second);
    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), null, delegate));
    scheduler.runNext();
    TimeoutException timeout = new TimeoutException();

    assertTrue(call.completeExceptionally(timeout));

    assertSame(timeout, failureOf(call));
    assertTrue(second.isCancelled(), "the attempt in flight was not cancelled");
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(2, TimeoutException.class)),
        listener.log());
    assertEquals(0, scheduler.pending());
    assertEquals(2, delegate.calls());
  }

  @Test
  void completedFromOutsideDuringAWaitStartsNoAttemptAndEndsWithSuccess() {
    Delegate delegate = new Delegate().then(failed(new IOException()));
    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), null, delegate));

    assertTrue(call.complete("cached"));

    assertEquals("cached", call.getNow(null));
    assertEquals(0, scheduler.pending());
    assertEquals(Arrays.asList(retry(1, IOException.class, 100L), success(1)), listener.log());
    assertFalse(call.complete("again"));
    assertEquals(2, listener.log().size());
    assertEquals(1, delegate.calls());
  }

  // ------------------------------------------------------------ review: hardening

  /** Like Java 9's minimalCompletionStage(): a CompletableFuture whose Future methods throw. */
  private static final class MinimalStage<T> extends CompletableFuture<T> {
    @Override
    public boolean isDone() {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean isCompletedExceptionally() {
      throw new UnsupportedOperationException();
    }

    @Override
    public T join() {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      throw new UnsupportedOperationException();
    }
  }

  @Test
  void aStageWhoseFutureMethodsThrowIsObservedThroughItsCompletion() {
    MinimalStage<String> done = new MinimalStage<String>();
    done.complete("ok");
    MinimalStage<String> pending = new MinimalStage<String>();
    Delegate delegate = new Delegate().then(done).then(pending);

    CompletableFuture<String> first = start(guarded(retrier(3, 0L, 100L), null, delegate));
    CompletableFuture<String> second = start(guarded(retrier(3, 0L, 100L), null, delegate));

    assertEquals("ok", first.getNow(null));
    assertFalse(second.isDone());
    assertTrue(second.cancel(true)); // cancelling the stage throws: ignored
    assertTrue(second.isCancelled());
    pending.complete("late");
    assertEquals(Arrays.asList(success(1), failure(1, CancellationException.class)), listener.log());
  }

  @Test
  void aRandomSourceThatThrowsEndsTheCallInsteadOfLeavingItPending() {
    final IllegalStateException broken = new IllegalStateException("no randomness");
    RetryOptions throwing =
        options.toBuilder()
            .random(
                new RandomSource() {
                  @Override
                  public double nextDouble() {
                    throw broken;
                  }
                })
            .build();
    Retrier retrier =
        new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(100L).withMaxDelay(200L).withRandom())
            .bind(throwing);
    CompletableFuture<String> later = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(new IOException()).then(later);

    CompletableFuture<String> onTheCallersThread = start(guarded(retrier, null, delegate));
    CompletableFuture<String> onTheCompletingThread = start(guarded(retrier, null, delegate));
    later.completeExceptionally(new IOException());

    assertSame(broken, failureOf(onTheCallersThread));
    assertSame(broken, failureOf(onTheCompletingThread));
    assertEquals(
        Arrays.asList(
            failure(1, IllegalStateException.class), failure(1, IllegalStateException.class)),
        listener.log());
  }

  @Test
  void completeExceptionallyWithNullThrowsAndLeavesTheCallRunning() {
    CompletableFuture<String> pending = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(pending);
    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), null, delegate));

    assertThrows(NullPointerException.class, () -> call.completeExceptionally(null));

    assertFalse(call.isDone());
    pending.complete("ok");
    assertEquals("ok", call.getNow(null));
    assertEquals(Arrays.asList(success(1)), listener.log());
  }

  @Test
  void aCancelWhileTheCallSettlesChangesNothing() {
    final AtomicReference<CompletableFuture<String>> returned =
        new AtomicReference<CompletableFuture<String>>();
    final List<Boolean> cancelled = new ArrayList<Boolean>();
    RetryListener cancelling =
        new RetryListener() {
          @Override
          public void onSuccess(RetryEvent event) {
            cancelled.add(returned.get().cancel(true)); // the outcome is being settled
          }
        };
    Retrier retrier =
        new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(100L)).bind(options, cancelling);
    CompletableFuture<String> pending = new CompletableFuture<String>();
    CompletableFuture<String> call = start(guarded(retrier, null, new Delegate().then(pending)));
    returned.set(call);

    pending.complete("ok");

    assertEquals(Arrays.asList(false), cancelled);
    assertFalse(call.isCancelled());
    assertEquals("ok", call.getNow(null));
    assertEquals(Arrays.asList(success(1)), listener.log());
  }

  @Test
  void listenersThatThrowErrorsOfTheVirtualMachineChangeNoOutcomeAndLeaveNoCallPending() {
    RetryListener overflowing =
        new RetryListener() {
          @Override
          public void onRetry(RetryEvent event) {
            throw new StackOverflowError("onRetry");
          }

          @Override
          public void onSuccess(RetryEvent event) {
            throw new StackOverflowError("onSuccess");
          }

          @Override
          public void onFailure(RetryEvent event) {
            throw new OutOfMemoryError("onFailure");
          }
        };
    Retrier retrier =
        new RetryPolicy(label, 2, 0L, BackoffPolicy.fixed(100L))
            .bind(options, overflowing, listener);
    IOException last = new IOException("last");
    CompletableFuture<String> pending = new CompletableFuture<String>();
    Delegate delegate =
        new Delegate()
            .then(CompletableFuture.completedFuture("at once"))
            .then(failed(new IOException("first")))
            .then(pending)
            .then(failed(new IOException("first")))
            .then(failed(last));

    CompletableFuture<String> atOnce = start(guarded(retrier, null, delegate));
    CompletableFuture<String> later = start(guarded(retrier, null, delegate));
    scheduler.runNext();
    pending.complete("later");
    CompletableFuture<String> exhausted = start(guarded(retrier, null, delegate));
    scheduler.runNext();

    assertEquals("at once", atOnce.getNow(null));
    assertEquals("later", later.getNow(null));
    assertSame(last, failureOf(exhausted));
    startedWithRetrier += 3; // the listener hears each call twice: as itself and as this test's
    assertEquals(
        Arrays.asList(
            success(1), success(1),
            retry(1, IOException.class, 100L), retry(1, IOException.class, 100L),
            success(2), success(2),
            retry(1, IOException.class, 100L), retry(1, IOException.class, 100L),
            failure(2, IOException.class), failure(2, IOException.class)),
        listener.log());
  }

  // ------------------------------------------------------------ cancellation rule

  /**
   * {@link #guarded} whose recovery records what it recovers, retrying cancellation or not: as
   * generated code does, its classification leaves a {@link CancellationException} out unless
   * {@code retryFor} names it, and its policy says which ({@link RetryPolicy#retryingCancellation}).
   */
  private static AsyncCall<String> recording(
      Retrier retrier,
      CircuitBreakerGate breaker,
      Delegate delegate,
      List<Throwable> recovered,
      boolean retriesCancellation) {
    return new AsyncCall<String>(retrier, breaker) {
      @Override
      protected CompletionStage<String> call() throws Throwable {
        return delegate.call();
      }

      @Override
      protected boolean retryable(Throwable failure) {
        return failure instanceof Exception
            && (retriesCancellation || !(failure instanceof CancellationException));
      }

      @Override
      protected boolean breakerFailure(Throwable failure) {
        return failure instanceof Exception;
      }

      @Override
      protected CompletionStage<String> recover(Throwable failure) {
        recovered.add(failure);
        return CompletableFuture.completedFuture("recovered");
      }
    };
  }

  @Test
  void aCancellationEndsTheCallAtOnceUnrecoveredAndTheBreakerCountsIt() {
    CircuitBreakerGate breaker = breaker(10, 0.9, 1000L, 1);
    CancellationException cancelled = new CancellationException("cancelled by the callee");
    List<Throwable> recovered = new ArrayList<Throwable>();
    Delegate delegate =
        new Delegate()
            .then(failed(new CompletionException(cancelled)))
            .then(cancelled)
            .then(failed(cancelled));

    CompletableFuture<String> completed =
        start(recording(retrier(3, 0L, 100L), breaker, delegate, recovered, false));
    CompletableFuture<String> thrown =
        start(recording(retrier(3, 0L, 100L), null, delegate, recovered, false));
    CompletableFuture<String> breakerOnly =
        start(recording(null, breaker, delegate, recovered, false), false);

    for (CompletableFuture<String> call : Arrays.asList(completed, thrown, breakerOnly)) {
      assertSame(cancelled, failureOf(call)); // as it is: unwrapped, not recovered
    }
    assertEquals(Collections.<Throwable>emptyList(), recovered);
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
    assertEquals(
        Arrays.asList(
            failure(1, CancellationException.class), failure(1, CancellationException.class)),
        listener.log());
    assertEquals(2, breaker.windowCount()); // recorded as today: failOn = Exception
    assertEquals(2, breaker.windowFailures());
  }

  @Test
  void aCancellationIsRetriedWhenTheMethodRetriesCancellation() {
    CancellationException cancelled = new CancellationException();
    List<Throwable> recovered = new ArrayList<Throwable>();
    Delegate delegate =
        new Delegate().then(failed(cancelled)).then(CompletableFuture.completedFuture("ok"));

    Retrier retrier =
        new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(100L)).retryingCancellation()
            .bind(options);
    CompletableFuture<String> call = start(recording(retrier, null, delegate, recovered, true));
    scheduler.runNext();

    assertEquals("ok", call.getNow(null));
    assertEquals(Arrays.asList(retry(1, CancellationException.class, 100L), success(2)),
        listener.log());
  }

  // ---------------------------------------------------------------- 11. breaker

  @Test
  void breakerOutcomesAreRecordedWhenTheStagesComplete() {
    CircuitBreakerGate breaker = breaker(10, 0.9, 1000L, 1);
    CompletableFuture<String> first = new CompletableFuture<String>();
    CompletableFuture<String> second = new CompletableFuture<String>();
    Delegate delegate =
        new Delegate().then(first).then(second).then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 10L), breaker, delegate));
    assertEquals(0, breaker.windowCount()); // not at start

    first.completeExceptionally(new IOException());
    assertEquals(1, breaker.windowCount());
    assertEquals(1, breaker.windowFailures());

    scheduler.runNext();
    assertEquals(1, breaker.windowCount());
    second.completeExceptionally(new Error("not a failure for failOn = Exception"));
    assertEquals(2, breaker.windowCount());
    assertEquals(1, breaker.windowFailures());
    assertSame(Error.class, failureOf(call).getClass()); // not retryable
    assertEquals(2, delegate.calls());
  }

  @Test
  void aSucceededAttemptIsRecordedAndACancelledOneIsNot() {
    CircuitBreakerGate breaker = breaker(10, 0.9, 1000L, 1);
    CompletableFuture<String> pending = new CompletableFuture<String>();
    Delegate delegate =
        new Delegate().then(failed(new IOException())).then(CompletableFuture.completedFuture("ok"))
            .then(pending);

    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 10L), breaker, delegate));
    scheduler.runNext();
    assertEquals("ok", call.getNow(null));
    assertEquals(2, breaker.windowCount());
    assertEquals(1, breaker.windowFailures());

    CompletableFuture<String> cancelled = start(guarded(retrier(3, 0L, 10L), breaker, delegate));
    assertTrue(cancelled.cancel(true));
    assertTrue(pending.isCancelled());
    assertEquals(2, breaker.windowCount()); // given back without an outcome
    assertEquals(1, breaker.windowFailures());
  }

  @Test
  void aBreakerThatOverridesTurnOffNeitherCountsNorOpens() {
    RetryOptions turnedOff = options.toBuilder()
        .overrides(PolicyOverrides.from(Collections.singletonMap(
            "retrygen.circuitbreaker." + label + ".enabled", "false")))
        .build();
    CircuitBreakerGate breaker =
        new CircuitBreakerPolicy("", 1, 1.0, 1000L, 1).bind(turnedOff, label);
    for (int call = 1; call <= 3; call++) {
      IOException down = new IOException("down " + call);
      Delegate delegate = new Delegate().then(failed(down));

      CompletableFuture<String> failed = start(guarded(null, breaker, delegate), false);

      assertSame(down, failureOf(failed)); // never a CircuitBreakerOpenException
      assertEquals(1, delegate.calls());
    }
    assertEquals(CLOSED, breaker.state());
    assertEquals(0, breaker.windowCount());
  }

  @Test
  void anOpenBreakerFailsTheCallWithoutCallingTheMethod() {
    CircuitBreakerGate breaker = breaker(1, 1.0, 1000L, 1);
    breaker.onFailure(breaker.acquire());
    assertEquals(OPEN, breaker.state());
    Delegate delegate = new Delegate();

    CompletableFuture<String> call = start(guarded(null, breaker, delegate), false);

    CircuitBreakerOpenException refused =
        assertThrows(CircuitBreakerOpenException.class, () -> {
          throw failureOf(call);
        });
    assertEquals(label, refused.name());
    assertEquals(0, delegate.calls());
    assertEquals(OPEN, breaker.state());
  }

  @Test
  void anOpenBreakersExceptionIsRetriedWhenRetryable() {
    CircuitBreakerGate breaker = breaker(1, 1.0, 150L, 1);
    breaker.onFailure(breaker.acquire()); // opens at 0
    Delegate delegate = new Delegate().then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 100L), breaker, delegate));
    assertEquals(0, delegate.calls());
    scheduler.runNext(); // 100 ms: still open
    assertEquals(0, delegate.calls());
    scheduler.runNext(); // 200 ms: half-open, a trial that succeeds

    assertEquals("ok", call.getNow(null));
    assertEquals(1, delegate.calls());
    assertEquals(CLOSED, breaker.state());
    assertEquals(
        Arrays.asList(
            retry(1, CircuitBreakerOpenException.class, 100L),
            retry(2, CircuitBreakerOpenException.class, 100L),
            success(3)),
        listener.log());
  }

  @Test
  void anOpenBreakersExceptionThatIsNotRetryableGivesUpAtOnce() {
    CircuitBreakerGate breaker = breaker(1, 1.0, 150L, 1);
    breaker.onFailure(breaker.acquire());
    Delegate delegate = new Delegate();
    AsyncCall<String> guarded =
        new AsyncCall<String>(retrier(3, 0L, 100L), breaker) {
          @Override
          protected CompletionStage<String> call() throws Throwable {
            return delegate.call();
          }

          @Override
          protected boolean retryable(Throwable failure) {
            return !(failure instanceof CircuitBreakerOpenException);
          }
        };

    CompletableFuture<String> call = start(guarded);

    assertEquals(CircuitBreakerOpenException.class, failureOf(call).getClass());
    assertEquals(Arrays.asList(failure(1, CircuitBreakerOpenException.class)), listener.log());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
  }

  @Test
  void aCancelledTrialGivesItsPermitBack() {
    RecordingBreakerListener states = new RecordingBreakerListener(label);
    CircuitBreakers.addListener(states);
    try {
      CircuitBreakerGate breaker = breaker(1, 1.0, 100L, 1);
      breaker.onFailure(breaker.acquire());
      clock.advanceMillis(100);
      CompletableFuture<String> trial = new CompletableFuture<String>();
      Delegate delegate =
          new Delegate().then(trial).then(CompletableFuture.completedFuture("closes"));

      CompletableFuture<String> first = start(guarded(null, breaker, delegate), false);
      assertEquals(HALF_OPEN, breaker.state());
      CompletableFuture<String> refused = start(guarded(null, breaker, delegate), false);
      assertEquals(CircuitBreakerOpenException.class, failureOf(refused).getClass());
      assertEquals(1, delegate.calls());

      assertTrue(first.cancel(true));
      assertTrue(trial.isCancelled());
      assertEquals(HALF_OPEN, breaker.state()); // neither closed nor re-opened

      CompletableFuture<String> next = start(guarded(null, breaker, delegate), false);
      assertEquals("closes", next.getNow(null)); // admitted as the trial
      assertEquals(2, delegate.calls());
      assertEquals(
          Arrays.asList(
              label + ":CLOSED>OPEN",
              label + ":OPEN>HALF_OPEN",
              label + ":refused",
              label + ":HALF_OPEN>CLOSED"),
          states.events());
    } finally {
      assertTrue(CircuitBreakers.removeListener(states));
    }
  }

  @Test
  void aCancelledTrialWithARetrierGivesItsPermitBack() {
    CircuitBreakerGate breaker = breaker(1, 1.0, 100L, 1);
    breaker.onFailure(breaker.acquire());
    clock.advanceMillis(100);
    CompletableFuture<String> trial = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(trial).then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> first = start(guarded(retrier(3, 0L, 10L), breaker, delegate));
    assertTrue(first.cancel(true));
    assertEquals(HALF_OPEN, breaker.state());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);

    CompletableFuture<String> next = start(guarded(retrier(3, 0L, 10L), breaker, delegate));
    assertEquals("ok", next.getNow(null));
    assertEquals(CLOSED, breaker.state());
    assertEquals(
        Arrays.asList(failure(1, CancellationException.class), success(1)), listener.log());
  }

  /** A stage that cannot be cancelled and never completes unless the test completes it. */
  private static final class StubbornStage<T> extends CompletableFuture<T> {
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      return false;
    }
  }

  @Test
  void aCancelledTrialWhoseStageCannotBeCancelledGivesItsPermitBackAndCountsNothingLater() {
    CircuitBreakerGate breaker = breaker(1, 1.0, 100L, 1);
    breaker.onFailure(breaker.acquire());
    clock.advanceMillis(100);
    MinimalStage<String> minimal = new MinimalStage<String>(); // cancel() throws
    StubbornStage<String> stubborn = new StubbornStage<String>(); // cancel() does nothing
    Delegate delegate =
        new Delegate().then(minimal).then(stubborn).then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> first = start(guarded(null, breaker, delegate), false);
    assertTrue(first.cancel(true));
    CompletableFuture<String> second = start(guarded(null, breaker, delegate), false);
    assertEquals(2, delegate.calls(), "the first trial kept its permit");
    assertTrue(second.cancel(true));
    minimal.completeExceptionally(new IOException("late failure")); // counts nothing
    stubborn.complete("late success"); // counts nothing
    assertEquals(HALF_OPEN, breaker.state());

    CompletableFuture<String> third = start(guarded(null, breaker, delegate), false);
    assertEquals("ok", third.getNow(null));
    assertEquals(CLOSED, breaker.state());
  }

  @Test
  void aCancelledAttemptGivesItsPermitBackExactlyOnce() {
    CircuitBreakerGate breaker = breaker(1, 1.0, 100L, 2); // two trials at a time
    breaker.onFailure(breaker.acquire());
    clock.advanceMillis(100);
    CompletableFuture<String> cancellable = new CompletableFuture<String>();
    Delegate delegate =
        new Delegate()
            .then(cancellable)
            .then(new CompletableFuture<String>())
            .then(new CompletableFuture<String>());

    CompletableFuture<String> first = start(guarded(null, breaker, delegate), false);
    start(guarded(null, breaker, delegate), false);
    assertTrue(first.cancel(true)); // gives its permit back; its stage then fails: no second time
    assertTrue(cancellable.isCancelled());
    CompletableFuture<String> third = start(guarded(null, breaker, delegate), false);
    CompletableFuture<String> fourth = start(guarded(null, breaker, delegate), false);

    assertEquals(3, delegate.calls());
    assertFalse(third.isDone());
    assertEquals(CircuitBreakerOpenException.class, failureOf(fourth).getClass());
    for (CompletableFuture<String> call : started) {
      call.cancel(true);
    }
  }

  @Test
  void aLateOutcomeOfACancelledCallCountsNothingInTheWindow() {
    CircuitBreakerGate breaker = breaker(10, 0.9, 1000L, 1);
    StubbornStage<String> failing = new StubbornStage<String>();
    StubbornStage<String> succeeding = new StubbornStage<String>();
    Delegate delegate = new Delegate().then(failing).then(succeeding);

    CompletableFuture<String> one = start(guarded(retrier(3, 0L, 10L), breaker, delegate));
    CompletableFuture<String> two = start(guarded(retrier(3, 0L, 10L), breaker, delegate));
    assertTrue(one.cancel(false));
    assertTrue(two.completeExceptionally(new TimeoutException())); // as orTimeout does
    failing.completeExceptionally(new IOException("late"));
    succeeding.complete("late");

    assertEquals(0, breaker.windowCount());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
  }

  // ---------------------------------------------------------- 12. breaker only

  @Test
  void breakerOnlySuccessAndFailurePassThrough() {
    CircuitBreakerGate breaker = breaker(10, 0.9, 1000L, 1);
    CompletableFuture<String> pending = new CompletableFuture<String>();
    IOException failure = new IOException("failure");
    IOException thrown = new IOException("thrown");
    Delegate delegate =
        new Delegate()
            .then(CompletableFuture.completedFuture("now"))
            .then(pending)
            .then(failed(new CompletionException(failure)))
            .then(thrown);

    assertEquals("now", start(guarded(null, breaker, delegate), false).getNow(null));
    CompletableFuture<String> later = start(guarded(null, breaker, delegate), false);
    assertFalse(later.isDone());
    pending.complete("later");
    assertEquals("later", later.getNow(null));
    assertSame(failure, failureOf(start(guarded(null, breaker, delegate), false)));
    assertSame(thrown, failureOf(start(guarded(null, breaker, delegate), false)));

    assertEquals(4, breaker.windowCount());
    assertEquals(2, breaker.windowFailures());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
    assertEquals(Collections.<String>emptyList(), listener.log());
  }

  @Test
  void breakerOnlyRecoveryApplies() {
    CircuitBreakerGate breaker = breaker(1, 1.0, 1000L, 1);
    IOException failure = new IOException("failure");
    Delegate delegate = new Delegate().then(failed(failure));
    List<Throwable> from = new ArrayList<Throwable>();
    AsyncCall<String> first = breakerOnlyRecovering(breaker, delegate, from);
    AsyncCall<String> second = breakerOnlyRecovering(breaker, delegate, from);

    assertEquals("recovered", start(first, false).getNow(null));
    assertEquals(OPEN, breaker.state());
    assertEquals("recovered", start(second, false).getNow(null)); // refused, then recovered

    assertEquals(2, from.size());
    assertSame(failure, from.get(0));
    assertEquals(CircuitBreakerOpenException.class, from.get(1).getClass());
    assertEquals(1, delegate.calls());
  }

  private static AsyncCall<String> breakerOnlyRecovering(
      CircuitBreakerGate breaker, final Delegate delegate, final List<Throwable> from) {
    return new AsyncCall<String>(null, breaker) {
      @Override
      protected CompletionStage<String> call() throws Throwable {
        return delegate.call();
      }

      @Override
      protected boolean retryable(Throwable failure) {
        throw new AssertionError("no retrier: never asked");
      }

      @Override
      protected boolean breakerFailure(Throwable failure) {
        return true;
      }

      @Override
      protected CompletionStage<String> recover(Throwable failure) {
        from.add(failure);
        return CompletableFuture.completedFuture("recovered");
      }
    };
  }

  // ----------------------------------------------------- 13. scheduler refuses

  @Test
  void aSchedulerThatRefusesEndsTheCallWithItsException() {
    RejectedExecutionException rejected = new RejectedExecutionException("shut down");
    scheduler.rejectWith = rejected;
    Delegate delegate = new Delegate().then(failed(new IOException()));
    AtomicInteger recovered = new AtomicInteger();
    AsyncCall<String> guarded =
        new AsyncCall<String>(retrier(3, 0L, 100L), null) {
          @Override
          protected CompletionStage<String> call() throws Throwable {
            return delegate.call();
          }

          @Override
          protected boolean retryable(Throwable failure) {
            return true;
          }

          @Override
          protected CompletionStage<String> recover(Throwable failure) {
            recovered.incrementAndGet();
            return CompletableFuture.completedFuture("recovered");
          }
        };

    CompletableFuture<String> call = start(guarded);

    assertSame(rejected, failureOf(call));
    assertEquals(0, recovered.get());
    assertEquals(
        Arrays.asList(
            retry(1, IOException.class, 100L), failure(1, RejectedExecutionException.class)),
        listener.log());
    assertSame(rejected, listener.event(1).failure());
  }

  // ------------------------------------------------------------- 14. null stage

  @Test
  void aNullStageIsAFailedAttemptRetriedWhenRetryable() {
    Delegate delegate =
        new Delegate().then(NULL_STAGE).then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> call = start(guarded(retrier(3, 0L, 10L), null, delegate));
    assertEquals(Arrays.asList(retry(1, NullPointerException.class, 10L)), listener.log());
    scheduler.runNext();

    assertEquals("ok", call.getNow(null));
  }

  @Test
  void aNullStageThatIsNotRetriedFailsTheCallWithANullPointerException() {
    Delegate delegate = new Delegate().then(NULL_STAGE);

    CompletableFuture<String> call = start(guarded(retrier(1, 0L, 10L), null, delegate));

    Throwable failure = failureOf(call);
    assertEquals(NullPointerException.class, failure.getClass());
    assertTrue(failure.getMessage().contains(label), failure.getMessage());
    assertEquals(Arrays.asList(failure(1, NullPointerException.class)), listener.log());
  }

  // ------------------------------------------------- 15. the default scheduler

  private RetryOptions realTimeOptions() {
    return RetryOptions.builder().listener(listener).build();
  }

  @Test
  @Timeout(120)
  void withTheDefaultSchedulerALaterAttemptRunsOnAnotherThread() throws Exception {
    Delegate delegate =
        new Delegate()
            .then(failed(new IOException()))
            .then(CompletableFuture.completedFuture("ok"));
    Retrier retrier = new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(1L)).bind(realTimeOptions());

    CompletableFuture<String> call = start(guarded(retrier, null, delegate));

    assertEquals("ok", call.get(WAIT, TimeUnit.SECONDS));
    assertEquals(2, delegate.calls());
    assertSame(Thread.currentThread(), delegate.threads.get(0));
    assertNotSame(Thread.currentThread(), delegate.threads.get(1));
    assertEquals(Arrays.asList(retry(1, IOException.class, 1L), success(2)), listener.log());
  }

  @Test
  @Timeout(120)
  void laterAttemptsRunOnTheRuntimesOwnDaemonThreadsNeverOnTheCommonPool() throws Exception {
    for (long delayMillis : new long[] {0L, 1L}) {
      Delegate delegate =
          new Delegate()
              .then(failed(new IOException()))
              .then(failed(new IOException()))
              .then(CompletableFuture.completedFuture("ok"));
      Retrier retrier =
          new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(delayMillis)).bind(realTimeOptions());

      CompletableFuture<String> call = start(guarded(retrier, null, delegate));

      assertEquals("ok", call.get(WAIT, TimeUnit.SECONDS));
      for (Thread thread : delegate.threads.subList(1, 3)) {
        assertFalse(thread instanceof ForkJoinWorkerThread, delayMillis + " ms: " + thread);
        assertTrue(thread.getName().startsWith("retrygen-async-"), delayMillis + " ms: " + thread);
        assertTrue(thread.isDaemon(), thread.getName());
      }
    }
  }

  @Test
  void theRuntimesPoolGrowsOnDemandAndLetsIdleThreadsGo() {
    ThreadPoolExecutor pool = (ThreadPoolExecutor) SharedScheduler.POOL;

    assertEquals(0, pool.getCorePoolSize()); // no thread kept when nothing runs
    assertEquals(Integer.MAX_VALUE, pool.getMaximumPoolSize()); // one more per attempt that blocks
    assertTrue(pool.getQueue() instanceof SynchronousQueue, "an attempt never waits in a queue");
    assertTrue(pool.getKeepAliveTime(TimeUnit.SECONDS) > 0);
  }

  @Test
  @Timeout(120)
  void aDelegateThatBlocksDoesNotDelayOtherCallsRetries() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Delegate blocking =
        new Delegate()
            .then(failed(new IOException()))
            .then(
                () -> {
                  entered.countDown();
                  assertTrue(release.await(WAIT * 4, TimeUnit.SECONDS));
                  return CompletableFuture.completedFuture("unblocked");
                });
    Retrier oneMilli =
        new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(1L)).bind(realTimeOptions());
    Retrier atOnce =
        new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(0L)).bind(realTimeOptions());

    CompletableFuture<String> blocked = start(guarded(oneMilli, null, blocking));
    try {
      assertTrue(entered.await(WAIT, TimeUnit.SECONDS), "the second attempt did not start");
      for (Retrier retrier : Arrays.asList(oneMilli, atOnce, oneMilli)) {
        Delegate other =
            new Delegate()
                .then(failed(new IOException()))
                .then(CompletableFuture.completedFuture("other"));
        CompletableFuture<String> call = start(guarded(retrier, null, other));
        assertEquals("other", call.get(WAIT, TimeUnit.SECONDS));
        assertEquals(2, other.calls());
      }
      assertFalse(blocked.isDone());
    } finally {
      release.countDown();
    }
    assertEquals("unblocked", blocked.get(WAIT, TimeUnit.SECONDS));
  }

  // --------------------------------------------------------------- 16. odds and ends

  @Test
  void startTwiceIsRefused() {
    Delegate delegate = new Delegate().then(CompletableFuture.completedFuture("ok"));
    AsyncCall<String> call = guarded(retrier(3, 0L, 10L), null, delegate);

    start(call);
    assertThrows(IllegalStateException.class, call::start);
    assertEquals(1, delegate.calls());
    assertEquals(Arrays.asList(success(1)), listener.log());
  }

  @Test
  void needsARetrierOrABreaker() {
    assertThrows(NullPointerException.class, () -> guarded(null, null, new Delegate()));
  }

  /**
   * What a done future holds, on every JDK: from JDK 23 on, {@code join()} throws a new
   * CancellationException ("join") around the one the future was completed with.
   */
  @Test
  void failureOfADoneFutureIsTheOneItWasCompletedWith() {
    CancellationException cancelled = new CancellationException("by the callee");
    CompletableFuture<String> withCancellation = new CompletableFuture<>();
    withCancellation.completeExceptionally(cancelled);
    assertSame(cancelled, Stages.failureOf(withCancellation));

    IOException failure = new IOException();
    CompletableFuture<String> failed = new CompletableFuture<>();
    failed.completeExceptionally(failure);
    assertSame(failure, Stages.failureOf(failed));

    CompletableFuture<String> cancelledFuture = new CompletableFuture<>();
    cancelledFuture.cancel(false);
    Throwable held = Stages.failureOf(cancelledFuture);
    assertTrue(held instanceof CancellationException, String.valueOf(held));
    assertNull(held.getCause(), "a wrapper of the held cancellation: " + held);

    CancellationException nested = new CancellationException("mine");
    nested.initCause(new CancellationException("inner"));
    CompletableFuture<String> withNested = new CompletableFuture<>();
    withNested.completeExceptionally(nested);
    assertSame(nested, Stages.failureOf(withNested));

    assertNull(Stages.failureOf(CompletableFuture.completedFuture("ok")));
  }

  @Test
  void unwrapRemovesNestedWrappersThatHaveACause() {
    IOException failure = new IOException();
    assertSame(
        failure,
        Stages.unwrap(new CompletionException(new ExecutionException(failure))));
    assertSame(
        failure,
        Stages.unwrap(new ExecutionException(new CompletionException(failure))));
    assertSame(failure, Stages.unwrap(failure));

    CompletionException empty = new CompletionException("no cause", null);
    assertSame(empty, Stages.unwrap(empty));
    CompletionException aroundEmpty = new CompletionException(empty);
    assertSame(empty, Stages.unwrap(aroundEmpty));
    RuntimeException other = new RuntimeException(failure); // not a wrapper it removes
    assertSame(other, Stages.unwrap(other));
  }

  // ------------------------------------------------- retry budget and delayFor (§10, §4)

  @Test
  void aBudgetTakesATokenPerRetryableFailureAndRefusesRetriesAtHalf() {
    String budget = label + ".budget";
    Retrier retrier =
        new RetryPolicy(label, 10, 0L, BackoffPolicy.fixed(100L))
            .withBudget(budget, 4, 0.5)
            .bind(options);
    Delegate delegate =
        new Delegate()
            .then(failed(new IOException("1")))
            .then(failed(new IOException("2")))
            .then(failed(new InterruptedException("not retryable")))
            .then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> call = start(guarded(retrier, null, delegate));
    scheduler.runNext();
    assertEquals(2.0, RetryBudgets.tokens(budget), 0.0); // 4 - 1 - 1: not more than half
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(2, IOException.class)),
        listener.log());
    assertEquals("2", failureOf(call).getMessage());

    assertTrue(start(guarded(retrier, null, delegate)).isCompletedExceptionally());
    assertEquals(2.5, RetryBudgets.tokens(budget), 0.0); // a failure not retried gives 0.5
    assertEquals("ok", start(guarded(retrier, null, delegate)).getNow(null));
    assertEquals(3.0, RetryBudgets.tokens(budget), 0.0); // and so does a success
    assertEquals(0, scheduler.pending());
  }

  @Test
  void aCallEndedFromOutsideLeavesTheBudgetAlone() {
    String budget = label + ".budget";
    Retrier retrier =
        new RetryPolicy(label, 10, 0L, BackoffPolicy.fixed(100L))
            .withBudget(budget, 4, 0.5)
            .bind(options);
    CompletableFuture<String> pending = new CompletableFuture<String>();
    Delegate delegate = new Delegate().then(pending).then(new CompletableFuture<String>());

    CompletableFuture<String> cancelled = start(guarded(retrier, null, delegate));
    assertTrue(cancelled.cancel(true));
    CompletableFuture<String> completed = start(guarded(retrier, null, delegate));
    assertTrue(completed.complete("from outside"));

    assertEquals(4.0, RetryBudgets.tokens(budget), 0.0, "no attempt ended: nothing taken or given");
    assertTrue(pending.isCancelled());
  }

  @Test
  void aRejectedResultTakesATokenAndTheBudgetCanRefuseItsRetry() {
    String budget = label + ".budget";
    Retrier retrier =
        new RetryPolicy(label, 10, 0L, BackoffPolicy.fixed(100L))
            .withBudget(budget, 2, 0.5)
            .bind(options);
    Delegate delegate =
        new Delegate()
            .then(CompletableFuture.completedFuture("pending 1"))
            .then(CompletableFuture.completedFuture("pending 2"));

    CompletableFuture<String> call = start(waitingAsAsked(retrier, delegate, -1L));
    assertEquals(1.0, RetryBudgets.tokens(budget), 0.0);

    assertEquals("pending 1", call.getNow(null), "1 is not more than 1: the last result stands");
    assertEquals(Arrays.asList(failure(1, null)), listener.log());
    assertEquals(0, scheduler.pending());
  }

  /** {@link #guarded} with {@code delayFor} hooks, as generated code makes them. */
  private static AsyncCall<String> waitingAsAsked(
      Retrier retrier, Delegate delegate, long resultWait, Long... failureWaits) {
    Deque<Long> waits = new ArrayDeque<Long>(Arrays.asList(failureWaits));
    return new AsyncCall<String>(retrier, null) {
      @Override
      protected CompletionStage<String> call() throws Throwable {
        return delegate.call();
      }

      @Override
      protected boolean retryable(Throwable failure) {
        return failure instanceof Exception;
      }

      @Override
      protected boolean rejects(String result) {
        return result.startsWith("pending");
      }

      @Override
      protected long delayFor(Throwable failure) throws Throwable {
        if (failure instanceof IllegalStateException) {
          throw new IllegalArgumentException("delayFor failed");
        }
        return waits.removeFirst();
      }

      @Override
      protected long delayForResult(String result) {
        return resultWait;
      }
    };
  }

  @Test
  void delayForChoosesTheWaitOfAFailureAndOfARejectedResult() {
    Retrier retrier = retrier(5, 0L, 100L);
    Delegate delegate =
        new Delegate()
            .then(failed(new IOException()))
            .then(CompletableFuture.completedFuture("pending"))
            .then(CompletableFuture.completedFuture("done"));

    CompletableFuture<String> call = start(waitingAsAsked(retrier, delegate, 3_000L, 7_000L));
    scheduler.runNext();
    scheduler.runNext();

    assertEquals("done", call.getNow(null));
    assertEquals(Arrays.asList(7_000L, 3_000L), scheduler.delays);
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 7_000L), retry(2, null, 3_000L), success(3)),
        listener.log());
  }

  @Test
  void aNegativeDelayForMeansTheFormulaAndOneAboveTheCapGivesUp() {
    Retrier capped =
        new RetryPolicy(label, 5, 0L, BackoffPolicy.fixed(100L).withMaxDelay(1_000L))
            .bind(options);
    Delegate delegate =
        new Delegate()
            .then(failed(new IOException("formula")))
            .then(failed(new IOException("too long")));

    CompletableFuture<String> call = start(waitingAsAsked(capped, delegate, -1L, -1L, 1_001L));
    assertEquals(Arrays.asList(100L), scheduler.delays);
    scheduler.runNext();

    assertEquals("too long", failureOf(call).getMessage());
    assertEquals(
        Arrays.asList(retry(1, IOException.class, 100L), failure(2, IOException.class)),
        listener.log());
    assertEquals(0, scheduler.pending());
  }

  @Test
  void aDelayForThatThrowsEndsTheCallWithItsException() {
    Delegate delegate = new Delegate().then(failed(new IllegalStateException("attempt")));

    CompletableFuture<String> call =
        start(waitingAsAsked(retrier(5, 0L, 100L), delegate, -1L, 7_000L));

    assertEquals("delayFor failed", failureOf(call).getMessage());
    assertEquals(Arrays.asList(failure(1, IllegalArgumentException.class)), listener.log());
    assertEquals(0, scheduler.pending());
  }

  // ---------------------------------------------------------------- test doubles

  /**
   * The guarded method: each call takes the next scripted outcome, a stage to return, a {@link
   * Throwable} to throw, {@link #NULL_STAGE}, or a {@link Callable} run then. Records the thread
   * of every call; thread-safe.
   */
  private static final class Delegate {
    private final Deque<Object> script = new ArrayDeque<Object>();
    final List<Thread> threads = Collections.synchronizedList(new ArrayList<Thread>());

    Delegate then(Object outcome) {
      synchronized (script) {
        script.addLast(outcome);
      }
      return this;
    }

    Delegate then(Callable<CompletionStage<String>> outcome) {
      return then((Object) outcome);
    }

    int calls() {
      return threads.size();
    }

    @SuppressWarnings("unchecked")
    CompletionStage<String> call() throws Throwable {
      threads.add(Thread.currentThread());
      Object next;
      synchronized (script) {
        next = script.pollFirst();
      }
      if (next == null) {
        throw new AssertionError("unexpected attempt " + calls());
      }
      if (next == NULL_STAGE) {
        return null;
      }
      if (next instanceof Throwable) {
        throw (Throwable) next;
      }
      if (next instanceof Callable) {
        return ((Callable<CompletionStage<String>>) next).call();
      }
      return (CompletionStage<String>) next;
    }
  }

  /** Records every event as {@code kind:attempt:failure-class:delay}; thread-safe. */
  private static final class RecordingListener implements RetryListener {
    private final List<String> log = new ArrayList<String>();
    private final List<RetryEvent> events = new ArrayList<RetryEvent>();

    @Override
    public void onRetry(RetryEvent event) {
      record("retry", event);
    }

    @Override
    public void onSuccess(RetryEvent event) {
      record("success", event);
    }

    @Override
    public void onFailure(RetryEvent event) {
      record("failure", event);
    }

    private synchronized void record(String kind, RetryEvent event) {
      Throwable failure = event.failure();
      log.add(format(kind, event.attempt(), failure == null ? null : failure.getClass(),
          event.delayMillis()));
      events.add(event);
    }

    synchronized List<String> log() {
      return new ArrayList<String>(log);
    }

    synchronized RetryEvent event(int index) {
      return events.get(index);
    }

    synchronized int terminals() {
      int count = 0;
      for (String entry : log) {
        if (entry.startsWith("success:") || entry.startsWith("failure:")) {
          count++;
        }
      }
      return count;
    }
  }
}
