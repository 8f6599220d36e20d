package io.retrygen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.testing.EventLog;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.ManualScheduler;
import io.retrygen.runtime.testing.QueueRandom;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link AsyncRetryTemplate} (SPEC §11, §7) in virtual time: a {@link ManualScheduler} runs the
 * waits, the test completes the attempts' futures, and a {@link Sleeper} that fails the test shows
 * that nothing blocks.
 */
class AsyncRetryTemplateTest {
  private static final long MS = 1_000_000L;

  private final FakeClock clock = new FakeClock(2_000 * MS);
  private final ManualScheduler scheduler = new ManualScheduler(clock);
  private final EventLog events = new EventLog();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(millis -> {
            throw new AssertionError("an asynchronous call slept " + millis + " ms");
          })
          .ticker(clock)
          .random(QueueRandom.none())
          .scheduler(scheduler)
          .listener(events)
          .build();
  private final List<CompletableFuture<String>> started =
      new ArrayList<CompletableFuture<String>>();

  @AfterEach
  void everyCallEndedWithExactlyOneOutcomeEvent() {
    for (CompletableFuture<String> call : started) {
      assertTrue(call.isDone(), "a call was left running");
    }
    assertEquals(started.size(), events.terminals(), events.lines().toString());
    Thread.interrupted(); // never leak an interrupt into another test
  }

  private AsyncRetryTemplate async(RetryTemplate.Builder builder) {
    return AsyncRetryTemplate.of(builder.options(options).build());
  }

  private static RetryTemplate.Builder threeAttempts() {
    return RetryTemplate.builder().maxAttempts(3).backoff(BackoffPolicy.fixed(100L));
  }

  private CompletableFuture<String> execute(AsyncRetryTemplate template, Attempts attempts) {
    CompletableFuture<String> call = template.execute(attempts);
    started.add(call);
    return call;
  }

  private static <T> CompletableFuture<T> failed(Throwable failure) {
    CompletableFuture<T> future = new CompletableFuture<T>();
    future.completeExceptionally(failure);
    return future;
  }

  /** The failure {@code future} completed with, as it was given: no wrapper added. */
  private static Throwable failureOf(CompletableFuture<?> future) {
    assertTrue(future.isCompletedExceptionally(), "not failed: " + future);
    AtomicReference<Throwable> seen = new AtomicReference<Throwable>();
    future.whenComplete((value, failure) -> seen.set(failure));
    ExecutionException thrown = assertThrows(ExecutionException.class, future::get);
    assertSame(seen.get(), thrown.getCause());
    return seen.get();
  }

  // -------------------------------------------------------- first attempt, later attempts

  @Test
  void theFirstAttemptRunsOnTheCallersThreadAndRetriesAreScheduledAfterTheirWaits() {
    CompletableFuture<String> first = new CompletableFuture<String>();
    CompletableFuture<String> second = new CompletableFuture<String>();
    CompletableFuture<String> third = new CompletableFuture<String>();
    Attempts attempts = new Attempts().then(first).then(second).then(third);
    IOException one = new IOException("one");

    CompletableFuture<String> call = execute(async(threeAttempts().label("quotes")), attempts);

    assertEquals(Collections.singletonList(Thread.currentThread()), attempts.threads);
    assertFalse(call.isDone()); // returned at once, nothing blocked
    clock.advanceMillis(5);
    first.completeExceptionally(one);
    assertEquals(1, attempts.calls()); // scheduled, not run on the completion's stack
    assertEquals(Collections.singletonList(100L), scheduler.delays);

    scheduler.runNext();
    assertEquals(2, attempts.calls());
    second.completeExceptionally(new IllegalStateException("two"));
    scheduler.runNext();
    clock.advanceMillis(3);
    third.complete("ok");

    assertEquals("ok", call.getNow(null));
    assertEquals(Arrays.asList(100L, 100L), scheduler.delays);
    assertEquals(0, scheduler.pending());
    assertEquals(
        Arrays.asList(
            "onRetry quotes #1 IOException delay=100 elapsedMs=5",
            "onRetry quotes #2 IllegalStateException delay=100 elapsedMs=105",
            "onSuccess quotes #3 - delay=0 elapsedMs=208"),
        events.lines());
    assertSame(one, events.event(0).failure());
  }

