package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@code @Backoff(delayFor)} (SPEC §3 step 7, §4): the wait a {@code delayFor} overload returns is
 * used as is, without random draws; a negative one, or a failure no overload takes, means the
 * formula, whose retry number counts every retry; one above the cap gives up; one that throws
 * ends the call with its exception. In virtual time: {@link VirtualTime} records the waits.
 */
class DelayForTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final ScriptedClient delegate = new ScriptedClient();

  /** With {@code random} draws for the formula's jitter; any other draw fails the test. */
  private WaitingClient client(QueueRandom random) {
    return new WaitingClientRetrying(
        delegate,
        RetryOptions.builder()
            .sleeper(clock)
            .ticker(clock)
            .random(random)
            .scheduler(clock)
            .listener(listener)
            .build());
  }

  /** A client whose {@code RandomSource} fails if drawn from. */
  private WaitingClient client() {
    return client(new QueueRandom());
  }

  // --- waits taken as asked

  @Test
  void waitsAskedForAreUsedAsIsWithoutAnyRandomDraw() throws IOException {
    delegate.outcomes(new RetryAfterException(7_000), new RetryAfterException(3_000), "ok");

    assertEquals("ok", client().fetch("a"));

    assertEquals(asList(7_000L, 3_000L), clock.sleeps());
    assertEquals(3, delegate.calls);
    assertEquals(
        asList(
            "onRetry WaitingClient.fetch #1 RetryAfterException delay=7000 elapsedMs=0",
            "onRetry WaitingClient.fetch #2 RetryAfterException delay=3000 elapsedMs=7000",
            "onSuccess WaitingClient.fetch #3 - delay=0 elapsedMs=10000"),
        listener.lines());
  }

  @Test
  void aWaitOfZeroRetriesAtOnceWithoutSleeping() throws IOException {
    delegate.outcomes(new RetryAfterException(0), "ok");

    assertEquals("ok", client().fetch("a"));

    assertEquals(Collections.emptyList(), clock.sleeps());
    assertEquals(2, delegate.calls);
  }

  @Test
  void theMostSpecificOverloadIsUsedAndTheStaticIntOneForOtherIoExceptions() throws IOException {
    delegate.outcomes(new IOException("plain"), new RetryAfterException(500), "ok");

    assertEquals("ok", client().fetch("a"));

    assertEquals(asList(42L, 500L), clock.sleeps());
  }

  @Test
  void waitAtTheCapIsTaken() throws IOException {
    delegate.outcomes(new RetryAfterException(10_000), "ok");

    assertEquals("ok", client().fetch("a"));

    assertEquals(asList(10_000L), clock.sleeps());
  }

  // --- the formula

  @Test
  void negativeWaitMeansTheFormulaWhoseRetryNumberCountsEveryRetry() throws IOException {
    // r = 0.5 puts jitter's factor at 1: the formula's own waits, 100 * 2^(n-1) for retry n.
    QueueRandom random = new QueueRandom(0.5, 0.5);
    delegate.outcomes(
        new RetryAfterException(7_000),
        new RetryAfterException(-1),
        new RetryAfterException(-5),
        "ok");

    assertEquals("ok", client(random).fetch("a"));

    assertEquals(asList(7_000L, 200L, 400L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  @Test
  void failureNoOverloadTakesUsesTheFormula() throws IOException {
    QueueRandom random = new QueueRandom(0.5);
    delegate.outcomes(new IllegalStateException("no wait given"), new RetryAfterException(900), "ok");

    assertEquals("ok", client(random).fetch("a"));

    assertEquals(asList(100L, 900L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  // --- giving up

  @Test
  void waitAboveTheCapGivesUpAndRethrowsTheLastFailure() {
    RetryAfterException tooLong = new RetryAfterException(10_001);
    delegate.outcomes(new RetryAfterException(1_000), tooLong, "never reached");

    IOException thrown = assertThrows(IOException.class, () -> client().fetch("a"));

    assertSame(tooLong, thrown);
    assertEquals(2, delegate.calls);
    assertEquals(asList(1_000L), clock.sleeps());
    assertEquals(
        asList(
            "onRetry WaitingClient.fetch #1 RetryAfterException delay=1000 elapsedMs=0",
            "onFailure WaitingClient.fetch #2 RetryAfterException delay=0 elapsedMs=1000"),
        listener.lines());
  }

  @Test
  void waitAboveTheCapGivesUpAndRecovers() throws IOException {
    delegate.outcomes(new RetryAfterException(60_000), "never reached");

    assertEquals("recovered a", client().fetchOrDefault("a", 1));

    assertEquals(1, delegate.calls);
    assertEquals(Collections.emptyList(), clock.sleeps());
    assertEquals(
        asList("onFailure WaitingClient.fetchOrDefault #1 RetryAfterException delay=0 elapsedMs=0"),
        listener.lines());
  }

  @Test
  void delayForThatThrowsEndsTheCallWithItsExceptionUnrecovered() {
    delegate.outcomes(new MalformedHeaderException("Retry-After: soon"), "never reached");

    IllegalStateException thrown =
        assertThrows(IllegalStateException.class, () -> client().fetchOrDefault("a", 1));

    assertEquals("cannot read Retry-After: soon", thrown.getMessage());
    assertEquals(1, delegate.calls);
    assertEquals(Collections.emptyList(), clock.sleeps());
    assertEquals(1, listener.events().size());
    assertSame(thrown, listener.events().get(0).failure());
    assertEquals(
        "onFailure WaitingClient.fetchOrDefault #1 IllegalStateException delay=0 elapsedMs=0",
        listener.lines().get(0));
  }

  @Test
  void maxDurationStillAppliesToTheWaitsAskedFor() {
    RetryAfterException second = new RetryAfterException(3_000);
    delegate.outcomes(new RetryAfterException(7_000), second, "never reached");

    IOException thrown = assertThrows(IOException.class, () -> client().timed("a"));

    // 7000 + 3000 ms would reach maxDuration = 10000 ms: no second retry.
    assertSame(second, thrown);
    assertEquals(2, delegate.calls);
    assertEquals(asList(7_000L), clock.sleeps());
  }

  // --- results

  @Test
  void rejectedResultsWaitWhatTheResultOverloadAsks() throws IOException {
    delegate.outcomes("busy 7000", "busy 3000", "ok");

    assertEquals("ok", client().fetch("a"));

    assertEquals(asList(7_000L, 3_000L), clock.sleeps());
    assertEquals(
        asList(
            "onRetry WaitingClient.fetch #1 - delay=7000 elapsedMs=0",
            "onRetry WaitingClient.fetch #2 - delay=3000 elapsedMs=7000",
            "onSuccess WaitingClient.fetch #3 - delay=0 elapsedMs=10000"),
        listener.lines());
  }

  @Test
  void negativeWaitForAResultMeansTheFormula() throws IOException {
    QueueRandom random = new QueueRandom(0.5);
    delegate.outcomes("busy 500", "busy -1", "ok");

    assertEquals("ok", client(random).fetch("a"));

    assertEquals(asList(500L, 200L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  @Test
  void resultWaitAboveTheCapReturnsThatResultWithoutRecovery() throws IOException {
    delegate.outcomes("busy 20000", "never reached");

    assertEquals("busy 20000", client().fetchOrDefault("a", 1));

    assertEquals(1, delegate.calls);
    assertEquals(Collections.emptyList(), clock.sleeps());
    assertEquals(1, listener.events().size());
    assertNull(listener.events().get(0).failure());
    assertEquals(
        "onFailure WaitingClient.fetchOrDefault #1 - delay=0 elapsedMs=0", listener.lines().get(0));
  }

  // --- asynchronous

  @Test
  void asyncCallsWaitWhatFailuresAndResultsAsk() {
    delegate.outcomes(new RetryAfterException(7_000), "busy 3000", new IOException("plain"), "ok");

    CompletableFuture<String> future = client().fetchAsync("a");
    while (!future.isDone()) {
      assertTrue(clock.runNext());
    }

    assertEquals("ok", Outcomes.valueOf(future));
    assertEquals(asList(7_000L, 3_000L, 42L), clock.scheduledDelays());
    assertEquals(4, delegate.calls);
  }

  @Test
  void asyncNegativeWaitMeansTheFormula() {
    QueueRandom random = new QueueRandom(0.5, 0.5);
    delegate.outcomes(new RetryAfterException(-1), "busy -1", "ok");

    CompletableFuture<String> future = client(random).fetchAsync("a");
    while (!future.isDone()) {
      assertTrue(clock.runNext());
    }

    assertEquals("ok", Outcomes.valueOf(future));
    assertEquals(asList(100L, 200L), clock.scheduledDelays());
    assertEquals(0, random.remaining());
  }

  @Test
  void asyncWaitAboveTheCapEndsWithTheLastFailure() {
    RetryAfterException tooLong = new RetryAfterException(10_001);
    delegate.outcomes(tooLong, "never reached");

    CompletableFuture<String> future = client().fetchAsync("a");

    assertSame(tooLong, Outcomes.failureOf(future));
    assertEquals(0, clock.pendingTasks());
    assertEquals(1, delegate.calls);
  }

  @Test
  void asyncDelayForThatThrowsEndsTheCallWithItsException() {
    delegate.outcomes(new MalformedHeaderException("Retry-After: soon"), "never reached");

    CompletableFuture<String> future = client().fetchAsync("a");

    Throwable failure = Outcomes.failureOf(future);
    assertTrue(failure instanceof IllegalStateException, String.valueOf(failure));
    assertEquals("cannot read Retry-After: soon", failure.getMessage());
    assertEquals(0, clock.pendingTasks());
    assertEquals(1, delegate.calls);
    assertSame(failure, listener.events().get(listener.events().size() - 1).failure());
  }

  /** Answers each call with the next outcome: a String to return, or a throwable to throw. */
  private static final class ScriptedClient implements WaitingClient {
    private final Deque<Object> outcomes = new ArrayDeque<>();
    int calls;

    void outcomes(Object... outcomes) {
      this.outcomes.addAll(asList(outcomes));
    }

    private String next() throws IOException {
      calls++;
      Object outcome = outcomes.poll();
      if (outcome instanceof IOException) {
        throw (IOException) outcome;
      }
      if (outcome instanceof RuntimeException) {
        throw (RuntimeException) outcome;
      }
      if (outcome == null) {
        throw new AssertionError("more calls than outcomes");
      }
      return (String) outcome;
    }

    @Override
    public String fetch(String id) throws IOException {
      return next();
    }

    @Override
    public String fetchOrDefault(String id, int version) throws IOException {
      return next();
    }

    @Override
    public String timed(String id) throws IOException {
      return next();
    }

    @Override
    public CompletableFuture<String> fetchAsync(String id) {
      CompletableFuture<String> future = new CompletableFuture<>();
      try {
        future.complete(next());
      } catch (IOException | RuntimeException e) {
        future.completeExceptionally(e);
      }
      return future;
    }
  }
}
