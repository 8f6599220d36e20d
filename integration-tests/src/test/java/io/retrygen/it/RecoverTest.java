package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryListener;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryStatistics;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.StatisticsListener;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code @Recover}: when it runs, which candidate, with what, and what it is not used for. */
class RecoverTest {
  private final VirtualTime clock = VirtualTime.start();
  /** Listener events and recover calls, in the order they happened. */
  private final List<String> log = new ArrayList<>();

  @AfterEach
  void clearInterruptFlag() {
    Thread.interrupted();
  }

  private RetryOptions options(Sleeper sleeper, RetryListener... listeners) {
    RetryOptions.Builder builder =
        RetryOptions.builder().sleeper(sleeper).ticker(clock).random(new QueueRandom());
    for (RetryListener listener : listeners) {
      builder.listener(listener);
    }
    return builder.build();
  }

  private RetryOptions options(RetryListener... listeners) {
    return options(clock, listeners);
  }

  private static List<Long> noSleeps() {
    return Collections.<Long>emptyList();
  }

  // --- which candidate: RecoveringClient.charge, retryFor = IOException, 3 attempts, 10 ms

  @Test
  void exhaustedAttemptsAreRecoveredWithTheSameFailureAndThePrefixOfArguments()
      throws IOException {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    ScriptedRecoveringClient delegate = new ScriptedRecoveringClient(script, log);

    assertEquals(
        "queued acct 500", new RecoveringClientRetrying(delegate, options()).charge("acct", 500));

    assertEquals(3, script.calls());
    assertEquals(asList(10L, 10L), clock.sleeps());
    assertEquals(asList("chargeFailed(IOException, String, long)"), delegate.recoveries);
    assertSame(failure, delegate.failures.get(0));
  }

  @Test
  void successIsNotRecovered() throws IOException {
    Script script = Script.failing(new IOException("1"), new IOException("2"));
    ScriptedRecoveringClient delegate = new ScriptedRecoveringClient(script, log);

    assertEquals(
        "charged acct 500", new RecoveringClientRetrying(delegate, options()).charge("acct", 500));

    assertEquals(3, script.calls());
    assertEquals(Collections.<String>emptyList(), delegate.recoveries);
  }

  @Test
  void mostSpecificRecoverWinsOverALessSpecificOneDeclaredBeforeIt() throws IOException {
    FileNotFoundException failure = new FileNotFoundException("gone");
    Script script = Script.alwaysFailing(failure);
    ScriptedRecoveringClient delegate = new ScriptedRecoveringClient(script, log);

    assertEquals(
        "no such account", new RecoveringClientRetrying(delegate, options()).charge("acct", 500));

    assertEquals(3, script.calls());
    assertEquals(asList(10L, 10L), clock.sleeps());
    assertEquals(asList("chargeFailed(FileNotFoundException)"), delegate.recoveries);
    assertSame(failure, delegate.failures.get(0));
  }

  @Test
  void mostSpecificRecoverWinsOverALessSpecificOneDeclaredAfterIt() throws IOException {
    SocketTimeoutException failure = new SocketTimeoutException("slow");
    Script script = Script.alwaysFailing(failure);
    ScriptedRecoveringClient delegate = new ScriptedRecoveringClient(script, log);

    assertEquals(
        "timed out acct", new RecoveringClientRetrying(delegate, options()).charge("acct", 500));

    assertEquals(3, script.calls());
    assertEquals(asList("chargeFailed(SocketTimeoutException, String)"), delegate.recoveries);
    assertSame(failure, delegate.failures.get(0));
  }

  @Test
  void subtypeWithoutItsOwnRecoverGoesToTheNearestSupertypeNotTheCatchAll() throws IOException {
    EOFException failure = new EOFException("truncated");
    Script script = Script.alwaysFailing(failure);
    ScriptedRecoveringClient delegate = new ScriptedRecoveringClient(script, log);

    assertEquals(
        "queued acct 7", new RecoveringClientRetrying(delegate, options()).charge("acct", 7));

    assertEquals(asList("chargeFailed(IOException, String, long)"), delegate.recoveries);
    assertSame(failure, delegate.failures.get(0));
  }

