package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryEvent;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryStatistics;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.StatisticsListener;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code retryOnResult}: a rejected result is a failed attempt, retried with the backoff; when
 * attempts or time run out the last result is returned, never recovered.
 */
class RetryOnResultTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final StatisticsListener statistics = new StatisticsListener();

  @AfterEach
  void clearInterruptFlag() {
    Thread.interrupted();
  }

  private RetryOptions options(Sleeper sleeper) {
    return RetryOptions.builder()
        .sleeper(sleeper)
        .ticker(clock)
        .random(new QueueRandom())
        .listener(listener)
        .listener(statistics)
        .build();
  }

  private ResultClient client(ScriptedResultClient delegate) {
    return new ResultClientRetrying(delegate, options(clock));
  }

  // --- ResultClient.status: static predicate isPending, 3 attempts, 10 ms doubling

  @Test
  void rejectedResultsAreRetriedWithTheBackoffWaitsAndTheAcceptedOneReturned()
      throws IOException {
    ScriptedResultClient delegate =
        new ScriptedResultClient(Script.succeeding()).returning("pending", "pending", "done");

    assertEquals("done", client(delegate).status("s1"));

    assertEquals(3, delegate.script.calls());
    assertEquals(asList(10L, 20L), clock.sleeps());
    assertEquals(0, delegate.recoveries);
  }

  @Test
  void whenAttemptsRunOutTheLastResultIsReturnedWithoutRecovery() throws IOException {
    ScriptedResultClient delegate =
        new ScriptedResultClient(Script.succeeding())
            .returning("pending", "pending", "pending", "never reached");

    assertEquals("pending", client(delegate).status("s1"));

    assertEquals(3, delegate.script.calls());
    assertEquals(asList(10L, 20L), clock.sleeps());
    assertEquals(0, delegate.recoveries);
  }

  @Test
  void theSameMethodsFailuresAreStillRecovered() throws IOException {
    ScriptedResultClient delegate =
        new ScriptedResultClient(Script.alwaysFailing(new IOException("down")));

    assertEquals("unknown s1", client(delegate).status("s1"));

    assertEquals(3, delegate.script.calls());
    assertEquals(1, delegate.recoveries);
  }

  @Test
  void resultFailureEventsHaveNoFailureAndTheCallEndsWithOnFailure() throws IOException {
    ScriptedResultClient delegate =
        new ScriptedResultClient(Script.succeeding()).returning("pending", "pending", "pending");

    client(delegate).status("s1");

    assertEquals(
        asList(
            "onRetry ResultClient.status #1 - delay=10 elapsedMs=0",
            "onRetry ResultClient.status #2 - delay=20 elapsedMs=10",
            "onFailure ResultClient.status #3 - delay=0 elapsedMs=30"),
        listener.lines());
    for (RetryEvent event : listener.events()) {
      assertNull(event.failure());
    }
    assertCounts("successfulWithoutRetry=0 successfulWithRetry=0 failedWithoutRetry=0"
        + " failedWithRetry=1", statistics.statistics("ResultClient.status"));
  }

  @Test
  void acceptedResultAfterARejectedOneEndsWithOnSuccess() throws IOException {
    ScriptedResultClient delegate =
        new ScriptedResultClient(Script.succeeding()).returning("pending", "done");

    assertEquals("done", client(delegate).status("s1"));

    assertEquals(
        asList(
            "onRetry ResultClient.status #1 - delay=10 elapsedMs=0",
            "onSuccess ResultClient.status #2 - delay=0 elapsedMs=10"),
        listener.lines());
    assertCounts("successfulWithoutRetry=0 successfulWithRetry=1 failedWithoutRetry=0"
        + " failedWithRetry=0", statistics.statistics("ResultClient.status"));
  }

  @Test
  void interruptedBackoffAfterARejectedResultReturnsItAndKeepsTheFlag() throws IOException {
    List<Long> sleeps = new ArrayList<>();
    Sleeper interrupted =
        millis -> {
          sleeps.add(millis);
          throw new InterruptedException("interrupted while waiting");
        };
    ScriptedResultClient delegate =
        new ScriptedResultClient(Script.succeeding()).returning("pending", "never reached");

    assertEquals("pending", new ResultClientRetrying(delegate, options(interrupted)).status("s1"));

    assertEquals(1, delegate.script.calls());
    assertEquals(asList(10L), sleeps);
    assertEquals(0, delegate.recoveries);
    assertEquals(
        asList(
            "onRetry ResultClient.status #1 - delay=10 elapsedMs=0",
            "onFailure ResultClient.status #1 - delay=0 elapsedMs=0"),
        listener.lines());
    assertTrue(Thread.interrupted(), "interrupt flag restored");
  }

  // --- ResultClient.statusWithin: maxDuration = 50, fixed 20 ms

  @Test
  void whenTimeRunsOutTheLastResultIsReturnedWithoutRecovery() throws IOException {
    // each call takes 5 ms: results at 5 and 30 ms; at 30 a wait of 20 would reach the 50 ms
    // budget, so time, not the 3 attempts, ends the call
    ScriptedResultClient delegate =
        new ScriptedResultClient(Script.succeeding().taking(clock, 5))
            .returning("pending", "pending", "never reached");

    assertEquals("pending", client(delegate).statusWithin("s1"));

    assertEquals(2, delegate.script.calls());
    assertEquals(asList(20L), clock.sleeps());
    assertEquals(0, delegate.recoveries);
  }

  // --- ResultClient.code: int result, instance predicate isNegative(Integer), 4 attempts, 5 ms

  @Test
  void intResultIsBoxedForThePredicateOnTheDelegate() {
    ScriptedResultClient delegate =
        new ScriptedResultClient(Script.succeeding()).returningCodes(-1, -2, 7);

    assertEquals(7, client(delegate).code("c"));

    assertEquals(3, delegate.script.calls());
    assertEquals(asList(5L, 5L), clock.sleeps());
    assertEquals(asList(-1, -2, 7), delegate.checkedCodes);
  }

  @Test
  void intResultRejectedUntilTheEndIsReturnedAsTheLast() {
    ScriptedResultClient delegate =
        new ScriptedResultClient(Script.succeeding()).returningCodes(-1, -2, -3, -4, 99);

    assertEquals(-4, client(delegate).code("c"));

    assertEquals(4, delegate.script.calls());
    assertEquals(asList(5L, 5L, 5L), clock.sleeps());
    assertEquals(
        "onFailure ResultClient.code #4 - delay=0 elapsedMs=15",
        listener.lines().get(listener.lines().size() - 1));
  }

  // --- ResultClient.poll: IOException and rejected results share 4 attempts, 10 ms

  @Test
  void failuresAndRejectedResultsShareTheAttempts() throws IOException {
    Script script = Script.failing(new IOException("1"), null, new IOException("2"), null);
    ScriptedResultClient delegate = new ScriptedResultClient(script).returning("pending", "done");

    assertEquals("done", client(delegate).poll("p1"));

    assertEquals(4, script.calls());
    assertEquals(asList(10L, 10L, 10L), clock.sleeps());
    assertEquals(
        asList(
            "onRetry ResultClient.poll #1 IOException delay=10 elapsedMs=0",
            "onRetry ResultClient.poll #2 - delay=10 elapsedMs=10",
            "onRetry ResultClient.poll #3 IOException delay=10 elapsedMs=20",
            "onSuccess ResultClient.poll #4 - delay=0 elapsedMs=30"),
        listener.lines());
  }

  @Test
  void attemptsEndingWithARejectedResultReturnItWithoutRecovery() throws IOException {
    Script script =
        Script.failing(new IOException("1"), null, new IOException("2"), null, null);
    ScriptedResultClient delegate =
        new ScriptedResultClient(script).returning("pending", "pending", "never reached");

    assertEquals("pending", client(delegate).poll("p1"));

    assertEquals(4, script.calls());
    assertEquals(0, delegate.recoveries);
    assertEquals(
        "onFailure ResultClient.poll #4 - delay=0 elapsedMs=30",
        listener.lines().get(listener.lines().size() - 1));
  }

  @Test
  void attemptsEndingWithAFailureAreRecovered() throws IOException {
    IOException last = new IOException("last");
    Script script = Script.failing(null, null, null, last);
    ScriptedResultClient delegate =
        new ScriptedResultClient(script).returning("pending", "pending", "pending");

    assertEquals("unknown p1", client(delegate).poll("p1"));

    assertEquals(4, script.calls());
    assertEquals(asList(10L, 10L, 10L), clock.sleeps());
    assertEquals(1, delegate.recoveries);
    assertSame(last, delegate.recoveredFailure);
    assertSame(last, listener.events().get(3).failure());
  }

  @Test
  void nonRetryableFailureAfterARejectedResultIsRethrown() {
    IllegalStateException failure = new IllegalStateException("not I/O");
    Script script = Script.failing(null, failure);
    ScriptedResultClient delegate =
        new ScriptedResultClient(script).returning("pending", "never reached");

    assertSame(
        failure, assertThrows(IllegalStateException.class, () -> client(delegate).poll("p1")));

    assertEquals(2, script.calls());
    assertEquals(asList(10L), clock.sleeps());
    assertEquals(0, delegate.recoveries);
  }

  private static void assertCounts(String expected, RetryStatistics counts) {
    assertEquals(
        expected,
        "successfulWithoutRetry=" + counts.successfulWithoutRetry()
            + " successfulWithRetry=" + counts.successfulWithRetry()
            + " failedWithoutRetry=" + counts.failedWithoutRetry()
            + " failedWithRetry=" + counts.failedWithRetry());
  }

  /**
   * Runs the script on every call (which may throw); when it does not throw, returns the next
   * scripted result. Records its predicate's calls and its recoveries.
   */
  static final class ScriptedResultClient implements ResultClient {
    final Script script;
    private final Deque<String> statuses = new ArrayDeque<>();
    private final Deque<Integer> codes = new ArrayDeque<>();
    final List<Integer> checkedCodes = new ArrayList<>();
    int recoveries;
    Throwable recoveredFailure;

    ScriptedResultClient(Script script) {
      this.script = script;
    }

    ScriptedResultClient returning(String... statuses) {
      this.statuses.addAll(Arrays.asList(statuses));
      return this;
    }

    ScriptedResultClient returningCodes(Integer... codes) {
      Collections.addAll(this.codes, codes);
      return this;
    }

    private String nextStatus() {
      String status = statuses.poll();
      if (status == null) {
        throw new AssertionError("more calls than the test scripted results for");
      }
      return status;
    }

    @Override
    public String status(String id) throws IOException {
      script.call(IOException.class);
      return nextStatus();
    }

    @Override
    public int code(String id) {
      script.call();
      Integer code = codes.poll();
      if (code == null) {
        throw new AssertionError("more calls than the test scripted codes for");
      }
      return code;
    }

    @Override
    public String poll(String id) throws IOException {
      script.call(IOException.class);
      return nextStatus();
    }

    @Override
    public String statusWithin(String id) throws IOException {
      script.call(IOException.class);
      return nextStatus();
    }

    @Override
    public String unknown(IOException failure, String id) {
      recoveries++;
      recoveredFailure = failure;
      return ResultClient.super.unknown(failure, id);
    }

    @Override
    public boolean isNegative(Integer code) {
      checkedCodes.add(code);
      return ResultClient.super.isNegative(code);
    }
  }
}