  @Test
  void aCompletedStageSucceedsWithoutScheduling() {
    CompletableFuture<String> call = execute(
        async(threeAttempts()), new Attempts().then(CompletableFuture.completedFuture("now")));

    assertEquals("now", call.getNow(null));
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
    assertEquals(
        Collections.singletonList("onSuccess RetryTemplate #1 - delay=0 elapsedMs=0"),
        events.lines());
  }

  // ---------------------------------------------------------------------------- failures

  @Test
  void completionAndExecutionExceptionsAreUnwrappedBeforeClassification() {
    IOException first = new IOException("first");
    IOException last = new IOException("last");
    CompletableFuture<String> call = execute(
        async(threeAttempts().maxAttempts(2).retryOn(IOException.class)), // wrappers would not be
        new Attempts()
            .then(failed(new CompletionException(new ExecutionException(first))))
            .then(failed(new ExecutionException(last))));

    scheduler.runNext();

    assertSame(last, failureOf(call));
    assertEquals(
        Arrays.asList(
            "onRetry RetryTemplate #1 IOException delay=100 elapsedMs=0",
            "onFailure RetryTemplate #2 IOException delay=0 elapsedMs=100"),
        events.lines());
    assertSame(first, events.event(0).failure());
  }

  @Test
  void aSynchronousThrowFromTheCallbackIsAFailedAttempt() {
    IOException thrown = new IOException("thrown");
    Attempts attempts = new Attempts()
        .then(thrown)
        .then(new CompletionException(new IOException("wrapped")))
        .then(CompletableFuture.completedFuture("ok"));

    CompletableFuture<String> call = execute(async(threeAttempts()), attempts);
    assertFalse(call.isDone());
    scheduler.runNext();
    scheduler.runNext();

    assertEquals("ok", call.getNow(null));
    assertEquals(3, attempts.calls());
    assertSame(thrown, attempts.lastFailures.get(1));
    assertEquals("wrapped", attempts.lastFailures.get(2).getMessage()); // unwrapped
  }

  @Test
  void classificationIsTheTemplatesExclusionAndInterruptionIncluded() {
    FileNotFoundException missing = new FileNotFoundException();
    InterruptedException interrupted = new InterruptedException();
    AsyncRetryTemplate template =
        async(threeAttempts().retryOn(IOException.class).notRetryOn(FileNotFoundException.class));
    AsyncRetryTemplate byDefault = async(threeAttempts());

    CompletableFuture<String> excluded = execute(template, new Attempts().then(failed(missing)));
    CompletableFuture<String> notRetried =
        execute(byDefault, new Attempts().then(failed(interrupted)));
    CompletableFuture<String> error =
        execute(byDefault, new Attempts().then(new AssertionError("error")));

    assertSame(missing, failureOf(excluded));
    assertSame(interrupted, failureOf(notRetried));
    assertEquals("error", failureOf(error).getMessage());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
    assertFalse(Thread.currentThread().isInterrupted()); // nothing sets a flag asynchronously
  }

  @Test
  void aCancellationEndsTheCallAtOnceUnrecoveredUnlessRetryOnNamesIt() {
    CancellationException cancelled = new CancellationException("cancelled");
    CompletableFuture<String> completed =
        execute(async(threeAttempts()), new Attempts().then(failed(cancelled)));
    CompletableFuture<String> wrapped =
        execute(
            async(threeAttempts().retryOn(IllegalStateException.class)),
            new Attempts().then(failed(new CompletionException(cancelled))));
    CompletableFuture<String> thrown =
        execute(async(threeAttempts()), new Attempts().then(cancelled));

    for (CompletableFuture<String> call : Arrays.asList(completed, wrapped, thrown)) {
      assertTrue(call.isCancelled()); // completed with the CancellationException itself
      AtomicReference<Throwable> seen = new AtomicReference<Throwable>();
      call.whenComplete((value, failure) -> seen.set(failure));
      assertSame(cancelled, seen.get()); // (get() of JDK 25 throws a new one around it)
      assertThrows(CancellationException.class, call::get);
    }
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
    assertEquals(
        Collections.nCopies(
            3, "onFailure RetryTemplate #1 CancellationException delay=0 elapsedMs=0"),
        events.lines());

    CompletableFuture<String> retried =
        execute(
            async(threeAttempts().retryOn(CancellationException.class)),
            new Attempts().then(failed(cancelled)).then(CompletableFuture.completedFuture("ok")));
    scheduler.runNext();
    assertEquals("ok", retried.getNow(null));
  }

