package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC §3, "Interruption is never retried": an InterruptedException thrown by an attempt is
 * retried only when retryFor names InterruptedException itself; a recover that returns normally
 * sets the interrupt flag again. Both for an interface delegate and a class subclass.
 */
class InterruptRuleTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(new QueueRandom())
          .listener(listener)
          .build();

  @AfterEach
  void clearInterruptFlag() {
    Thread.interrupted();
  }

  private InterruptibleClient client(ScriptedInterruptibleClient delegate) {
    return new InterruptibleClientRetrying(delegate, options);
  }

  private static List<Long> noSleeps() {
    return Collections.<Long>emptyList();
  }

  // --- interface delegate

  @Test
  void interruptedExceptionIsNotRetriedByDefault() {
    InterruptedException failure = new InterruptedException("interrupted");
    Script script = Script.alwaysFailing(failure);

    InterruptedException thrown =
        assertThrows(
            InterruptedException.class,
            () -> client(new ScriptedInterruptibleClient(script)).byDefault());

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
    assertEquals(
        asList(
            "onFailure InterruptibleClient.byDefault #1 InterruptedException delay=0 elapsedMs=0"),
        listener.lines());
  }

  @Test
  void interruptedExceptionIsNotRetriedWhenRetryForNamesException() {
    InterruptedException failure = new InterruptedException("interrupted");
    Script script = Script.alwaysFailing(failure);

    InterruptedException thrown =
        assertThrows(
            InterruptedException.class,
            () -> client(new ScriptedInterruptibleClient(script)).forException());

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
  }

  @Test
  void interruptedExceptionIsNotRetriedWhenRetryForNamesThrowable() {
    InterruptedException failure = new InterruptedException("interrupted");
    Script script = Script.alwaysFailing(failure);

    InterruptedException thrown =
        assertThrows(
            InterruptedException.class,
            () -> client(new ScriptedInterruptibleClient(script)).forThrowable());

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
  }

  @Test
  void interruptedExceptionIsRetriedWhenRetryForNamesItItself() throws InterruptedException {
    Script script =
        Script.failing(new InterruptedException("1"), new InterruptedException("2"));

    assertEquals("done", client(new ScriptedInterruptibleClient(script)).forInterrupted());

    assertEquals(3, script.calls());
    assertEquals(asList(10L, 10L), clock.sleeps());
  }

  @Test
  void interruptedExceptionNamedInRetryForIsRethrownAsTheSameInstanceWhenAttemptsRunOut() {
    InterruptedException failure = new InterruptedException("interrupted");
    Script script = Script.alwaysFailing(failure);

    InterruptedException thrown =
        assertThrows(
            InterruptedException.class,
            () -> client(new ScriptedInterruptibleClient(script)).forInterrupted());

    assertSame(failure, thrown);
    assertEquals(3, script.calls());
  }

  @Test
  void recoveredInterruptionSetsTheInterruptFlagAgain() throws InterruptedException {
    InterruptedException failure = new InterruptedException("interrupted");
    Script script = Script.alwaysFailing(failure);
    ScriptedInterruptibleClient delegate = new ScriptedInterruptibleClient(script);

    assertEquals("recovered k", client(delegate).recovered("k"));

    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
    assertEquals(1, delegate.recovered.size());
    assertSame(failure, delegate.recovered.get(0));
    assertTrue(Thread.interrupted(), "interrupt flag set again after the recover returned");
  }

  @Test
  void uninterruptedRecoveredCallIsNotAffected() throws InterruptedException {
    Script script = Script.succeeding();
    ScriptedInterruptibleClient delegate = new ScriptedInterruptibleClient(script);

    assertEquals("done k", client(delegate).recovered("k"));

    assertEquals(1, script.calls());
    assertEquals(0, delegate.recovered.size());
    assertFalse(Thread.currentThread().isInterrupted());
  }

  // --- class subclass

  @Test
  void subclassDoesNotRetryInterruptedExceptionByDefault() {
    InterruptedException failure = new InterruptedException("interrupted");
    Script script = Script.alwaysFailing(failure);
    InterruptibleWorker worker = new InterruptibleWorkerRetrying(options, script);

    assertSame(failure, assertThrows(InterruptedException.class, worker::byDefault));

    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
  }

  @Test
  void subclassDoesNotRetryInterruptedExceptionWhenRetryForNamesThrowable() {
    InterruptedException failure = new InterruptedException("interrupted");
    Script script = Script.alwaysFailing(failure);
    InterruptibleWorker worker = new InterruptibleWorkerRetrying(options, script);

    assertSame(failure, assertThrows(InterruptedException.class, worker::forThrowable));

    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
  }

  @Test
  void subclassRetriesInterruptedExceptionWhenRetryForNamesItItself()
      throws InterruptedException {
    Script script = Script.failing(new InterruptedException("1"));
    InterruptibleWorker worker = new InterruptibleWorkerRetrying(options, script);

    assertEquals("done", worker.forInterrupted());

    assertEquals(2, script.calls());
    assertEquals(asList(10L), clock.sleeps());
  }

  @Test
  void subclassRecoveredInterruptionSetsTheInterruptFlagAgain() throws InterruptedException {
    InterruptedException failure = new InterruptedException("interrupted");
    Script script = Script.alwaysFailing(failure);
    InterruptibleWorker worker = new InterruptibleWorkerRetrying(options, script);

    assertEquals("recovered k", worker.recovered("k"));

    assertEquals(1, script.calls());
    assertEquals(noSleeps(), clock.sleeps());
    assertEquals(1, worker.recovered.size());
    assertSame(failure, worker.recovered.get(0));
    assertTrue(Thread.interrupted(), "interrupt flag set again after the recover returned");
  }

  /** Runs the script on every call; records what its recover method received. */
  static final class ScriptedInterruptibleClient implements InterruptibleClient {
    private final Script script;
    final List<Throwable> recovered = new ArrayList<>();

    ScriptedInterruptibleClient(Script script) {
      this.script = script;
    }

    @Override
    public String byDefault() throws InterruptedException {
      script.call(InterruptedException.class);
      return "done";
    }

    @Override
    public String forException() throws InterruptedException {
      script.call(InterruptedException.class);
      return "done";
    }

    @Override
    public String forThrowable() throws InterruptedException {
      script.call(InterruptedException.class);
      return "done";
    }

    @Override
    public String forInterrupted() throws InterruptedException {
      script.call(InterruptedException.class);
      return "done";
    }

    @Override
    public String recovered(String key) throws InterruptedException {
      script.call(InterruptedException.class);
      return "done " + key;
    }

    @Override
    public String interruptedFallback(InterruptedException failure, String key) {
      recovered.add(failure);
      return InterruptibleClient.super.interruptedFallback(failure, key);
    }
  }
}