  @Test
  void nonRetryableFailureIsRecoveredAtOnceByTheCatchAll() throws IOException {
    IllegalStateException failure = new IllegalStateException("not I/O");
    Script script = Script.alwaysFailing(failure);
    ScriptedRecoveringClient delegate = new ScriptedRecoveringClient(script, log);

    assertEquals(
        "catch-all acct", new RecoveringClientRetrying(delegate, options()).charge("acct", 500));

    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
    assertEquals(asList("chargeFailed(String)"), delegate.recoveries);
  }

  @Test
  void errorIsNotRetriedAndGoesToTheCatchAll() throws IOException {
    SimulatedError failure = new SimulatedError("boom");
    Script script = Script.alwaysFailing(failure);
    ScriptedRecoveringClient delegate = new ScriptedRecoveringClient(script, log);

    assertEquals(
        "catch-all acct", new RecoveringClientRetrying(delegate, options()).charge("acct", 500));

    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
    assertEquals(asList("chargeFailed(String)"), delegate.recoveries);
  }

  @Test
  void listenersSeeOnFailureBeforeTheRecoverRuns() throws IOException {
    Script script = Script.alwaysFailing(new IOException("down"));
    ScriptedRecoveringClient delegate = new ScriptedRecoveringClient(script, log);
    LogListener logging = new LogListener("listener", log);
    RecordingListener listener = new RecordingListener();

    new RecoveringClientRetrying(delegate, options(logging, listener)).charge("acct", 500);

    assertEquals(
        asList(
            "listener:onRetry",
            "listener:onRetry",
            "listener:onFailure",
            "recover chargeFailed(IOException, String, long)"),
        log);
    assertEquals(
        "onFailure RecoveringClient.charge #3 IOException delay=0 elapsedMs=20",
        listener.lines().get(2));
  }

  @Test
  void statisticsCountARecoveredCallAsFailed() throws IOException {
    StatisticsListener statistics = new StatisticsListener();
    Script script =
        Script.failing(
            new IOException("1"), new IOException("2"), new IOException("3"), // recovered
            new IllegalStateException("not retried")); // recovered by the catch-all
    RecoveringClient client =
        new RecoveringClientRetrying(
            new ScriptedRecoveringClient(script, log), options(statistics));

    assertEquals("queued a 1", client.charge("a", 1));
    assertEquals("catch-all b", client.charge("b", 2));

    RetryStatistics counts = statistics.statistics("RecoveringClient.charge");
    assertEquals(0, counts.successfulWithoutRetry());
    assertEquals(0, counts.successfulWithRetry());
    assertEquals(1, counts.failedWithoutRetry());
    assertEquals(1, counts.failedWithRetry());
  }

  @Test
  void throwableParameterIsMoreSpecificThanNoFailureParameter() {
    Script exception = Script.alwaysFailing(new IllegalStateException("bad"));
    assertEquals(
        "exception bad k",
        new CatchAllClientRetrying(new ScriptedCatchAllClient(exception), options()).get("k"));
    assertEquals(2, exception.calls());

    Script error = Script.alwaysFailing(new SimulatedError("boom"));
    assertEquals(
        "throwable boom",
        new CatchAllClientRetrying(new ScriptedCatchAllClient(error), options()).get("k"));
    assertEquals(1, error.calls());
    assertEquals(noSleeps(), clock.sleeps());
  }

  // --- how the call gave up: FallbackClient, no catch-all

  @Test
  void withNoMatchingRecoverTheLastFailureIsRethrownAsTheSameInstance() {
    IllegalStateException first = new IllegalStateException("first");
    IllegalStateException last = new IllegalStateException("last");
    Script script = Script.failing(first, new IllegalStateException("second"), last);
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);

    IllegalStateException thrown =
        assertThrows(
            IllegalStateException.class,
            () -> new FallbackClientRetrying(delegate, options()).count("items"));

