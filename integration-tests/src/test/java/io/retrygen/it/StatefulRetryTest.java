package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.RetryEvent;
import io.retrygen.runtime.RetryExhaustedException;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.StatefulRetries;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@code @Retryable(stateful = true)} through a generated delegate (SPEC §19): one attempt per
 * call, the failure rethrown after the key's wait, the key's retries ended by its last attempt,
 * the next call recovering without calling the method, and the key forgotten. The state is
 * process-wide per method, so every test uses keys of its own.
 */
class StatefulRetryTest {
  private final VirtualTime clock = VirtualTime.start();
  /** Calls of the delegate, waits, recoveries and what the test caught, in order. */
  private final List<String> log = new ArrayList<>();
  private final List<Throwable> recoveredFailures = new ArrayList<>();
  private final RecordingListener listener = new RecordingListener();

  private StatefulInbox inbox(Script script) {
    return inbox(script, listener);
  }

  private StatefulInbox inbox(Script script, RecordingListener listener) {
    return inbox(new Inbox(script), listener);
  }

  private StatefulInbox inbox(Inbox delegate, RecordingListener listener) {
    RetryOptions options =
        RetryOptions.builder()
            .sleeper(
                millis -> {
                  log.add("sleep " + millis);
                  clock.sleep(millis);
                })
            .ticker(clock)
            .random(new QueueRandom())
            .listener(listener)
            .build();
    return new StatefulInboxRetrying(delegate, options);
  }

