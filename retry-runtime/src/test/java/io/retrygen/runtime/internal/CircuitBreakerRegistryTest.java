package io.retrygen.runtime.internal;

import static io.retrygen.runtime.CircuitBreakerState.CLOSED;
import static io.retrygen.runtime.CircuitBreakerState.HALF_OPEN;
import static io.retrygen.runtime.CircuitBreakerState.OPEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.RecordingBreakerListener;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which breaker a call passes through: one per name in the process, an unnamed one under its
 * method's label, created by the first call (never by binding) with the ticker of the instance
 * that makes it; {@link CircuitBreakers#reset} and {@link CircuitBreakers#resetAll}.
 */
class CircuitBreakerRegistryTest {
  private static final long MS = 1_000_000L;
  private static int counter;

  private final String label = "RegistryTest.call" + (counter++);
  private final FakeClock clock = new FakeClock(1_000 * MS);
  private final RetryOptions options = options(clock);
  private final RecordingBreakerListener events = new RecordingBreakerListener(label);

  {
    CircuitBreakers.addListener(events);
  }

  @AfterEach
  void removeListener() {
    assertTrue(CircuitBreakers.removeListener(events));
  }

  private static RetryOptions options(FakeClock clock) {
    return RetryOptions.builder().ticker(clock).sleeper(clock).build();
  }

  private static CircuitBreakerPolicy unnamed(int volume, double ratio, long delayMillis) {
    return new CircuitBreakerPolicy("", volume, ratio, delayMillis, 1);
  }

  private static void fail(CircuitBreakerGate gate) {
    gate.onFailure(gate.acquire());
  }

  private String event(CircuitBreakerState from, CircuitBreakerState to) {
    return label + ":" + from + ">" + to;
  }

  @Test
  void anUnnamedBreakerIsOneBreakerPerLabelForEveryInstance() {
    CircuitBreakerPolicy policy = unnamed(2, 1.0, 100);
    CircuitBreakerGate first = policy.bind(options, label); // as two generated instances do
    CircuitBreakerGate second = policy.bind(options, label);

    fail(first);
    fail(second); // the second failure of one window of 2

    assertEquals(OPEN, CircuitBreakers.state(label));
    assertThrows(CircuitBreakerOpenException.class, first::acquire);
    assertThrows(CircuitBreakerOpenException.class, second::acquire);
    assertEquals(label, second.name());
  }

  @Test
  void namedAndUnnamedBreakersShareOneNamespace() {
    CircuitBreakerGate named =
        new CircuitBreakerPolicy(label, 1, 1.0, 100, 1).bind(options, "Other.method");
    CircuitBreakerGate unnamed = unnamed(1, 1.0, 100).bind(options, label);

    fail(named);

    assertThrows(CircuitBreakerOpenException.class, unnamed::acquire);
    assertEquals(label, named.name());
  }

  @Test
  void theFirstCallCreatesTheBreakerWithTheSettingsAndTickerOfItsInstance() {
    FakeClock idleClock = new FakeClock(0);
    FakeClock callerClock = new FakeClock(0);
    CircuitBreakerGate idle = unnamed(1, 1.0, 100).bind(options(idleClock), label);
    CircuitBreakerGate caller = unnamed(1, 1.0, 500).bind(options(callerClock), label);
    assertNull(CircuitBreakers.state(label)); // binding, as a constructor does, creates nothing
    assertNull(idle.state());

    fail(caller);

    assertEquals(OPEN, CircuitBreakers.state(label));
    idleClock.advanceMillis(1_000); // not the ticker of the instance that never called
    assertEquals(OPEN, CircuitBreakers.state(label));
    callerClock.advanceMillis(499); // the caller's delay of 500 ms, by the caller's ticker
    assertEquals(OPEN, idle.state());
    callerClock.advanceMillis(1);
    assertEquals(HALF_OPEN, CircuitBreakers.state(label));
    idle.onSuccess(idle.acquire()); // the idle instance's first call finds that breaker
    assertEquals(CLOSED, CircuitBreakers.state(label));
  }

  @Test
  void resetClosesAndEmptiesOneBreakerAndOutcomesOfEarlierCallsCountNothing() {
    CircuitBreakerGate gate = unnamed(2, 0.5, 1_000).bind(options, label);
    String otherLabel = "RegistryOther." + label; // not heard by this test's listener
    CircuitBreakerGate other = unnamed(1, 1.0, 1_000).bind(options, otherLabel);
    fail(other);
    long early = gate.acquire();
    fail(gate);
    fail(gate);
    assertEquals(OPEN, gate.state());

    CircuitBreakers.reset(label);

    assertEquals(CLOSED, CircuitBreakers.state(label));
    assertEquals(0, gate.windowCount());
    gate.onFailure(early); // admitted before the reset
    assertEquals(0, gate.windowCount());
    assertEquals(OPEN, CircuitBreakers.state(otherLabel)); // only the one named
    assertEquals(Arrays.asList(event(CLOSED, OPEN), event(OPEN, CLOSED)), events.events());

    fail(gate);
    assertEquals(1, gate.windowFailures());
    CircuitBreakers.reset(label); // a closed one is emptied, with no event (it stays closed)
    assertEquals(0, gate.windowCount());
    assertEquals(2, events.events().size());

    CircuitBreakers.reset(label + ".never"); // no breaker: nothing happens
    assertNull(CircuitBreakers.state(label + ".never"));
  }

  @Test
  void resetAllForgetsEveryBreakerUntilTheNextCallCreatesItAgain() {
    FakeClock laterClock = new FakeClock(0);
    CircuitBreakerGate gate = unnamed(1, 1.0, 100).bind(options, label);
    CircuitBreakerGate named =
        new CircuitBreakerPolicy(label + ".named", 1, 1.0, 100, 1).bind(options, "X.m");
    fail(gate);
    fail(named);

    CircuitBreakers.resetAll();

    assertNull(CircuitBreakers.state(label));
    assertNull(CircuitBreakers.state(label + ".named"));
    assertNull(gate.state());
    CircuitBreakerGate later = unnamed(1, 1.0, 300).bind(options(laterClock), label);
    fail(later); // created again, with the options of the instance that calls
    assertEquals(OPEN, CircuitBreakers.state(label));
    clock.advanceMillis(1_000);
    assertEquals(OPEN, CircuitBreakers.state(label));
    laterClock.advanceMillis(300);
    assertEquals(HALF_OPEN, gate.state()); // the old instance now passes through the new one
    gate.onSuccess(gate.acquire());
    assertEquals(CLOSED, CircuitBreakers.state(label));
    named.onSuccess(named.acquire()); // created again, closed
    assertEquals(CLOSED, CircuitBreakers.state(label + ".named"));
  }

  @Test
  void aPermitIsRecordedOnlyOnTheBreakerThatIssuedIt() {
    CircuitBreakerGate gate = unnamed(1, 1.0, 100).bind(options, label);
    long closedBefore = gate.acquire();
    fail(gate);
    clock.advanceMillis(100);
    long trialBefore = gate.acquire(); // a trial of the first breaker, still in flight
    assertEquals(HALF_OPEN, gate.state());

    CircuitBreakers.resetAll();
    long closedAfter = gate.acquire(); // creates the second breaker
    gate.onFailure(closedBefore);
    assertEquals(0, gate.windowCount(), "a permit of the forgotten breaker counted");
    gate.onFailure(closedAfter);
    assertEquals(OPEN, gate.state());
    clock.advanceMillis(100);
    long trialAfter = gate.acquire(); // the one trial of the second breaker's half-open state

    gate.onSuccess(trialBefore); // must neither close it nor free its trial slot
    assertEquals(HALF_OPEN, gate.state());
    assertThrows(CircuitBreakerOpenException.class, gate::acquire);
    gate.onSuccess(trialAfter);
    assertEquals(CLOSED, gate.state());
  }

  @Test
  void aForgottenBreakerTellsNoListener() {
    CircuitBreakerGate gate = unnamed(1, 1.0, 100).bind(options, label);
    long late = gate.acquire();

    CircuitBreakers.resetAll();
    gate.onFailure(late); // would open the forgotten breaker

    assertEquals(Collections.<String>emptyList(), events.events());
    assertNull(CircuitBreakers.state(label));
  }
}
