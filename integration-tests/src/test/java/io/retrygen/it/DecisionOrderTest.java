package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
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
 * SPEC §3, "After a failed attempt": classification, attempts left, the interrupt flag, retryIf,
 * the wait (the only place that draws random values), maxDuration before and after the wait,
 * onRetry then the wait, and the next attempt, in this order.
 */
class DecisionOrderTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  /** r = 0.5: a wait of 150 ms for read and readWithin. */
  private final CountingRandom random = new CountingRandom(0.5);

  @AfterEach
  void clearInterruptFlag() {
    Thread.interrupted();
  }

  private OrderedClient client(ScriptedOrderedClient delegate) {
    return client(delegate, clock);
  }

  private OrderedClient client(ScriptedOrderedClient delegate, Sleeper sleeper) {
    RetryOptions options =
        RetryOptions.builder()
            .sleeper(sleeper)
            .ticker(clock)
            .random(random)
            .listener(listener)
            .build();
    return new OrderedClientRetrying(delegate, options);
  }

  private static List<Long> noSleeps() {
    return Collections.<Long>emptyList();
  }

  // --- steps 1, 3, 5 and 7: what is consulted and drawn before giving up

  @Test
  void nonRetryableFailureGivesUpWithoutConsultingRetryIfOrDrawing() {
    IllegalStateException failure = new IllegalStateException("not I/O");
    ScriptedOrderedClient delegate = new ScriptedOrderedClient(Script.alwaysFailing(failure));

    assertSame(
        failure, assertThrows(IllegalStateException.class, () -> client(delegate).read("k")));

    assertEquals(1, delegate.script.calls());
    assertEquals(0, delegate.consulted.size());
    assertEquals(0, random.draws());
    assertEquals(
        asList("onFailure OrderedClient.read #1 IllegalStateException delay=0 elapsedMs=0"),
        listener.lines());
  }

  @Test
  void noAttemptLeftGivesUpWithoutConsultingRetryIfOrDrawing() {
    IOException failure = new IOException("busy");
    ScriptedOrderedClient delegate = new ScriptedOrderedClient(Script.alwaysFailing(failure));

    assertSame(failure, assertThrows(IOException.class, () -> client(delegate).read("k")));

    assertEquals(3, delegate.script.calls());
    assertEquals(2, delegate.consulted.size()); // after attempts 1 and 2, not after 3
    assertEquals(2, random.draws()); // one per wait taken
    assertEquals(asList(150L, 150L), clock.sleeps());
  }

  @Test
  void failureThatRetryIfRejectsDrawsNothingFromTheRandomSource() {
    IOException failure = new IOException("permanent");
    ScriptedOrderedClient delegate =
        new ScriptedOrderedClient(Script.failing(failure, new IOException("never reached")));

    assertSame(failure, assertThrows(IOException.class, () -> client(delegate).read("k")));

    assertEquals(1, delegate.script.calls());
    assertEquals(asList(failure), delegate.consulted);
    assertEquals(0, random.draws(), "random draws; step 7 comes after retryIf (step 5)");
    assertEquals(noSleeps(), clock.sleeps());
  }

  @Test
  void retryIfIsConsultedBeforeTheWaitIsDrawnAndMaxDurationChecked() {
    // the first attempt takes 900 ms: retryIf accepts, the wait of 150 is drawn, and only then
    // 900 + 150 >= 1000 ends the call
    IOException failure = new IOException("busy");
    ScriptedOrderedClient delegate =
        new ScriptedOrderedClient(Script.alwaysFailing(failure).taking(clock, 900));

    assertSame(failure, assertThrows(IOException.class, () -> client(delegate).readWithin("k")));

    assertEquals(1, delegate.script.calls());
    assertEquals(asList(failure), delegate.consulted);
    assertEquals(1, random.draws());
    assertEquals(noSleeps(), clock.sleeps());
    assertEquals(
        asList("onFailure OrderedClient.readWithin #1 IOException delay=0 elapsedMs=900"),
        listener.lines());
  }

  // --- step 4: the thread's interrupt flag, checked only after a failed attempt

  @Test
  void interruptFlagSetDuringAFailedAttemptEndsTheCallBeforeRetryIfAndTheWait() {
    IOException failure = new IOException("busy");
    ScriptedOrderedClient delegate = new ScriptedOrderedClient(Script.alwaysFailing(failure));
    delegate.interruptDuringCall = true;

    assertSame(failure, assertThrows(IOException.class, () -> client(delegate).read("k")));

    assertEquals(1, delegate.script.calls());
    assertEquals(0, delegate.consulted.size());
    assertEquals(0, random.draws());
    assertEquals(noSleeps(), clock.sleeps());
    assertEquals(
        asList("onFailure OrderedClient.read #1 IOException delay=0 elapsedMs=0"),
        listener.lines());
    assertTrue(Thread.interrupted(), "interrupt flag still set");
  }

  @Test
  void interruptFlagSetBeforeTheCallDoesNotPreventTheFirstAttempt() throws IOException {
    ScriptedOrderedClient delegate = new ScriptedOrderedClient(Script.succeeding());
    Thread.currentThread().interrupt();

    assertEquals("read k", client(delegate).read("k"));

    assertEquals(1, delegate.script.calls());
    assertEquals(
        asList("onSuccess OrderedClient.read #1 - delay=0 elapsedMs=0"), listener.lines());
    assertTrue(Thread.interrupted(), "interrupt flag still set");
  }

  @Test
  void interruptFlagSetBeforeTheCallEndsItAfterTheFirstFailedAttempt() {
    IOException failure = new IOException("busy");
    ScriptedOrderedClient delegate = new ScriptedOrderedClient(Script.alwaysFailing(failure));
    Thread.currentThread().interrupt();

    assertSame(failure, assertThrows(IOException.class, () -> client(delegate).read("k")));

    assertEquals(1, delegate.script.calls());
    assertEquals(0, random.draws());
    assertEquals(noSleeps(), clock.sleeps());
    assertTrue(Thread.interrupted(), "interrupt flag still set");
  }

  @Test
  void interruptFlagEndsTheCallAfterARejectedResultTooReturningThatResult() throws IOException {
    ScriptedOrderedClient delegate =
        new ScriptedOrderedClient(Script.succeeding()).returning("pending", "done");
    delegate.interruptDuringCall = true;

    assertEquals("pending", client(delegate).status("k"));

    assertEquals(1, delegate.script.calls());
    assertEquals(noSleeps(), clock.sleeps());
    assertEquals(
        asList("onFailure OrderedClient.status #1 - delay=0 elapsedMs=0"), listener.lines());
    assertTrue(Thread.interrupted(), "interrupt flag still set");
  }

  // --- steps 8 and 9: maxDuration before the wait, then onRetry, the wait, and the time again

  @Test
  void sleeperThatAdvancesExactlyWhatIsAskedKeepsRetryingWhileBelowMaxDuration() {
    // failures at 0, 100, 200, 300, 400 ms; every elapsed + 100 stays below 1000
    IOException failure = new IOException("down");
    ScriptedOrderedClient delegate = new ScriptedOrderedClient(Script.alwaysFailing(failure));

    assertSame(failure, assertThrows(IOException.class, () -> client(delegate).timed("k")));

    assertEquals(5, delegate.script.calls());
    assertEquals(asList(100L, 100L, 100L, 100L), clock.sleeps());
    assertEquals(
        "onFailure OrderedClient.timed #5 IOException delay=0 elapsedMs=400",
        listener.lines().get(listener.lines().size() - 1));
  }

  @Test
  void waitThatOverranMaxDurationStartsNoFurtherAttempt() {
    // 0 + 100 < 1000, so the wait is taken; it ends at 10 000 ms, past the budget
    List<Long> sleeps = new ArrayList<>();
    Sleeper overrunning =
        millis -> {
          sleeps.add(millis);
          clock.advanceBy(10_000);
        };
    IOException failure = new IOException("down");
    ScriptedOrderedClient delegate = new ScriptedOrderedClient(Script.alwaysFailing(failure));

    assertSame(
        failure,
        assertThrows(IOException.class, () -> client(delegate, overrunning).timed("k")));

    assertEquals(1, delegate.script.calls());
    assertEquals(asList(100L), sleeps);
    assertEquals(
        asList(
            "onRetry OrderedClient.timed #1 IOException delay=100 elapsedMs=0",
            "onFailure OrderedClient.timed #1 IOException delay=0 elapsedMs=10000"),
        listener.lines());
  }

  @Test
  void secondWaitThatOverranMaxDurationEndsTheCallAfterTwoAttempts() {
    // the first wait takes the 100 ms asked, the second 10 000 ms
    List<Long> sleeps = new ArrayList<>();
    Sleeper overrunningTheSecondTime =
        millis -> {
          sleeps.add(millis);
          clock.advanceBy(sleeps.size() == 2 ? 10_000 : millis);
        };
    IOException first = new IOException("first");
    IOException second = new IOException("second");
    ScriptedOrderedClient delegate =
        new ScriptedOrderedClient(Script.failing(first, second, new IOException("never")));

    assertSame(
        second,
        assertThrows(
            IOException.class, () -> client(delegate, overrunningTheSecondTime).timed("k")));

    assertEquals(2, delegate.script.calls());
    assertEquals(asList(100L, 100L), sleeps);
    assertEquals(
        asList(
            "onRetry OrderedClient.timed #1 IOException delay=100 elapsedMs=0",
            "onRetry OrderedClient.timed #2 IOException delay=100 elapsedMs=100",
            "onFailure OrderedClient.timed #2 IOException delay=0 elapsedMs=10100"),
        listener.lines());
  }

  @Test
  void onRetryIsCalledBeforeTheWait() throws IOException {
    List<String> log = new ArrayList<>();
    LogListener logging = new LogListener("listener", log);
    Sleeper sleeper = millis -> log.add("sleep " + millis);
    ScriptedOrderedClient delegate =
        new ScriptedOrderedClient(Script.failing(new IOException("1"), new IOException("2")));
    OrderedClient client =
        new OrderedClientRetrying(
            delegate,
            RetryOptions.builder()
                .sleeper(sleeper)
                .ticker(clock)
                .random(random)
                .listener(logging)
                .build());

    assertEquals("read k", client.read("k"));

    assertEquals(
        asList(
            "listener:onRetry",
            "sleep 150",
            "listener:onRetry",
            "sleep 150",
            "listener:onSuccess"),
        log);
  }

  @Test
  void zeroWaitCallsNoSleeper() throws IOException {
    List<Long> sleeps = new ArrayList<>();
    Sleeper recording = sleeps::add;
    ScriptedOrderedClient delegate =
        new ScriptedOrderedClient(Script.failing(new IOException("1"), new IOException("2")));

    assertEquals("immediate k", client(delegate, recording).immediate("k"));

    assertEquals(3, delegate.script.calls());
    assertEquals(noSleeps(), sleeps);
    assertEquals(
        asList(
            "onRetry OrderedClient.immediate #1 IOException delay=0 elapsedMs=0",
            "onRetry OrderedClient.immediate #2 IOException delay=0 elapsedMs=0",
            "onSuccess OrderedClient.immediate #3 - delay=0 elapsedMs=0"),
        listener.lines());
    assertFalse(Thread.currentThread().isInterrupted());
  }

  /**
   * Runs the script on every call, optionally interrupting the calling thread first (as an
   * interrupted blocking call that then fails would); counts its retryIf calls.
   */
  static final class ScriptedOrderedClient implements OrderedClient {
    final Script script;
    final List<IOException> consulted = new ArrayList<>();
    private final Deque<String> statuses = new ArrayDeque<>();
    boolean interruptDuringCall;

    ScriptedOrderedClient(Script script) {
      this.script = script;
    }

    ScriptedOrderedClient returning(String... statuses) {
      this.statuses.addAll(Arrays.asList(statuses));
      return this;
    }

    private String run(String result) throws IOException {
      if (interruptDuringCall) {
        Thread.currentThread().interrupt();
      }
      script.call(IOException.class);
      return result;
    }

    @Override
    public String read(String key) throws IOException {
      return run("read " + key);
    }

    @Override
    public String readWithin(String key) throws IOException {
      return run("read " + key);
    }

    @Override
    public String timed(String key) throws IOException {
      return run("timed " + key);
    }

    @Override
    public String status(String key) throws IOException {
      run(key);
      String status = statuses.poll();
      if (status == null) {
        throw new AssertionError("more calls than the test scripted results for");
      }
      return status;
    }

    @Override
    public String immediate(String key) throws IOException {
      return run("immediate " + key);
    }

    @Override
    public boolean isTransient(IOException failure) {
      consulted.add(failure);
      return OrderedClient.super.isTransient(failure);
    }
  }
}
