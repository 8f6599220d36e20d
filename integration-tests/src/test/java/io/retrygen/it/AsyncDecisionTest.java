package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

/**
 * SPEC §3's decision order on asynchronous methods (§7): {@code retryIf} and {@code retryOnResult}
 * on the completed failure or value, and {@code maxDuration} before a wait and after it.
 */
class AsyncDecisionTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
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

  /**
   * For a scheduler that runs a wait late: the options' {@code Ticker} is a time of its own, which
   * the test moves past the wait's due time without running it.
   */
  private final VirtualTime ticker = VirtualTime.start();

  private AsyncStore storeOnItsOwnTicker() {
    return new AsyncStoreRetrying(
        delegate,
        RetryOptions.builder()
            .sleeper(clock)
            .ticker(ticker)
            .scheduler(clock)
            .listener(listener)
            .build());
  }

  // --- retryIf

  @Test
  void retryIfAcceptsTransientFailuresOnly() {
    IOException permanent = new IOException("permanent: gone");
    script.fail(new IOException("transient 1")).hang();

    CompletableFuture<String> future = store.query("k");
    assertTrue(clock.runNext());
    script.stage(2).completeExceptionally(permanent);

    assertSame(permanent, Outcomes.failureOf(future));
    assertEquals(2, script.calls());
    assertEquals(2, delegate.consulted.size());
    assertSame(permanent, delegate.consulted.get(1));
    assertEquals(0, clock.pendingTasks());
  }

  @Test
  void retryIfIsNotConsultedWhenNoAttemptRemains() {
    script
        .fail(new IOException("transient 1"))
        .fail(new IOException("transient 2"))
        .fail(new IOException("transient 3"))
        .fail(new IOException("transient 4"));

    CompletableFuture<String> future = store.query("k");
    clock.runUntilIdle();

    assertEquals("transient 4", Outcomes.failureOf(future).getMessage());
    assertEquals(4, script.calls());
    assertEquals(3, delegate.consulted.size());
  }

  @Test
  void retryIfIsNotConsultedForAFailureRetryForExcludes() {
    script.fail(new IllegalStateException("not I/O"));

    Outcomes.failureOf(store.query("k"));

    assertEquals(Collections.<IOException>emptyList(), delegate.consulted);
  }

  /** A retryIf that throws ends the call with its exception: not retried, not recovered. */
  @Test
  void retryIfThatThrowsEndsTheCallWithItsException() {
    script.fail(new IOException()); // no message: isTransient throws NullPointerException

    CompletableFuture<String> future = store.query("k");

    Throwable failure = Outcomes.failureOf(future);
    assertEquals(NullPointerException.class, failure.getClass());
    assertEquals(1, script.calls());
    assertEquals(0, clock.pendingTasks());
    assertEquals(
        asList("onFailure AsyncStore.query #1 NullPointerException delay=0 elapsedMs=0"),
        listener.lines());
  }

  /** A scheduler that refuses the wait (say, shut down) ends the call with its exception. */
  @Test
  void schedulerThatRefusesTheWaitEndsTheCall() {
    PromptScheduler refusing = new PromptScheduler(clock);
    refusing.shutdown();
    RecordingListener events = new RecordingListener();
    AsyncStore refused =
        new AsyncStoreRetrying(
            delegate,
            RetryOptions.builder()
                .ticker(clock)
                .scheduler(refusing)
                .listener(events)
                .build());
    script.fail(new IOException("busy"));

    CompletableFuture<String> future = refused.fetch("k");

    assertEquals(RejectedExecutionException.class, Outcomes.failureOf(future).getClass());
    assertEquals(1, script.calls());
    assertEquals(
        asList(
            "onRetry AsyncStore.fetch #1 IOException delay=100 elapsedMs=0",
            "onFailure AsyncStore.fetch #1 RejectedExecutionException delay=0 elapsedMs=0"),
        events.lines());
  }

  // --- retryOnResult

  @Test
  void rejectedResultsAreRetriedUntilAnAcceptedOne() {
    script.succeed("pending").hang();

    CompletableFuture<String> future = store.status("k");
    assertTrue(clock.runNext());
    script.stage(2).complete("done");

    assertEquals("done", Outcomes.valueOf(future));
    assertEquals(
        asList(
            "onRetry AsyncStore.status #1 - delay=100 elapsedMs=0",
            "onSuccess AsyncStore.status #2 - delay=0 elapsedMs=100"),
        listener.lines());
  }

  @Test
  void lastRejectedResultIsReturnedWhenAttemptsRunOut() {
    script.succeed("pending").succeed("pending").succeed("pending");

    CompletableFuture<String> future = store.status("k");
    clock.runUntilIdle();

    assertEquals("pending", Outcomes.valueOf(future));
    assertEquals(3, script.calls());
    assertEquals(
        "onFailure AsyncStore.status #3 - delay=0 elapsedMs=200",
        listener.lines().get(listener.lines().size() - 1));
    assertNull(listener.events().get(listener.events().size() - 1).failure());
  }

  @Test
  void failureAfterRejectedResultEndsWithThatFailure() {
    IOException failure = new IOException("down");
    script.succeed("pending").fail(failure).fail(failure);

    CompletableFuture<String> future = store.status("k");
    clock.runUntilIdle();

    assertSame(failure, Outcomes.failureOf(future));
  }

  // --- maxDuration: 1000 ms, waits of 300 ms

  @Test
  void waitsTakenWhileTheyEndBeforeMaxDuration() {
    IOException failure = new IOException("down");
    script.fail(failure).fail(failure).fail(failure).fail(failure);

    CompletableFuture<String> future = store.timed("k");
    clock.runUntilIdle();

    assertSame(failure, Outcomes.failureOf(future));
    assertEquals(4, script.calls()); // 0, 300, 600, 900: maxAttempts
    assertEquals(asList(300L, 300L, 300L), clock.scheduledDelays());
  }

  @Test
  void waitThatWouldReachMaxDurationIsNotTaken() {
    // each attempt takes 50 ms: they fail at 50, 400, 750; 750 + 300 >= 1000
    IOException failure = new IOException("down");
    for (int i = 0; i < 3; i++) {
      script.then(
          () -> {
            clock.advanceBy(50);
            CompletableFuture<String> failed = new CompletableFuture<>();
            failed.completeExceptionally(failure);
            return failed;
          });
    }

    CompletableFuture<String> future = store.timed("k");
    clock.runUntilIdle();

    assertSame(failure, Outcomes.failureOf(future));
    assertEquals(3, script.calls());
    assertEquals(asList(300L, 300L), clock.scheduledDelays());
    assertEquals(
        "onFailure AsyncStore.timed #3 IOException delay=0 elapsedMs=750",
        listener.lines().get(listener.lines().size() - 1));
  }

  @Test
  void clockAdvancedDuringAnAttemptStopsTheNextOne() {
    script.hang();

    CompletableFuture<String> future = store.timed("k");
    clock.advanceBy(700); // the attempt is slow: 700 + 300 >= 1000
    script.stage(1).completeExceptionally(new IOException("slow and failed"));

    assertEquals("slow and failed", Outcomes.failureOf(future).getMessage());
    assertEquals(0, clock.pendingTasks());
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
    assertEquals(
        asList("onFailure AsyncStore.timed #1 IOException delay=0 elapsedMs=700"),
        listener.lines());
  }

  @Test
  void waitThatOverranMaxDurationStartsNoAttempt() {
    IOException failure = new IOException("down");
    script.fail(failure);

    CompletableFuture<String> future = storeOnItsOwnTicker().timed("k");
    assertEquals(1, clock.pendingTasks());
    ticker.advanceBy(1000); // the scheduler runs the wait late: at 1000 ms, not 300
    assertTrue(clock.runNext());

    assertSame(failure, Outcomes.failureOf(future));
    assertEquals(1, script.calls());
    assertEquals(
        asList(
            "onRetry AsyncStore.timed #1 IOException delay=300 elapsedMs=0",
            "onFailure AsyncStore.timed #1 IOException delay=0 elapsedMs=1000"),
        listener.lines());
  }

  @Test
  void lastRejectedResultIsReturnedWhenTimeRunsOut() {
    script.succeed("pending").hang();

    CompletableFuture<String> future = store.poll("k");
    assertTrue(clock.runNext()); // at 300 ms
    clock.advanceBy(500); // the second attempt takes until 800 ms: 800 + 300 >= 1000
    script.stage(2).complete("pending");

    assertEquals("pending", Outcomes.valueOf(future));
    assertEquals(0, clock.pendingTasks());
    assertEquals(
        asList(
            "onRetry AsyncStore.poll #1 - delay=300 elapsedMs=0",
            "onFailure AsyncStore.poll #2 - delay=0 elapsedMs=800"),
        listener.lines());
  }

  @Test
  void rejectedResultWhoseWaitOverranMaxDurationIsReturned() {
    String last = new String("pending"); // its own instance, to tell it from the literal
    script.succeed(last);

    CompletableFuture<String> future = storeOnItsOwnTicker().poll("k");
    ticker.advanceBy(2000); // the scheduler runs the wait late
    assertTrue(clock.runNext());

    assertSame(last, Outcomes.valueOf(future));
    assertEquals(1, script.calls());
    assertFalse(listener.lines().isEmpty());
    assertEquals(
        "onFailure AsyncStore.poll #1 - delay=0 elapsedMs=2000",
        listener.lines().get(listener.lines().size() - 1));
  }
}