  @Test
  @Timeout(30)
  void withoutASchedulerLaterAttemptsRunOnTheRuntimesDaemonPool() throws Exception {
    List<Thread> threads = Collections.synchronizedList(new ArrayList<Thread>());
    AsyncRetryTemplate template =
        AsyncRetryTemplate.of(
            RetryTemplate.builder()
                .maxAttempts(3)
                .backoff(BackoffPolicy.fixed(1L))
                .options(RetryOptions.builder().listener(events).build())
                .build());

    CompletableFuture<String> call =
        template.execute(
            context -> {
              threads.add(Thread.currentThread());
              return context.attempt() < 3
                  ? failed(new IOException("attempt " + context.attempt()))
                  : CompletableFuture.completedFuture("ok");
            });
    started.add(call);

    assertEquals("ok", call.get(10, TimeUnit.SECONDS));
    assertSame(Thread.currentThread(), threads.get(0));
    for (Thread thread : threads.subList(1, 3)) {
      assertTrue(thread.getName().startsWith("retrygen-async-"), thread.getName());
      assertTrue(thread.isDaemon());
    }
  }

  @Test
  void noRetryIsScheduledWhileTheObservingThreadsInterruptFlagIsSet() {
    IOException failure = new IOException();
    Attempts attempts = new Attempts().then(failed(failure));

    Thread.currentThread().interrupt(); // not checked before the first attempt
    CompletableFuture<String> call = execute(async(threeAttempts()), attempts);

    assertSame(failure, failureOf(call));
    assertEquals(1, attempts.calls());
    assertEquals(Collections.<Long>emptyList(), scheduler.delays);
    assertTrue(Thread.interrupted()); // still set
  }

  @Test
  void retryIfAndMaxDurationApplyToTheCompletedFailure() {
    List<Throwable> consulted = new ArrayList<Throwable>();
    IOException permanent = new IOException("permanent");
    CompletableFuture<String> refused = execute(
        async(threeAttempts().retryIf(failure -> consulted.add(failure)
            && failure.getMessage().startsWith("transient"))),
        new Attempts().then(failed(new IOException("transient"))).then(failed(permanent)));
    scheduler.runNext();
    assertSame(permanent, failureOf(refused));
    assertEquals(2, consulted.size());

    IOException late = new IOException("late");
    CompletableFuture<String> timed = execute(
        async(threeAttempts().maxDuration(150L)), // 0 + 100 < 150, then 100 + 100 >= 150
        new Attempts().then(failed(new IOException())).then(failed(late)));
    scheduler.runNext();
    assertSame(late, failureOf(timed));
    assertEquals(Arrays.asList(100L, 100L), scheduler.delays);
  }

  @Test
  void aRetryIfThatThrowsEndsTheCallWithItsException() {
    IllegalStateException broken = new IllegalStateException("broken");
    CompletableFuture<String> call = execute(
        async(threeAttempts().retryIf(failure -> {
          throw broken;
        })),
        new Attempts().then(failed(new IOException())));

    assertSame(broken, failureOf(call));
    assertEquals(
        Collections.singletonList(
            "onFailure RetryTemplate #1 IllegalStateException delay=0 elapsedMs=0"),
        events.lines());
  }

  // ------------------------------------------------------------------------ cancellation

