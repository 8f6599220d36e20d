package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC §7 and AsyncCall's contract: cancelling the returned future stops further attempts, cancels
 * the attempt in flight, tells the listeners once ({@code onFailure} with a {@link
 * CancellationException}), and gives a breaker's permit back without an outcome.
 */
class AsyncCancellationTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final ScriptedAsyncStore delegate = new ScriptedAsyncStore();
  private final StageScript<String> script = delegate.script;
  private final RecordingBreakerListener breakerListener =
      new RecordingBreakerListener("AsyncStore.guarded");
  private PromptScheduler prompt;

  private AsyncStore store() {
    return store(RetryOptions.builder().scheduler(clock));
  }

  private AsyncStore store(RetryOptions.Builder options) {
    return new AsyncStoreRetrying(
        delegate, options.sleeper(clock).ticker(clock).listener(listener).build());
  }

  /** Every instance shares one breaker per method: each test starts with none. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  @AfterEach
  void cleanUp() {
    CircuitBreakers.removeListener(breakerListener);
    if (prompt != null) {
      prompt.shutdownNow();
    }
  }

  @Test
  void cancelDuringTheWaitStartsNoFurtherAttempt() {
    script.fail(new IOException("busy")); // a second call would fail the test
    CompletableFuture<String> future = store().fetch("k");
    assertEquals(1, clock.pendingTasks());

    assertTrue(future.cancel(false));

    assertTrue(future.isCancelled());
    assertThrows(CancellationException.class, future::get);
    assertEquals(0, clock.pendingTasks(), "the wait is cancelled in the scheduler");
    assertEquals(1, script.calls());
    assertEquals(
        asList(
            "onRetry AsyncStore.fetch #1 IOException delay=100 elapsedMs=0",
            "onFailure AsyncStore.fetch #1 CancellationException delay=0 elapsedMs=0"),
        listener.lines());
  }

  @Test
  void cancelWhileAnAttemptIsInFlightCancelsTheDelegatesFuture() {
    script.fail(new IOException("busy")).hang();
    CompletableFuture<String> future = store().fetch("k");
    assertTrue(clock.runNext());
    CompletableFuture<String> inFlight = script.stage(2);
    assertFalse(inFlight.isDone());

    assertTrue(future.cancel(true));

    assertTrue(inFlight.isCancelled());
    assertEquals(0, clock.pendingTasks());
    assertEquals(2, script.calls());
    assertEquals(
        asList(
            "onRetry AsyncStore.fetch #1 IOException delay=100 elapsedMs=0",
            "onFailure AsyncStore.fetch #2 CancellationException delay=0 elapsedMs=100"),
        listener.lines());
  }

  @Test
  void cancelDuringTheFirstAttemptCancelsItAndRetriesNothing() {
    script.hang();
    CompletableFuture<String> future = store().fetch("k");

    future.cancel(true);

    assertTrue(script.stage(1).isCancelled());
    assertEquals(0, clock.pendingTasks());
    assertEquals(1, listener.events().size());
    assertTrue(listener.events().get(0).failure() instanceof CancellationException);
    assertEquals(1, listener.events().get(0).attempt());
  }

  @Test
  void cancelTwiceAndALateOutcomeStillEndTheCallOnce() {
    Stubborn<String> ignoresCancel = new Stubborn<>();
    Stubborn<String> alsoIgnoresCancel = new Stubborn<>();
    script.answer(ignoresCancel);
    CompletableFuture<String> first = store().fetch("a");
    script.answer(alsoIgnoresCancel);
    CompletableFuture<String> second = store().fetch("b");

    first.cancel(true);
    first.cancel(false);
    second.cancel(true);
    ignoresCancel.complete("late"); // the delegate ignored the cancellation
    alsoIgnoresCancel.completeExceptionally(new IOException("late and retryable"));

    assertTrue(first.isCancelled());
    assertTrue(second.isCancelled());
    assertEquals(0, clock.pendingTasks(), "a late retryable failure is not retried");
    assertEquals(
        asList(
            "onFailure AsyncStore.fetch #1 CancellationException delay=0 elapsedMs=0",
            "onFailure AsyncStore.fetch #1 CancellationException delay=0 elapsedMs=0"),
        listener.lines());
  }

  @Test
  void cancelAfterTheCallEndedChangesNothing() {
    script.succeed("value");
    CompletableFuture<String> future = store().fetch("k");

    assertFalse(future.cancel(true));

    assertEquals("value", Outcomes.valueOf(future));
    assertEquals(asList("onSuccess AsyncStore.fetch #1 - delay=0 elapsedMs=0"), listener.lines());
  }

  /**
   * The next attempt may start on the scheduler's thread before {@code schedule} has returned to
   * the thread that scheduled it (a 0 ms wait, a preempted thread). The attempt then in flight is
   * still the one a cancellation reaches.
   */
  @Test
  void cancelReachesAnAttemptThatStartedBeforeScheduleReturned() {
    prompt = new PromptScheduler(clock);
    script.fail(new IOException("busy")).hang();
    CompletableFuture<String> future = store(RetryOptions.builder().scheduler(prompt)).fetch("k");
    assertEquals(2, script.calls());
    CompletableFuture<String> inFlight = script.stage(2);

    future.cancel(true);

    assertTrue(inFlight.isCancelled(), "the second attempt's future was not cancelled");
    assertEquals(
        "onFailure AsyncStore.fetch #2 CancellationException delay=0 elapsedMs=100",
        listener.lines().get(listener.lines().size() - 1));
  }

  /**
   * The attempt in flight fails while the call is being cancelled (another thread; here, a
   * listener of the cancellation's onFailure, which runs inside cancel): once onFailure has ended
   * the call, that failure starts no retry, and no onRetry follows it.
   */
  @Test
  void failureThatArrivesWhileTheCallIsCancelledStartsNoRetry() {
    script.hang();
    RetryListener completesTheAttempt =
        new RetryListener() {
          @Override
          public void onFailure(RetryEvent event) {
            script.stage(1).completeExceptionally(new IOException("failed meanwhile"));
          }
        };
    CompletableFuture<String> future =
        store(RetryOptions.builder().scheduler(clock).listener(completesTheAttempt))
            .fetch("k");

    future.cancel(true);

    assertTrue(future.isCancelled());
    assertEquals(
        asList("onFailure AsyncStore.fetch #1 CancellationException delay=0 elapsedMs=0"),
        listener.lines());
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
    assertEquals(0, clock.pendingTasks());
  }

  /**
   * A half-open breaker admits one trial at a time. A trial cancelled by its caller says nothing
   * about the dependency: its permit is given back, and the next call is the trial.
   */
  @Test
  void cancelledTrialGivesItsPermitBack() {
    CircuitBreakers.addListener(breakerListener);
    AsyncStore store = store();
    String name = "AsyncStore.guarded";
    script.fail(new IOException("down")).fail(new IOException("down"));
    assertTrue(Outcomes.failureOf(store.guarded("a")) instanceof IOException);
    assertTrue(Outcomes.failureOf(store.guarded("b")) instanceof IOException);
    assertTrue(Outcomes.failureOf(store.guarded("c")) instanceof CircuitBreakerOpenException);
    assertEquals(2, script.calls());
    clock.advanceBy(1000);

    script.hang();
    CompletableFuture<String> trial = store.guarded("d");
    assertEquals(3, script.calls());
    assertTrue(Outcomes.failureOf(store.guarded("e")) instanceof CircuitBreakerOpenException);
    trial.cancel(true);
    assertTrue(script.stage(3).isCancelled());

    script.succeed("ok");
    assertEquals("ok", Outcomes.valueOf(store.guarded("f")));

    assertEquals(4, script.calls());
    assertEquals(
        asList(
            name + " CLOSED->OPEN",
            name + " refused",
            name + " OPEN->HALF_OPEN",
            name + " refused",
            name + " HALF_OPEN->CLOSED"),
        breakerListener.lines);
    assertEquals(Collections.<String>emptyList(), listener.lines(), "no retrier, no events");
  }

  /** A closed breaker counts nothing for a cancelled call: one failure more does not open it. */
  @Test
  void cancelledAttemptIsNotCountedByAClosedBreaker() {
    CircuitBreakers.addListener(breakerListener);
    AsyncStore store = store();
    script.hang().fail(new IOException("down")).succeed("ok");

    store.guarded("a").cancel(true);
    assertTrue(script.stage(1).isCancelled());
    assertTrue(Outcomes.failureOf(store.guarded("b")) instanceof IOException);

    assertEquals("ok", Outcomes.valueOf(store.guarded("c")), "still closed");
    assertEquals(Collections.<String>emptyList(), breakerListener.lines);
  }

  /** A delegate's future that does not let itself be cancelled, as some libraries' do. */
  static final class Stubborn<T> extends CompletableFuture<T> {
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      return false;
    }
  }
}