    assertSame(last, thrown);
    assertEquals(3, script.calls());
    assertEquals(asList(10L, 10L), clock.sleeps());
    assertEquals(Collections.<String>emptyList(), delegate.recoveries);
  }

  @Test
  void errorWithNoMatchingRecoverIsRethrownAsTheSameInstance() {
    SimulatedError failure = new SimulatedError("boom");
    Script script = Script.alwaysFailing(failure);
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);

    SimulatedError thrown =
        assertThrows(
            SimulatedError.class,
            () -> new FallbackClientRetrying(delegate, options()).count("items"));

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(Collections.<String>emptyList(), delegate.recoveries);
  }

  @Test
  void recoverTakesTheLastFailureNotTheFirst() throws IOException {
    IOException last = new IOException("third");
    Script script = Script.failing(new IOException("first"), new IOException("second"), last);
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);

    assertEquals(-1, new FallbackClientRetrying(delegate, options()).count("items"));

    assertEquals(asList("countFailed items"), delegate.recoveries);
    assertSame(last, delegate.failures.get(0));
  }

  @Test
  void maxDurationRunningOutIsRecovered() throws IOException {
    // each call takes 10 ms: failures end at 10, 50, 90 ms; at 90 a wait of 30 would reach the
    // 100 ms budget, so time, not the 4 attempts, ends the call
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure).taking(clock, 10);
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);

    assertEquals(-1, new FallbackClientRetrying(delegate, options()).countWithin("items"));

    assertEquals(3, script.calls());
    assertEquals(asList(30L, 30L), clock.sleeps());
    assertEquals(asList("countFailed items"), delegate.recoveries);
    assertSame(failure, delegate.failures.get(0));
  }

  @Test
  void interruptedBackoffIsRecoveredAndTheInterruptFlagStaysSet() throws IOException {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);
    List<Long> sleeps = new ArrayList<>();
    Sleeper interrupted =
        millis -> {
          sleeps.add(millis);
          throw new InterruptedException("interrupted while waiting");
        };

    assertEquals(-1, new FallbackClientRetrying(delegate, options(interrupted)).count("items"));

    assertEquals(1, script.calls());
    assertEquals(asList(10L), sleeps);
    assertEquals(asList("countFailed items"), delegate.recoveries);
    assertSame(failure, delegate.failures.get(0));
    assertEquals(asList(true), delegate.interruptedWhileRecovering);
    assertTrue(Thread.interrupted(), "interrupt flag restored");
  }

  @Test
  void notRecoverableFailureIsRetriedThenRethrownWithoutRecovery() {
    FileNotFoundException failure = new FileNotFoundException("gone");
    Script script = Script.alwaysFailing(failure);
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);

    FileNotFoundException thrown =
        assertThrows(
            FileNotFoundException.class,
            () -> new FallbackClientRetrying(delegate, options()).open("/data"));

    assertSame(failure, thrown);
    assertEquals(3, script.calls());
    assertEquals(asList(10L, 10L), clock.sleeps());
    assertEquals(Collections.<String>emptyList(), delegate.recoveries);
  }

  @Test
  void notRecoverableLeavesOtherFailuresRecovered() throws IOException {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);

    assertEquals(
        "fallback for /data", new FallbackClientRetrying(delegate, options()).open("/data"));

    assertEquals(3, script.calls());
    assertEquals(asList("openFailed /data"), delegate.recoveries);
    assertSame(failure, delegate.failures.get(0));
  }

  @Test
  void voidMethodRunsItsRecoverAndReturnsNormally() {
    IllegalStateException failure = new IllegalStateException("locked");
    Script script = Script.alwaysFailing(failure);
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);

    new FallbackClientRetrying(delegate, options()).cancel("order-1");

    assertEquals(2, script.calls());
    assertEquals(asList(10L), clock.sleeps());
    assertEquals(asList("cancelFailed order-1"), delegate.recoveries);
    assertSame(failure, delegate.failures.get(0));
  }

  @Test
  void voidMethodSucceedingIsNotRecovered() {
    Script script = Script.failing(new IllegalStateException("locked"));
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);

    new FallbackClientRetrying(delegate, options()).cancel("order-1");

    assertEquals(2, script.calls());
    assertEquals(Collections.<String>emptyList(), delegate.recoveries);
  }

  @Test
  void voidMethodFailureItsRecoverDoesNotTakeIsRethrown() {
    SimulatedError failure = new SimulatedError("boom");
    Script script = Script.alwaysFailing(failure);
    ScriptedFallbackClient delegate = new ScriptedFallbackClient(script);

    SimulatedError thrown =
        assertThrows(
            SimulatedError.class,
            () -> new FallbackClientRetrying(delegate, options()).cancel("order-1"));

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(Collections.<String>emptyList(), delegate.recoveries);
  }

  // --- where candidates come from

  @Test
  void recoverOfAGenericSuperinterfaceIsUsed() throws IOException {
    Script script = Script.alwaysFailing(new IOException("down"));
    InheritingRecoverClient client =
        new InheritingRecoverClientRetrying(new ScriptedInheritingClient(script), options());

    assertEquals("fallback k after down", client.fetch("k"));

    assertEquals(3, script.calls());
    assertEquals(asList(10L, 10L), clock.sleeps());
  }

  @Test
  void recoverNamePicksAmongSeveralThatFit() throws IOException {
    NamedRecoverClient client =
        new NamedRecoverClientRetrying(
            new ScriptedNamedClient(Script.alwaysFailing(new IOException("down"))), options());

    assertEquals("primary k", client.first("k"));
    assertEquals("secondary k", client.second("k"));
  }

  @Test
  void recoverNameChoosesByFailureTypeAmongItsOverloadsOnly() throws IOException {
    NamedRecoverClient client =
        new NamedRecoverClientRetrying(
            new ScriptedNamedClient(Script.alwaysFailing(new FileNotFoundException("gone"))),
            options());

    // secondary(FileNotFoundException) is the most specific, but only "secondary" may use it
    assertEquals("primary k", client.first("k"));
    assertEquals("secondary missing", client.second("k"));
  }

  @Test
  void recoverNameWithNoMatchingFailureTypeRethrowsTheSameInstance() {
    IllegalStateException failure = new IllegalStateException("not I/O");
    Script script = Script.alwaysFailing(failure);
    NamedRecoverClient client =
        new NamedRecoverClientRetrying(new ScriptedNamedClient(script), options());

    assertSame(failure, assertThrows(IllegalStateException.class, () -> client.first("k")));
    assertEquals(3, script.calls());
  }

  // --- a class input: RecoveringStore extends RecoveringStoreBase

  @Test
  void classRecoverOfTheSuperclassRunsOnTheInstanceItself() throws IOException {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    RecoveringStore store = new RecoveringStoreRetrying(options(), script);

    assertEquals("cached k", store.load("k"));

    assertEquals(3, script.calls());
    assertEquals(asList(5L, 5L), clock.sleeps());
    assertEquals(1, store.recoveredOn.size());
    assertSame(store, store.recoveredOn.get(0));
    assertSame(failure, store.recoveredFailures.get(0));
  }

  @Test
  void classCatchAllTakesAnErrorWithoutRetrying() throws IOException {
    SimulatedError failure = new SimulatedError("boom");
    Script script = Script.alwaysFailing(failure);
    RecoveringStore store = new RecoveringStoreRetrying(options(), script);

    assertEquals(-1, store.size("k"));

    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
    assertSame(store, store.recoveredOn.get(0));
    assertSame(failure, store.recoveredFailures.get(0));
  }

  @Test
  void classRecoverDeclaredInTheInputRunsAfterExhaustedAttempts() throws IOException {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    RecoveringStore store = new RecoveringStoreRetrying(options(), script);

    assertEquals(-1, store.size("k"));

    assertEquals(3, script.calls());
    assertEquals(asList(5L, 5L), clock.sleeps());
    assertSame(store, store.recoveredOn.get(0));
    assertSame(failure, store.recoveredFailures.get(0));
  }

  @Test
  void selfCallFromInsideTheClassIsRetriedAndRecovered() throws IOException {
    IOException last = new IOException("3");
    // load("a") fails three times and is recovered; load("b") succeeds at once
    Script script = Script.failing(new IOException("1"), new IOException("2"), last);
    RecoveringStore store = new RecoveringStoreRetrying(options(), script);

    assertEquals("cached a, loaded b", store.loadBoth());

    assertEquals(4, script.calls());
    assertEquals(asList(5L, 5L), clock.sleeps());
    assertEquals(1, store.recoveredFailures.size());
    assertSame(last, store.recoveredFailures.get(0));
    assertSame(store, store.recoveredOn.get(0));
  }

  @Test
  void classSuccessIsNotRecovered() throws IOException {
    Script script = Script.failing(new IOException("1"));
    RecoveringStore store = new RecoveringStoreRetrying(options(), script);

    assertEquals("loaded k", store.load("k"));

    assertEquals(2, script.calls());
    assertTrue(store.recoveredOn.isEmpty());
  }

  /** Runs the script; records what each recover method received, and the order in the log. */
  static final class ScriptedRecoveringClient implements RecoveringClient {
    private final Script script;
    private final List<String> log;
    final List<String> recoveries = new ArrayList<>();
    final List<Throwable> failures = new ArrayList<>();

    ScriptedRecoveringClient(Script script, List<String> log) {
      this.script = script;
      this.log = log;
    }

    @Override
    public String charge(String account, long cents) throws IOException {
      script.call(IOException.class);
      return "charged " + account + " " + cents;
    }

    @Override
    public void recovered(String recover, Throwable failure) {
      recoveries.add(recover);
      failures.add(failure);
      log.add("recover " + recover);
      if (recover.equals("chargeFailed(String)")) {
        assertNull(failure);
      }
    }
  }

  static final class ScriptedFallbackClient implements FallbackClient {
    private final Script script;
    final List<String> recoveries = new ArrayList<>();
    final List<Throwable> failures = new ArrayList<>();
    final List<Boolean> interruptedWhileRecovering = new ArrayList<>();

    ScriptedFallbackClient(Script script) {
      this.script = script;
    }

    @Override
    public int count(String what) throws IOException {
      script.call(IOException.class);
      return what.length();
    }

    @Override
    public int countWithin(String what) throws IOException {
      script.call(IOException.class);
      return what.length();
    }

    @Override
    public String open(String path) throws IOException {
      script.call(IOException.class);
      return "opened " + path;
    }

    @Override
    public void cancel(String order) {
      script.call();
    }

    @Override
    public void recovered(String recover, Throwable failure, String argument) {
      recoveries.add(recover + " " + argument);
      failures.add(failure);
      interruptedWhileRecovering.add(Thread.currentThread().isInterrupted());
    }
  }

  static final class ScriptedCatchAllClient implements CatchAllClient {
    private final Script script;

    ScriptedCatchAllClient(Script script) {
      this.script = script;
    }

    @Override
    public String get(String key) {
      script.call();
      return "got " + key;
    }
  }

  static final class ScriptedInheritingClient implements InheritingRecoverClient {
    private final Script script;

    ScriptedInheritingClient(Script script) {
      this.script = script;
    }

    @Override
    public String fetch(String key) throws IOException {
      script.call(IOException.class);
      return "fetched " + key;
    }

    @Override
    public String fallback(String key) {
      return "fallback " + key;
    }
  }

  static final class ScriptedNamedClient implements NamedRecoverClient {
    private final Script script;

    ScriptedNamedClient(Script script) {
      this.script = script;
    }

    @Override
    public String first(String key) throws IOException {
      script.call(IOException.class);
      return "first " + key;
    }

    @Override
    public String second(String key) throws IOException {
      script.call(IOException.class);
      return "second " + key;
    }
  }
}