  @Test
  void cancellingDuringAWaitStopsTheRetries() {
    Attempts attempts = new Attempts().then(failed(new IOException()));
    CompletableFuture<String> call = execute(async(threeAttempts()), attempts);
    assertEquals(1, scheduler.pending());

    assertTrue(call.cancel(true));

    assertEquals(0, scheduler.pending());
    assertEquals(1, scheduler.cancelled);
    assertEquals(1, attempts.calls());
    assertTrue(call.isCancelled());
    assertEquals(
        Arrays.asList(
            "onRetry RetryTemplate #1 IOException delay=100 elapsedMs=0",
            "onFailure RetryTemplate #1 CancellationException delay=0 elapsedMs=0"),
        events.lines());
  }

  @Test
  void cancellingCancelsTheAttemptInFlightAndRetriesNothing() {
    CompletableFuture<String> second = new CompletableFuture<String>();
    Attempts attempts = new Attempts().then(failed(new IOException())).then(second);
    CompletableFuture<String> call = execute(async(threeAttempts()), attempts);
    scheduler.runNext();

    assertTrue(call.cancel(true));

    assertTrue(second.isCancelled(), "the attempt in flight was not cancelled");
    assertEquals(Collections.singletonList(100L), scheduler.delays); // its failure not retried
    assertEquals(0, scheduler.pending());
    assertEquals(2, attempts.calls());
    assertThrows(CancellationException.class, () -> call.getNow(null));
    assertEquals(
        "onFailure RetryTemplate #2 CancellationException delay=0 elapsedMs=100",
        events.lines().get(1));
  }

  // ----------------------------------------------------------------------------- context

  @Test
  void eachCallHasItsOwnContextWithAttemptAndLastFailure() {
    IOException first = new IOException("first");
    CompletableFuture<String> pending = new CompletableFuture<String>();
    AsyncRetryTemplate template = async(threeAttempts().label("shared"));
    Attempts a = new Attempts().then(failed(first)).then(pending);
    Attempts b = new Attempts().then(CompletableFuture.completedFuture("b"));

    CompletableFuture<String> callA = execute(template, a);
    CompletableFuture<String> callB = execute(template, b); // while a waits
    scheduler.runNext();
    pending.complete("a");

    assertEquals("a", callA.getNow(null));
    assertEquals("b", callB.getNow(null));
    assertEquals(Arrays.asList(1, 2), a.attempts);
    assertEquals(Arrays.asList(null, first), a.lastFailures);
    assertEquals(Collections.singletonList(1), b.attempts);
    assertEquals(Collections.<Throwable>singletonList(null), b.lastFailures);
    assertEquals(Arrays.asList("shared", "shared"), a.labels);
  }

  @Test
  void nullsAreRejected() {
    assertEquals("template == null",
        assertThrows(NullPointerException.class, () -> AsyncRetryTemplate.of(null)).getMessage());
    assertEquals("callback == null",
        assertThrows(NullPointerException.class,
            () -> AsyncRetryTemplate.of(RetryTemplate.defaults()).execute(null)).getMessage());
  }

  /**
   * Plays a script of outcomes, one per attempt: a stage to return, or a throwable to throw.
   * Records the thread and what each attempt saw of its context.
   */
  private static final class Attempts implements AsyncRetryCallback<String> {
    private final Deque<Object> script = new ArrayDeque<Object>();
    final List<Thread> threads = new ArrayList<Thread>();
    final List<Integer> attempts = new ArrayList<Integer>();
    final List<Throwable> lastFailures = new ArrayList<Throwable>();
    final List<String> labels = new ArrayList<String>();

    Attempts then(Object outcome) {
      script.addLast(outcome);
      return this;
    }

    int calls() {
      return threads.size();
    }

    @Override
    @SuppressWarnings("unchecked")
    public CompletionStage<String> doWithRetry(RetryContext context) throws Exception {
      threads.add(Thread.currentThread());
      attempts.add(context.attempt());
      lastFailures.add(context.lastFailure());
      labels.add(context.label());
      Object next = script.pollFirst();
      if (next == null) {
        throw new AssertionError("unexpected attempt " + calls());
      }
      if (next instanceof Error) {
        throw (Error) next;
      }
      if (next instanceof Exception) {
        throw (Exception) next;
      }
      return (CompletionStage<String>) next;
    }
  }
}
