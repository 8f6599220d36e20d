package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.time.Duration;
import java.util.Collections;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code retrygen.enabled=false} (SPEC §17) on a method with retry, breaker, budget, timeout and
 * recovery: one attempt, no wait, the breaker closed and counting nothing, the budget untouched;
 * the timeout and the recovery stay in force. And {@code retrygen.retry.<label>.enabled=false},
 * which turns off the retries of one method only.
 */
class KillSwitchTest {
  private static final String CALL = "KillSwitchClient.call";
  private static final double EXACT = 0.0;

  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final Delegate delegate = new Delegate();
  private PolicyOverrides overrides;

  /**
   * The budget and the breaker are process-wide: each test starts with the budget full (successes
   * give tokens back) and no breaker (the first one created wins).
   */
  @BeforeEach
  void refillTheBudgetAndForgetTheBreaker() throws Exception {
    CircuitBreakers.resetAll();
    Delegate succeeding = new Delegate();
    succeeding.will(new String(new char[100]).replace('\0', 'S'));
    KillSwitchClient plain =
        new KillSwitchClientRetrying(
            succeeding, RetryOptions.builder().sleeper(clock).ticker(clock).build());
    for (int i = 0; i < 100 && RetryBudgets.tokens(KillSwitchClient.BUDGET) < 10.0; i++) {
      plain.call("refill");
    }
    assertEquals(10.0, RetryBudgets.tokens(KillSwitchClient.BUDGET), EXACT);
    CircuitBreakers.resetAll();
  }

  private KillSwitchClient client(String... keysAndValues) {
    overrides = RetryOverridesTest.overrides(keysAndValues);
    return new KillSwitchClientRetrying(
        delegate,
        RetryOptions.builder()
            .sleeper(clock)
            .ticker(clock)
            .listener(listener)
            .overrides(overrides)
            .build());
  }

  @Test
  void withoutOverridesTheSameMethodRetriesOpensItsBreakerAndSpendsTheBudget() throws Exception {
    KillSwitchClient client = client();
    delegate.will("FF");

    assertEquals("recovered a from CircuitBreakerOpenException", client.call("a"));

    assertEquals(2, delegate.calls, "two failures open the breaker; it refuses attempts 3 and 4");
    assertEquals(asList(100L, 100L, 100L), clock.sleeps());
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state(CALL));
    assertEquals(6.0, RetryBudgets.tokens(KillSwitchClient.BUDGET), EXACT, "a token per failure");
  }

  @Test
  void oneAttemptNoWaitTheBreakerStaysClosedAndTheBudgetUntouched() throws Exception {
    KillSwitchClient client = client("retrygen.enabled", "false");
    delegate.will("FFFFFS");

    for (int i = 1; i <= 5; i++) {
      assertEquals("recovered k" + i + " from IOException", client.call("k" + i));
      assertEquals(i, delegate.calls);
    }
    assertEquals("ok", client.call("k6"));

    assertEquals(Collections.emptyList(), clock.sleeps());
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(CALL));
    assertEquals(10.0, RetryBudgets.tokens(KillSwitchClient.BUDGET), EXACT);
    assertEquals(6, listener.events().size(), "one event per call");
    for (RetryEvent event : listener.events().subList(0, 5)) {
      assertEquals(1, event.attempt());
      assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, event.reason());
    }
  }

  @Test
  void theTimeoutStillFiresAndIsRecovered() {
    KillSwitchClient client = client("retrygen.enabled", "false");
    delegate.will("B");

    String result = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> client.call("slow"));

    assertEquals("recovered slow from AttemptTimeoutException", result);
    assertEquals(1, delegate.calls);
    assertEquals(Collections.emptyList(), clock.sleeps());
  }

  @Test
  void itWinsOverTheOverridesOfAMethod() {
    KillSwitchClient client =
        client(
            "retrygen.enabled", "false",
            "retrygen.retry.KillSwitchClient.other.maxAttempts", "5",
            "retrygen.retry.KillSwitchClient.other.enabled", "true");
    delegate.will("FFFFF");

    assertThrows(IOException.class, client::other);

    assertEquals(1, delegate.calls);
    assertEquals(Collections.emptyList(), clock.sleeps());
  }

  @Test
  void describeSaysSo() {
    client("retrygen.enabled", "false");

    assertEquals(
        "KillSwitchClient.call: retrygen.enabled=false (no retry, breakers closed, budgets off);"
            + " retry one attempt (retrygen.enabled=false), maxDuration=0, delay=100,"
            + " maxDelay=0, multiplier=0.0, jitter=0.0, random=false;"
            + " circuit breaker KillSwitchClient.call disabled, requestVolumeThreshold=2,"
            + " failureRatio=0.5, delay=1000, successThreshold=1; timeout value=50",
        overrides.describe(CALL));
  }

  @Test
  void enabledFalseOfOneMethodLeavesTheOthersRetrying() throws Exception {
    KillSwitchClient client = client("retrygen.retry.KillSwitchClient.call.enabled", "false");
    delegate.will("FFFFF");

    assertEquals("recovered a from IOException", client.call("a"));
    assertEquals(1, delegate.calls);
    assertThrows(IOException.class, client::other);
    assertEquals(4, delegate.calls, "other makes its three attempts");
    assertEquals(asList(10L, 10L), clock.sleeps());

    // Only the retries are off: the breaker still counts, and the second failure opens it.
    assertEquals("recovered b from IOException", client.call("b"));
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state(CALL));
    assertEquals("recovered c from CircuitBreakerOpenException", client.call("c"));
    assertEquals(5, delegate.calls);
  }

  /**
   * Does what its script says, one letter per call of any method: {@code F} throws an {@code
   * IOException}, {@code B} blocks until interrupted, {@code S} returns "ok".
   */
  static final class Delegate implements KillSwitchClient {
    private String script = "";
    int calls;

    void will(String script) {
      this.script = script;
    }

    private String next() throws IOException, InterruptedException {
      if (calls >= script.length()) {
        throw new AssertionError("unexpected call #" + (calls + 1) + " of " + script);
      }
      char outcome = script.charAt(calls++);
      if (outcome == 'F') {
        throw new IOException("down");
      }
      if (outcome == 'B') {
        new CountDownLatch(1).await();
      }
      return "ok";
    }

    @Override
    public String call(String key) throws IOException, InterruptedException {
      return next();
    }

    @Override
    public String other() throws IOException {
      try {
        return next();
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
  }
}