  /** {@code kind #attempt reason delay}, one per event. */
  private static List<String> events(RecordingListener listener) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < listener.events().size(); i++) {
      RetryEvent event = listener.events().get(i);
      String kind = listener.lines().get(i).substring(0, listener.lines().get(i).indexOf(' '));
      lines.add(kind + " #" + event.attempt()
          + (event.reason() == null ? "" : " " + event.reason())
          + (kind.equals("onRetry") ? " " + event.delayMillis() + "ms" : ""));
    }
    return lines;
  }

  private List<String> events() {
    return events(listener);
  }

  /** Runs {@code call}, expecting {@code type}; logs "caught" and returns what was thrown. */
  private <T extends Throwable> T caught(Class<T> type, Executable call) {
    T thrown = assertThrows(type, call);
    log.add("caught " + thrown.getClass().getSimpleName());
    return thrown;
  }

  // --- one attempt per call, the failure rethrown after the wait

  @Test
  void eachCallIsOneAttemptWhoseFailureIsRethrownUnchangedAfterTheKeysWait() {
    IOException first = new IOException("first");
    IOException second = new IOException("second");
    Script script = Script.failing(first, second);
    StatefulInbox inbox = inbox(script);

    assertSame(first, caught(IOException.class, () -> inbox.receive("m-wait")));
    assertSame(second, caught(IOException.class, () -> inbox.receive("m-wait")));

    assertEquals(2, script.calls());
    assertEquals(
        asList(
            "receive m-wait", "sleep 100", "caught IOException",
            "receive m-wait", "sleep 200", "caught IOException"),
        log);
    assertEquals(asList(100L, 200L), clock.sleeps());
    assertEquals(asList("onRetry #1 100ms", "onRetry #2 200ms"), events());
  }

  @Test
  void keysAreCountedApartEvenWhenTheirCallsInterleave() {
    Script script = Script.alwaysFailing(new IOException("down"));
    RecordingListener other = new RecordingListener();
    StatefulInbox inbox = inbox(script);
    StatefulInbox otherInbox = inbox(script, other);

    caught(IOException.class, () -> inbox.receive("m-a"));
    caught(IOException.class, () -> otherInbox.receive("m-b"));
    caught(IOException.class, () -> inbox.receive("m-a"));
    caught(IOException.class, () -> otherInbox.receive("m-b"));

    assertEquals(asList(100L, 100L, 200L, 200L), clock.sleeps());
    assertEquals(asList("onRetry #1 100ms", "onRetry #2 200ms"), events());
    assertEquals(asList("onRetry #1 100ms", "onRetry #2 200ms"), events(other));
  }

  // --- the key's last attempt, and the call after it

  @Test
  void theLastAttemptRethrowsWithoutWaitingAndTheNextCallRecoversWithoutCallingTheMethod()
      throws IOException {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    StatefulInbox inbox = inbox(script);

    for (int call = 1; call <= 3; call++) {
      assertSame(failure, caught(IOException.class, () -> inbox.receive("m-exhaust")));
    }
    assertEquals(asList(100L, 200L), clock.sleeps());
    assertEquals(
        asList("onRetry #1 100ms", "onRetry #2 200ms", "onFailure #3 ATTEMPTS_EXHAUSTED"),
        events());
    log.clear();

    assertEquals("dead-lettered m-exhaust", inbox.receive("m-exhaust"));

    assertEquals(3, script.calls());
    assertEquals(asList("receiveFailed(IOException, String)"), log);
    assertEquals(asList((Throwable) failure), recoveredFailures);
    assertEquals(3, listener.events().size(), "the recovering call tells no listener");
  }

  @Test
  void afterRecoveringTheKeyIsForgottenAndStartsAfresh() throws IOException {
    Script script = Script.alwaysFailing(new IOException("down"));
    StatefulInbox inbox = inbox(script);
    for (int call = 1; call <= 3; call++) {
      caught(IOException.class, () -> inbox.receive("m-afresh"));
    }
    assertEquals("dead-lettered m-afresh", inbox.receive("m-afresh"));

    caught(IOException.class, () -> inbox.receive("m-afresh"));

    assertEquals(4, script.calls());
    assertEquals(asList(100L, 200L, 100L), clock.sleeps());
    assertEquals(
        asList(
            "onRetry #1 100ms", "onRetry #2 200ms", "onFailure #3 ATTEMPTS_EXHAUSTED",
            "onRetry #1 100ms"),
        events());
  }

  @Test
  void theMostSpecificRecoverGetsTheFailureThatEndedTheKeyNotTheFirst() throws IOException {
    IOException first = new IOException("first");
    IOException second = new IOException("second");
    FileNotFoundException last = new FileNotFoundException("gone");
    StatefulInbox inbox = inbox(Script.failing(first, second, last));
    for (int call = 1; call <= 3; call++) {
      caught(IOException.class, () -> inbox.receive("m-specific"));
    }

    assertEquals("gone", inbox.receive("m-specific"));

    assertEquals(asList((Throwable) last), recoveredFailures);
    assertEquals("receiveFailed(FileNotFoundException)", log.get(log.size() - 1));
  }

  @Test
  void withNoRecoverForTheFailureTheNextCallThrowsRetryExhaustedExceptionWithIt() {
    IllegalStateException failure = new IllegalStateException("not I/O");
    Script script = Script.alwaysFailing(failure);
    StatefulInbox inbox = inbox(script);
    for (int call = 1; call <= 3; call++) {
      assertSame(failure, caught(IllegalStateException.class, () -> inbox.receive("m-norec")));
    }

    RetryExhaustedException exhausted =
        caught(RetryExhaustedException.class, () -> inbox.receive("m-norec"));

    assertSame(failure, exhausted.getCause());
    assertEquals(3, script.calls());
    assertEquals(Collections.<Throwable>emptyList(), recoveredFailures);
    // Then forgotten: the method is called again.
    assertSame(failure, caught(IllegalStateException.class, () -> inbox.receive("m-norec")));
    assertEquals(4, script.calls());
  }

  @Test
  void aNotRecoverableFailureIsNotRecoveredButThrownAsTheCauseOfRetryExhaustedException() {
    SocketTimeoutException failure = new SocketTimeoutException("slow");
    Script script = Script.alwaysFailing(failure);
    StatefulInbox inbox = inbox(script);
    for (int call = 1; call <= 3; call++) {
      assertSame(failure, caught(SocketTimeoutException.class, () -> inbox.receive("m-notrec")));
    }

    RetryExhaustedException exhausted =
        caught(RetryExhaustedException.class, () -> inbox.receive("m-notrec"));

    assertSame(failure, exhausted.getCause());
    assertEquals(3, script.calls());
    assertEquals(Collections.<Throwable>emptyList(), recoveredFailures);
  }

  // --- what forgets a key

  @Test
  void aNonRetryableFailureIsRethrownUnrecoveredAndForgetsTheKey() {
    IOException first = new IOException("first");
    EOFException notRetried = new EOFException("truncated");
    IOException after = new IOException("after");
    StatefulInbox inbox = inbox(Script.failing(first, notRetried, after));

    assertSame(first, caught(IOException.class, () -> inbox.receive("m-noretry")));
    assertSame(notRetried, caught(EOFException.class, () -> inbox.receive("m-noretry")));
    assertSame(after, caught(IOException.class, () -> inbox.receive("m-noretry")));

    assertEquals(Collections.<Throwable>emptyList(), recoveredFailures);
    assertEquals(asList(100L, 100L), clock.sleeps(), "no wait for EOF; the next key starts afresh");
    assertEquals(
        asList("onRetry #1 100ms", "onFailure #2 NOT_RETRYABLE", "onRetry #1 100ms"), events());
  }

  @Test
  void aSuccessForgetsTheKey() throws IOException {
    StatefulInbox inbox = inbox(Script.failing(new IOException("1"), new IOException("2")));
    caught(IOException.class, () -> inbox.receive("m-success"));
    caught(IOException.class, () -> inbox.receive("m-success"));

    assertEquals("got m-success", inbox.receive("m-success"));

    StatefulInbox again = inbox(Script.failing(new IOException("3")));
    caught(IOException.class, () -> again.receive("m-success"));
    assertEquals(asList(100L, 200L, 100L), clock.sleeps());
    assertEquals(
        asList("onRetry #1 100ms", "onRetry #2 200ms", "onSuccess #3", "onRetry #1 100ms"),
        events());
  }

  @Test
  void aFirstCallThatSucceedsIsAttemptOne() throws IOException {
    Script script = Script.succeeding();

    assertEquals("got m-once", inbox(script).receive("m-once"));

    assertEquals(1, script.calls());
    assertEquals(asList("onSuccess #1"), events());
  }

  // --- keys

  @Test
  void theKeyOfSeveralParametersIsTheListOfTheArguments() {
    Script script = Script.alwaysFailing(new IllegalStateException("full"));
    StatefulInbox inbox = inbox(script);

    caught(IllegalStateException.class, () -> inbox.publish("orders", 1));
    caught(IllegalStateException.class, () -> inbox.publish("orders", 2));
    caught(IllegalStateException.class, () -> inbox.publish(new String("orders"), 1));
    RetryExhaustedException exhausted =
        caught(RetryExhaustedException.class, () -> inbox.publish("orders", 1));
    caught(IllegalStateException.class, () -> inbox.publish("orders", 2));

    assertEquals(IllegalStateException.class, exhausted.getCause().getClass());
    assertEquals(4, script.calls());
    assertEquals(
        asList(
            "onRetry #1 0ms", "onRetry #1 0ms", "onFailure #2 ATTEMPTS_EXHAUSTED",
            "onFailure #2 ATTEMPTS_EXHAUSTED"),
        events());
  }

  @Test
  void aMethodWithoutParametersHasOneKey() {
    Script script = Script.alwaysFailing(new IllegalStateException("busy"));
    StatefulInbox inbox = inbox(script);

    caught(IllegalStateException.class, inbox::drain);
    caught(IllegalStateException.class, () -> inbox(script).drain());
    caught(RetryExhaustedException.class, inbox::drain);

    assertEquals(2, script.calls());
    assertEquals(asList("onRetry #1 0ms", "onFailure #2 ATTEMPTS_EXHAUSTED"), events());
  }

  @Test
  void anInstanceStateKeyIsComputedByTheDelegateOnEveryCall() {
    IllegalStateException failure = new IllegalStateException("poison");
    Script script = Script.alwaysFailing(failure);
    StatefulInbox inbox = inbox(script);

    // Redeliveries are new objects; the delegate's messageId folds the case.
    caught(IllegalStateException.class, () -> inbox.onMessage(new StatefulInbox.Message("M-1", "a")));
    caught(IllegalStateException.class, () -> inbox.onMessage(new StatefulInbox.Message("M-2", "b")));
    caught(IllegalStateException.class, () -> inbox.onMessage(new StatefulInbox.Message("m-1", "c")));
    caught(IllegalStateException.class, () -> inbox.onMessage(new StatefulInbox.Message("M-1", "d")));
    RetryExhaustedException exhausted =
        caught(
            RetryExhaustedException.class,
            () -> inbox.onMessage(new StatefulInbox.Message("m-1", "e")));

    assertSame(failure, exhausted.getCause());
    assertEquals(4, script.calls());
    assertEquals(
        asList(
            "messageId M-1", "onMessage M-1:a", "caught IllegalStateException",
            "messageId M-2", "onMessage M-2:b", "caught IllegalStateException",
            "messageId m-1", "onMessage m-1:c", "caught IllegalStateException",
            "messageId M-1", "onMessage M-1:d", "caught IllegalStateException",
            "messageId m-1", "caught RetryExhaustedException"),
        log);
    assertEquals(
        asList(
            "onRetry #1 0ms", "onRetry #1 0ms", "onRetry #2 0ms",
            "onFailure #3 ATTEMPTS_EXHAUSTED"),
        events());
  }

  @Test
  void aStaticStateKeyOnAPrefixAndARecoverWithAPrefix() throws IOException {
    IOException failure = new IOException("unavailable");
    Script script = Script.alwaysFailing(failure);
    StatefulInbox inbox = inbox(script);

    caught(IOException.class, () -> inbox.consume("payments", 1, "p1"));
    caught(IOException.class, () -> inbox.consume("payments", 1, "p2"));
    caught(IOException.class, () -> inbox.consume("payments", 2, "p3"));
    assertSame(failure, caught(IOException.class, () -> inbox.consume("payments", 1, "p4")));
    log.clear();

    assertEquals("parked payments#1", inbox.consume("payments", 1, "p5"));

    assertEquals(4, script.calls());
    assertEquals(asList("consumeFailed(IOException, String, int)"), log);
    assertEquals(asList((Throwable) failure), recoveredFailures);
    assertEquals(
        asList(
            "onRetry #1 0ms", "onRetry #2 0ms", "onRetry #1 0ms",
            "onFailure #3 ATTEMPTS_EXHAUSTED"),
        events());
  }

  // --- the state is the method's, process-wide

  @Test
  void everyInstanceOfTheGeneratedClassSharesTheStateOfTheKey() throws IOException {
    Script first = Script.alwaysFailing(new IOException("first"));
    Script second = Script.alwaysFailing(new IOException("second"));
    RecordingListener otherListener = new RecordingListener();
    StatefulInbox one = inbox(first);
    StatefulInbox other = inbox(second, otherListener);

    caught(IOException.class, () -> one.receive("m-shared"));
    caught(IOException.class, () -> other.receive("m-shared"));
    caught(IOException.class, () -> one.receive("m-shared"));

    assertEquals("dead-lettered m-shared", other.receive("m-shared"));
    assertEquals(2, first.calls());
    assertEquals(1, second.calls());
    assertEquals(asList(100L, 200L), clock.sleeps());
    assertEquals(asList("onRetry #1 100ms", "onFailure #3 ATTEMPTS_EXHAUSTED"), events());
    assertEquals(asList("onRetry #2 200ms"), events(otherListener));
  }

  @Test
  void theLeastRecentlyUsedKeyIsForgottenAndCountedBeyond4096Keys() {
    String label = "StatefulInbox.touch";
    long before = StatefulRetries.evictions(label);
    Inbox delegate = new Inbox(Script.succeeding());
    RecordingListener quiet = new RecordingListener();
    StatefulInbox inbox = inbox(delegate, quiet);
    for (int key = 0; key < StatefulRetries.MAX_KEYS; key++) {
      final int k = key;
      assertThrows(IllegalStateException.class, () -> inbox.touch(k));
    }
    assertEquals(before, StatefulRetries.evictions(label), "4096 keys fit");
    // Key 0 becomes the most recently used (its retries end here), so key 1 is the eldest.
    assertThrows(IllegalStateException.class, () -> inbox.touch(0));

    assertThrows(IllegalStateException.class, () -> inbox.touch(StatefulRetries.MAX_KEYS));

    assertEquals(before + 1, StatefulRetries.evictions(label));
    // Key 0 was kept: its next call does not call the method.
    int touches = delegate.touches;
    assertThrows(RetryExhaustedException.class, () -> inbox.touch(0));
    assertEquals(touches, delegate.touches);
    // Key 1 was forgotten: its next call starts afresh (attempt 1, not its second and last).
    quiet.clear();
    assertThrows(IllegalStateException.class, () -> inbox.touch(1));
    assertEquals(asList("onRetry #1 0ms"), events(quiet));
    assertEquals(before + 1, StatefulRetries.evictions(label), "key 0 left room for key 1");
  }

  /** The delegate: logs each call and recovery; every guarded method runs the script. */
  private final class Inbox implements StatefulInbox {
    private final Script script;
    int touches;

    Inbox(Script script) {
      this.script = script;
    }

    @Override
    public String receive(String messageId) throws IOException {
      log.add("receive " + messageId);
      script.call(IOException.class);
      return "got " + messageId;
    }

    @Override
    public void publish(String topic, int partition) {
      log.add("publish " + topic + " " + partition);
      script.call();
    }

    @Override
    public void drain() {
      log.add("drain");
      script.call();
    }

    @Override
    public void onMessage(Message message) {
      log.add("onMessage " + message);
      script.call();
    }

    @Override
    public Object messageId(Message message) {
      log.add("messageId " + message.id);
      return message.id.toLowerCase(Locale.ROOT);
    }

    @Override
    public String consume(String topic, int partition, String payload) throws IOException {
      log.add("consume " + topic + " " + partition + " " + payload);
      script.call(IOException.class);
      return "consumed " + payload;
    }

    /** Always fails, without the script: more calls than a script allows. */
    @Override
    public void touch(int key) {
      touches++;
      throw new IllegalStateException("no " + key);
    }

    @Override
    public void recovered(String recover, Throwable failure) {
      log.add(recover);
      recoveredFailures.add(failure);
    }
  }
}
