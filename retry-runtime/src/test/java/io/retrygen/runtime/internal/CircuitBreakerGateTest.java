package io.retrygen.runtime.internal;

import static io.retrygen.runtime.CircuitBreakerState.CLOSED;
import static io.retrygen.runtime.CircuitBreakerState.HALF_OPEN;
import static io.retrygen.runtime.CircuitBreakerState.OPEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.RecordingBreakerListener;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The breaker's rules one by one, in virtual time, after MicroProfile Fault Tolerance's TCK. */
class CircuitBreakerGateTest {
  private static final long MS = 1_000_000L;
  private static int counter;

  private final FakeClock clock = new FakeClock(5_000 * MS); // an arbitrary origin, not 0
  private final RetryOptions options = RetryOptions.builder().ticker(clock).sleeper(clock).build();
  private final String name = "GateTest.call" + (counter++);
  private final RecordingBreakerListener listener = new RecordingBreakerListener(name);

  @BeforeEach
  void addListener() {
    CircuitBreakers.addListener(listener);
  }

  @AfterEach
  void removeListener() {
    assertTrue(CircuitBreakers.removeListener(listener));
  }

  private CircuitBreakerGate gate(int volume, double ratio, long delayMillis, int successes) {
    return new CircuitBreakerPolicy("", volume, ratio, delayMillis, successes).bind(options, name);
  }

  private static void succeed(CircuitBreakerGate gate, int times) {
    for (int i = 0; i < times; i++) {
      gate.onSuccess(gate.acquire());
    }
  }

  private static void fail(CircuitBreakerGate gate, int times) {
    for (int i = 0; i < times; i++) {
      gate.onFailure(gate.acquire());
    }
  }

  private void assertRefused(CircuitBreakerGate gate) {
    CircuitBreakerOpenException e =
        assertThrows(CircuitBreakerOpenException.class, gate::acquire);
    assertEquals(name, e.name());
  }

  private String event(CircuitBreakerState from, CircuitBreakerState to) {
    return name + ":" + from + ">" + to;
  }

  // ------------------------------------------------------------------------- closed

  @Test
  void failuresDoNotOpenItUntilTheWindowIsFull() {
    CircuitBreakerGate gate = gate(4, 0.75, 1000, 1);

    fail(gate, 3);
    assertEquals(CLOSED, gate.state());
    assertEquals(3, gate.windowCount());
    assertEquals(3, gate.windowFailures());

    succeed(gate, 1); // full: 3 failures of 4 = 0.75
    assertEquals(OPEN, gate.state());
    assertEquals(Arrays.asList(event(CLOSED, OPEN)), listener.events());
  }

  @Test
  void aSuccessThenFailuresOpensItOnceTheRatioIsReached() {
    CircuitBreakerGate gate = gate(4, 0.75, 1000, 1);

    succeed(gate, 2);
    fail(gate, 2); // S S F F: 0.5
    assertEquals(CLOSED, gate.state());
    fail(gate, 1); // S F F F: 0.75
    assertEquals(OPEN, gate.state());
  }

  @Test
  void theWindowRollsOverTheMostRecentCalls() {
    CircuitBreakerGate gate = gate(4, 0.75, 1000, 1);

    fail(gate, 2);
    succeed(gate, 3); // F S S S
    assertEquals(1, gate.windowFailures());
    fail(gate, 2); // S S F F
    assertEquals(2, gate.windowFailures());
    assertEquals(4, gate.windowCount());
    assertEquals(CLOSED, gate.state());
    fail(gate, 1); // S F F F
    assertEquals(OPEN, gate.state());
  }

  @Test
  void aWindowOfOneOpensOnTheFirstFailure() {
    CircuitBreakerGate gate = gate(1, 1.0, 1000, 1);

    succeed(gate, 5);
    assertEquals(CLOSED, gate.state());
    fail(gate, 1);
    assertEquals(OPEN, gate.state());
  }

  @Test
  void theClosedPathReadsNoClock() {
    CircuitBreakerGate gate = gate(4, 0.5, 1000, 1);
    clock.nanoTimeCalls = 0;

    succeed(gate, 100);

    assertEquals(0, clock.nanoTimeCalls);
    assertEquals(CLOSED, gate.state());
  }

