package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.RetryEvent;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryExhaustedException;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code @Retryable(stateful = true)} through a generated subclass (SPEC §19): an instance {@code
 * stateKey} on a prefix, {@code maxDuration} from the key's first attempt, a checked failure, and a
 * circuit breaker on the same method. The state is process-wide per method: each test has its keys.
 */
class StatefulSubclassTest {
  private final VirtualTime clock = VirtualTime.start();
  private final List<String> log = new ArrayList<>();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).listener(listener).build();

  /** The breaker of fetch is shared by every instance: each test starts without it. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  private StatefulLedger ledger(Script script) {
    return new StatefulLedgerRetrying(options, script, log);
  }

  private List<String> events() {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < listener.events().size(); i++) {
      RetryEvent event = listener.events().get(i);
      String line = listener.lines().get(i);
      lines.add(line.substring(0, line.indexOf(' ')) + " #" + event.attempt()
          + (event.reason() == null ? "" : " " + event.reason())
          + " " + failure(event.failure()));
    }
    return lines;
  }

  private static String failure(Throwable failure) {
    if (failure == null) {
      return "-";
    }
    return failure instanceof CircuitBreakerOpenException ? "open" : failure.getMessage();
  }

  @Test
  void maxDurationCountsFromTheKeysFirstAttemptNotFromEachCall() {
    clock.advanceBy(5_000);
    IllegalStateException first = new IllegalStateException("first");
    IllegalStateException second = new IllegalStateException("second");
    Script script = Script.failing(first, second);
    StatefulLedger ledger = ledger(script);

    assertSame(first, assertThrows(IllegalStateException.class, () -> ledger.post("acct-d", 1)));
    clock.advanceBy(800);
    // 900 ms since the key's first attempt: a wait of 100 would reach 1000.
    assertSame(second, assertThrows(IllegalStateException.class, () -> ledger.post("acct-d", 2)));
    RetryExhaustedException exhausted =
        assertThrows(RetryExhaustedException.class, () -> ledger.post("acct-d", 3));

    assertSame(second, exhausted.getCause());
    assertEquals(2, script.calls());
    assertEquals(asList(100L), clock.sleeps());
    assertEquals(
        asList("onRetry #1 first", "onFailure #2 DURATION_EXHAUSTED second"), events());
    assertEquals(
        asList(
            "accountOf acct-d", "post acct-d 1",
            "accountOf acct-d", "post acct-d 2",
            "accountOf acct-d"),
        log);
  }

  @Test
  void anInstanceStateKeyOnAPrefixCountsCallsWithOtherAmountsTogether() {
    Script script = Script.alwaysFailing(new IllegalStateException("locked"));
    StatefulLedger ledger = ledger(script);

    assertThrows(IllegalStateException.class, () -> ledger.post("acct-k", 10));
    assertThrows(IllegalStateException.class, () -> ledger.post("acct-other", 10));
    assertThrows(IllegalStateException.class, () -> ledger.post("acct-k", 20));

    assertEquals(
        asList("onRetry #1 locked", "onRetry #1 locked", "onRetry #2 locked"), events());
  }

  @Test
  void aCheckedFailurePassesThroughAsItIsAndIsRecoveredOnTheNextCall() throws Exception {
    StatefulLedger.LedgerException first = new StatefulLedger.LedgerException("first");
    StatefulLedger.LedgerException last = new StatefulLedger.LedgerException("last");
    Script script = Script.failing(first, last);
    StatefulLedger ledger = ledger(script);

    assertSame(
        first,
        assertThrows(StatefulLedger.LedgerException.class, () -> ledger.settle("batch-c")));
    assertSame(
        last,
        assertThrows(StatefulLedger.LedgerException.class, () -> ledger.settle("batch-c")));
    assertEquals("reopened batch-c", ledger.settle("batch-c"));
    assertEquals("settled batch-c", ledger.settle("batch-c"));

    assertEquals(3, script.calls());
    assertEquals(asList(50L), clock.sleeps());
    assertEquals(
        asList(
            "settle batch-c", "settle batch-c", "settleFailed last batch-c", "settle batch-c"),
        log);
    assertEquals(
        asList("onRetry #1 first", "onFailure #2 ATTEMPTS_EXHAUSTED last", "onSuccess #1 -"),
        events());
  }

  @Test
  void theStateIsSharedByInstancesOfTheSubclass() throws Exception {
    Script script = Script.alwaysFailing(new StatefulLedger.LedgerException("down"));

    assertThrows(StatefulLedger.LedgerException.class, () -> ledger(script).settle("batch-s"));
    assertThrows(StatefulLedger.LedgerException.class, () -> ledger(script).settle("batch-s"));

    assertEquals("reopened batch-s", ledger(script).settle("batch-s"));
    assertEquals(2, script.calls());
  }

  @Test
  void theBreakerOpenedByOneKeyFailsTheCallsOfOthersWhichCountItAsTheirFailure() {
    String label = "StatefulLedger.fetch";
    IllegalStateException failure = new IllegalStateException("down");
    Script script = Script.failing(failure, failure);
    StatefulLedger ledger = ledger(script);

    assertSame(failure, assertThrows(IllegalStateException.class, () -> ledger.fetch("id-a")));
    assertSame(failure, assertThrows(IllegalStateException.class, () -> ledger.fetch("id-a")));
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state(label));
    assertThrows(CircuitBreakerOpenException.class, () -> ledger.fetch("id-b"));
    assertThrows(CircuitBreakerOpenException.class, () -> ledger.fetch("id-a"));
    assertThrows(CircuitBreakerOpenException.class, () -> ledger.fetch("id-a"));

    assertEquals("unavailable id-a", ledger.fetch("id-a"));
    assertEquals(2, script.calls(), "the open breaker and the exhausted key call nothing");

    clock.advanceBy(1_000);
    assertEquals("fetched id-b", ledger.fetch("id-b"));
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(label));
    assertEquals(asList("fetch id-a", "fetch id-a", "fetchFailed id-a", "fetch id-b"), log);
    assertEquals(
        asList(
            "onRetry #1 down", "onRetry #2 down", "onRetry #1 open", "onRetry #3 open",
            "onFailure #4 ATTEMPTS_EXHAUSTED open", "onSuccess #2 -"),
        events());
  }
}
