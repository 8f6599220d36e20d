package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC §6 and §7: a circuit breaker on an asynchronous method, alone and with a retry. Outcomes
 * are recorded when the attempt's future completes; an open breaker fails the returned future
 * without calling the delegate.
 */
class AsyncBreakerTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RecordingBreakerListener breakerListener =
      new RecordingBreakerListener("AsyncStore.guarded", "AsyncStore.both");
  private final ScriptedAsyncStore delegate = new ScriptedAsyncStore();
  private final StageScript<String> script = delegate.script;
  private final AsyncStore store =
      new AsyncStoreRetrying(
          delegate,
          RetryOptions.builder()
              .sleeper(clock)
              .ticker(clock)
              .scheduler(clock)
              .listener(listener)
              .build());

  /** Every instance shares one breaker per method: each test starts with none. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  @BeforeEach
  void watchBreakers() {
    CircuitBreakers.addListener(breakerListener);
  }

  @AfterEach
  void stopWatching() {
    CircuitBreakers.removeListener(breakerListener);
  }

  // --- a breaker alone: guarded opens after 2 failures of 2, for 1000 ms

  @Test
  void breakerAloneRetriesNothing() {
    IOException failure = new IOException("down");
    script.fail(failure);

    CompletableFuture<String> future = store.guarded("k");

    assertSame(failure, Outcomes.failureOf(future));
    assertEquals(1, script.calls());
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
    assertEquals(Collections.<String>emptyList(), listener.lines());
  }

  @Test
  void outcomesAreRecordedWhenTheFuturesCompleteNotWhenReturned() {
    script.hang().hang().hang();
    CompletableFuture<String> a = store.guarded("a");
    CompletableFuture<String> b = store.guarded("b");
    // two calls in flight fill no window: a third one still goes through
    CompletableFuture<String> c = store.guarded("c");
    assertEquals(3, script.calls());
    assertEquals(Collections.<String>emptyList(), breakerListener.lines);

    script.stage(1).completeExceptionally(new IOException("a failed"));
    assertEquals(Collections.<String>emptyList(), breakerListener.lines);
    script.stage(2).completeExceptionally(new IOException("b failed"));
    assertEquals(asList("AsyncStore.guarded CLOSED->OPEN"), breakerListener.lines);

    CompletableFuture<String> d = store.guarded("d");
    assertEquals(3, script.calls(), "the open breaker did not call the delegate");
    CircuitBreakerOpenException open = (CircuitBreakerOpenException) Outcomes.failureOf(d);
    assertEquals("AsyncStore.guarded", open.name());

    // a late outcome of a call admitted before the breaker opened is ignored
    script.stage(3).complete("c");
    assertEquals("c", Outcomes.valueOf(c));
    assertTrue(Outcomes.failureOf(a) instanceof IOException);
    assertTrue(Outcomes.failureOf(b) instanceof IOException);
    assertTrue(Outcomes.failureOf(store.guarded("e")) instanceof CircuitBreakerOpenException);
  }

  @Test
  void openBreakerFailsTheFutureAtOnceWithoutCallingTheDelegate() {
    script.fail(new IOException("1")).fail(new IOException("2"));
    Outcomes.failureOf(store.guarded("a"));
    Outcomes.failureOf(store.guarded("b"));

    CompletableFuture<String> refused = store.guarded("c");

    assertTrue(refused.isDone(), "refused on the caller's thread, at once");
    assertTrue(Outcomes.failureOf(refused) instanceof CircuitBreakerOpenException);
    assertEquals(2, script.calls());
    assertEquals(0, clock.pendingTasks());
  }

  @Test
  void halfOpenTrialThatSucceedsLaterClosesTheBreaker() {
    script.fail(new IOException("1")).fail(new IOException("2")).hang();
    Outcomes.failureOf(store.guarded("a"));
    Outcomes.failureOf(store.guarded("b"));
    clock.advanceBy(1000);

    CompletableFuture<String> trial = store.guarded("c");
    assertTrue(Outcomes.failureOf(store.guarded("d")) instanceof CircuitBreakerOpenException);
    script.stage(3).complete("trial ok");

    assertEquals("trial ok", Outcomes.valueOf(trial));
    String name = "AsyncStore.guarded";
    assertEquals(
        asList(
            name + " CLOSED->OPEN",
            name + " OPEN->HALF_OPEN",
            name + " refused",
            name + " HALF_OPEN->CLOSED"),
        breakerListener.lines);
  }

  // --- a retry and a breaker: both counts only I/O failures and opens after 2 of 2

  @Test
  void breakerOpeningDuringRetriesEndsTheCallWithTheOpenException() {
    script.fail(new IOException("1")).hang();

    CompletableFuture<String> future = store.both("k");
    assertTrue(clock.runNext());
    assertEquals(Collections.<String>emptyList(), breakerListener.lines, "attempt 2 in flight");
    script.stage(2).completeExceptionally(new IOException("2"));
    assertEquals(asList("AsyncStore.both CLOSED->OPEN"), breakerListener.lines);
    assertTrue(clock.runNext());

    assertTrue(Outcomes.failureOf(future) instanceof CircuitBreakerOpenException);
    assertEquals(2, script.calls());
    assertEquals(
        asList(
            "onRetry AsyncStore.both #1 IOException delay=100 elapsedMs=0",
            "onRetry AsyncStore.both #2 IOException delay=100 elapsedMs=100",
            "onFailure AsyncStore.both #3 CircuitBreakerOpenException delay=0 elapsedMs=200"),
        listener.lines());
  }

  @Test
  void failuresOutsideFailOnCountAsSuccesses() {
    for (int i = 0; i < 5; i++) {
      script.fail(new IllegalStateException("not I/O " + i));
      assertEquals(IllegalStateException.class, Outcomes.failureOf(store.both("k")).getClass());
    }
    script.fail(new IOException("1")).succeed("ok");

    CompletableFuture<String> future = store.both("k");
    assertTrue(clock.runNext());

    assertEquals("ok", Outcomes.valueOf(future));
    assertEquals(Collections.<String>emptyList(), breakerListener.lines);
  }
}