  @Test
  void theClosedPathAllocatesNothingOnceTheBreakerExists() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    assertTrue(threads instanceof com.sun.management.ThreadMXBean, "no allocation counter");
    com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) threads;
    CircuitBreakerGate gate = gate(20, 0.5, 1000, 1);
    CircuitBreakerGate sameName = gate(20, 0.5, 1000, 1); // another instance, the same breaker
    succeed(gate, 10_000); // creates the breaker, warms up
    succeed(sameName, 10_000);
    long thread = Thread.currentThread().getId();

    long before = counter.getThreadAllocatedBytes(thread);
    succeed(gate, 100_000);
    succeed(sameName, 100_000);
    long allocated = counter.getThreadAllocatedBytes(thread) - before;

    assertTrue(allocated < 1_000, allocated + " bytes for 200000 calls");
    assertEquals(CLOSED, gate.state());
  }

  // --------------------------------------------------------------------------- open

  @Test
  void anOpenBreakerRefusesUntilTheDelayHasPassedThenTurnsHalfOpen() {
    CircuitBreakerGate gate = gate(2, 1.0, 1000, 1);
    fail(gate, 2);

    assertRefused(gate);
    clock.advanceNanos(1000 * MS - 1);
    assertRefused(gate);
    assertEquals(OPEN, gate.state());

    clock.advanceNanos(1);
    long permit = gate.acquire();
    assertEquals(HALF_OPEN, gate.state());
    gate.onSuccess(permit);
    assertEquals(CLOSED, gate.state());
    assertEquals(
        Arrays.asList(
            event(CLOSED, OPEN),
            name + ":refused",
            name + ":refused",
            event(OPEN, HALF_OPEN),
            event(HALF_OPEN, CLOSED)),
        listener.events());
  }

  @Test
  void readingTheStateOfAnOpenBreakerAfterItsDelayTurnsItHalfOpen() {
    CircuitBreakerGate gate = gate(1, 1.0, 50, 1);
    fail(gate, 1);
    clock.advanceMillis(50);

    assertEquals(HALF_OPEN, gate.state());
    assertEquals(HALF_OPEN, gate.state());
    assertEquals(Arrays.asList(event(CLOSED, OPEN), event(OPEN, HALF_OPEN)), listener.events());
  }

  @Test
  void aZeroDelayLetsTheNextCallThroughAsATrial() {
    CircuitBreakerGate gate = gate(1, 1.0, 0, 1);
    fail(gate, 1);

    long permit = gate.acquire();

    assertEquals(1L, permit & 1L);
    assertEquals(HALF_OPEN, gate.state());
  }

  @Test
  void theRefusalIsAStacklessExceptionNamingTheBreaker() {
    CircuitBreakerGate gate = gate(1, 1.0, 1000, 1);
    fail(gate, 1);

    CircuitBreakerOpenException e =
        assertThrows(CircuitBreakerOpenException.class, gate::acquire);

    assertEquals("circuit breaker " + name + " is open", e.getMessage());
    assertEquals(0, e.getStackTrace().length);
    assertEquals(name, gate.name());
  }

  // ---------------------------------------------------------------------- half-open

  @Test
  void halfOpenAdmitsSuccessThresholdTrialsAtATime() {
    CircuitBreakerGate gate = gate(1, 1.0, 100, 3);
    fail(gate, 1);
    clock.advanceMillis(100);

    long first = gate.acquire();
    long second = gate.acquire();
    long third = gate.acquire();
    assertRefused(gate);
    gate.onSuccess(first); // one trial fewer in flight, one success
    long fourth = gate.acquire();
    assertRefused(gate);
    assertEquals(HALF_OPEN, gate.state());

    gate.onSuccess(second);
    assertEquals(HALF_OPEN, gate.state());
    gate.onSuccess(third); // three consecutive successes
    assertEquals(CLOSED, gate.state());
    gate.onSuccess(fourth); // a trial of a half-open period that is over: ignored
    assertEquals(0, gate.windowCount());
    assertEquals(2, listener.count(name + ":refused"));
  }

  @Test
  void oneTrialSuccessThenAFailureReopensIt() {
    CircuitBreakerGate gate = gate(2, 1.0, 100, 2);
    fail(gate, 2);
    clock.advanceMillis(100);

    succeed(gate, 1);
    assertEquals(HALF_OPEN, gate.state());
    clock.advanceMillis(30);
    fail(gate, 1);

    assertEquals(OPEN, gate.state());
    clock.advanceMillis(99); // the delay counts from the re-opening
    assertRefused(gate);
    clock.advanceMillis(1);
    assertEquals(HALF_OPEN, gate.state());
    assertEquals(
        Arrays.asList(
            event(CLOSED, OPEN),
            event(OPEN, HALF_OPEN),
            event(HALF_OPEN, OPEN),
            name + ":refused",
            event(OPEN, HALF_OPEN)),
        listener.events());
  }

  @Test
  void trialsDoNotEnterTheWindowAndClosingEmptiesIt() {
    CircuitBreakerGate gate = gate(4, 0.5, 100, 2);
    succeed(gate, 2);
    fail(gate, 2); // S S F F: opens
    assertEquals(OPEN, gate.state());
    clock.advanceMillis(100);

    succeed(gate, 2); // two trial successes close it
    assertEquals(CLOSED, gate.state());
    assertEquals(0, gate.windowCount());
    assertEquals(0, gate.windowFailures());

    fail(gate, 3); // a new window: not full, so still closed
    assertEquals(CLOSED, gate.state());
    assertEquals(3, gate.windowFailures());
    succeed(gate, 1);
    assertEquals(OPEN, gate.state());
  }

  // --------------------------------------------------------------- late outcomes

  @Test
  void aLateOutcomeOfAnOlderEpochIsIgnored() {
    CircuitBreakerGate gate = gate(2, 1.0, 100, 1);
    long slow = gate.acquire(); // admitted while closed
    long slowToo = gate.acquire();
    fail(gate, 2);
    assertEquals(OPEN, gate.state());

    gate.onSuccess(slow); // ends after the breaker opened
    assertEquals(OPEN, gate.state());
    clock.advanceMillis(100);
    long trial = gate.acquire();
    gate.onFailure(slowToo); // ends while half-open: not a trial, ignored
    assertEquals(HALF_OPEN, gate.state());
    gate.onSuccess(trial);
    assertEquals(CLOSED, gate.state());
    gate.onFailure(slow); // and ignored in the new closed period too
    assertEquals(0, gate.windowCount());
  }

  @Test
  void aTrialEndingAfterAnotherReopenedItIsIgnored() {
    CircuitBreakerGate gate = gate(1, 1.0, 100, 2);
    fail(gate, 1);
    clock.advanceMillis(100);
    long first = gate.acquire();
    long second = gate.acquire();

    gate.onFailure(first);
    gate.onSuccess(second);
    clock.advanceMillis(100);
    long third = gate.acquire();
    gate.onSuccess(third);

    assertEquals(HALF_OPEN, gate.state()); // one success of two: second was not counted
    assertEquals(1, listener.count(event(HALF_OPEN, OPEN)));
    assertEquals(2, listener.count(event(OPEN, HALF_OPEN)));
  }

  // --------------------------------------------------------------------- listeners

  @Test
  void aListenerThatThrowsChangesNothing() {
    final AtomicInteger calls = new AtomicInteger();
    CircuitBreakerListener throwing =
        new CircuitBreakerListener() {
          @Override
          public void onStateChange(
              String breaker, CircuitBreakerState from, CircuitBreakerState to) {
            calls.incrementAndGet();
            throw new IllegalStateException("listener bug");
          }

          @Override
          public void onCallNotPermitted(String breaker) {
            calls.incrementAndGet();
            throw new IllegalStateException("listener bug");
          }
        };
    RecordingBreakerListener after = new RecordingBreakerListener(name);
    CircuitBreakers.addListener(throwing);
    CircuitBreakers.addListener(after);
    try {
      CircuitBreakerGate gate = gate(1, 1.0, 10, 1);
      fail(gate, 1);
      assertRefused(gate);
      clock.advanceMillis(10);
      succeed(gate, 1);

      assertEquals(CLOSED, gate.state());
      assertEquals(listener.events(), after.events());
      assertEquals(4, after.events().size());
      assertTrue(calls.get() >= 4); // it also hears breakers of tests running alongside
    } finally {
      assertTrue(CircuitBreakers.removeListener(throwing));
      assertTrue(CircuitBreakers.removeListener(after));
    }
  }

  @Test
  void aListenerThatThrowsAnErrorOfTheVirtualMachineChangesNothing() {
    CircuitBreakerListener overflowing =
        new CircuitBreakerListener() {
          @Override
          public void onStateChange(
              String breaker, CircuitBreakerState from, CircuitBreakerState to) {
            throw new StackOverflowError("listener recursion");
          }

          @Override
          public void onCallNotPermitted(String breaker) {
            throw new StackOverflowError("listener recursion");
          }
        };
    RecordingBreakerListener after = new RecordingBreakerListener(name);
    CircuitBreakers.addListener(overflowing);
    CircuitBreakers.addListener(after);
    try {
      CircuitBreakerGate gate = gate(1, 1.0, 10, 1);
      fail(gate, 1);
      assertEquals(OPEN, gate.state());
      assertRefused(gate);
      clock.advanceMillis(10);
      succeed(gate, 1);

      assertEquals(CLOSED, gate.state());
      assertEquals(listener.events(), after.events());
      assertEquals(4, after.events().size());
    } finally {
      assertTrue(CircuitBreakers.removeListener(overflowing));
      assertTrue(CircuitBreakers.removeListener(after));
    }
  }

  @Test
  void removingAListenerThatWasNeverAddedReturnsFalse() {
    RecordingBreakerListener stranger = new RecordingBreakerListener(name);
    assertEquals(false, CircuitBreakers.removeListener(stranger));
    CircuitBreakers.addListener(stranger);
    CircuitBreakers.addListener(stranger);
    assertTrue(CircuitBreakers.removeListener(stranger));
    assertTrue(CircuitBreakers.removeListener(stranger));
    assertEquals(false, CircuitBreakers.removeListener(stranger));
  }

  @Test
  void unnamedBreakersOfOneLabelAreOneBreakerRegisteredUnderIt() {
    CircuitBreakerPolicy policy = new CircuitBreakerPolicy("", 1, 1.0, 100, 1);
    CircuitBreakerGate one = policy.bind(options, name);
    CircuitBreakerGate two = policy.bind(options, name);

    fail(one, 1);

    assertEquals(OPEN, one.state());
    assertEquals(OPEN, two.state());
    assertEquals(OPEN, CircuitBreakers.state(name));
    assertRefused(two);
  }
}
