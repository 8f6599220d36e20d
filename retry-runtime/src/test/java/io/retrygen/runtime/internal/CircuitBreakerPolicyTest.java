package io.retrygen.runtime.internal;

import static io.retrygen.runtime.CircuitBreakerState.CLOSED;
import static io.retrygen.runtime.CircuitBreakerState.HALF_OPEN;
import static io.retrygen.runtime.CircuitBreakerState.OPEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.testing.FakeClock;
import org.junit.jupiter.api.Test;

/** Validation, binding and the registry of named breakers. */
class CircuitBreakerPolicyTest {
  private static final long MS = 1_000_000L;

  @Test
  void rejectsWhatTheAnnotationRejects() {
    assertInvalid(0, 0.5, 0, 1);
    assertInvalid(CircuitBreakerPolicy.MAX_REQUEST_VOLUME_THRESHOLD + 1, 0.5, 0, 1);
    assertInvalid(1, 0.0, 0, 1);
    assertInvalid(1, -0.5, 0, 1);
    assertInvalid(1, 1.0000001, 0, 1);
    assertInvalid(1, Double.NaN, 0, 1);
    assertInvalid(1, 0.5, -1, 1);
    assertInvalid(1, 0.5, 0, 0);
    assertThrows(NullPointerException.class, () -> new CircuitBreakerPolicy(null, 1, 0.5, 0, 1));
  }

  @Test
  void acceptsTheBounds() {
    CircuitBreakerPolicy policy =
        new CircuitBreakerPolicy("", 1, Double.MIN_VALUE, 0, 1);
    assertEquals(1, policy.requestVolumeThreshold());
    new CircuitBreakerPolicy("", 20, 1.0, Long.MAX_VALUE, Integer.MAX_VALUE);
    CircuitBreakerPolicy defaults = new CircuitBreakerPolicy("n", 20, 0.5, 5000, 1);
    assertEquals("n", defaults.name());
    assertEquals(0.5, defaults.failureRatio());
    assertEquals(5000, defaults.delayMillis());
    assertEquals(1, defaults.successThreshold());
  }

  private static void assertInvalid(int volume, double ratio, long delay, int successes) {
    assertThrows(
        IllegalArgumentException.class,
        () -> new CircuitBreakerPolicy("", volume, ratio, delay, successes));
  }

  @Test
  void aLongDelayNeverOverflows() {
    FakeClock clock = new FakeClock(Long.MAX_VALUE - 5);
    CircuitBreakerGate gate =
        new CircuitBreakerPolicy("", 1, 1.0, Long.MAX_VALUE, 1)
            .bind(RetryOptions.builder().ticker(clock).build(), "PolicyTest.long");
    gate.onFailure(gate.acquire());
    clock.advanceMillis(1_000_000_000L);
    assertEquals(OPEN, gate.state());
  }

  @Test
  void namedBreakersAreSharedAndTheFirstCallCreatesTheOneThatWins() {
    String name = "PolicyTest.shared";
    FakeClock firstClock = new FakeClock(0);
    FakeClock otherClock = new FakeClock(0);
    CircuitBreakerPolicy first = new CircuitBreakerPolicy(name, 2, 1.0, 100, 1);
    CircuitBreakerPolicy second = new CircuitBreakerPolicy(name, 1, 1.0, 10_000, 1);

    CircuitBreakerGate b = second.bind(RetryOptions.builder().ticker(otherClock).build(), "B.m");
    CircuitBreakerGate a = first.bind(RetryOptions.builder().ticker(firstClock).build(), "A.m");
    assertNull(CircuitBreakers.state(name)); // bound, not created

    a.onFailure(a.acquire()); // the first call: the first policy, the first options' ticker
    assertEquals(name, b.name()); // the name, not a label
    assertEquals(CLOSED, CircuitBreakers.state(name)); // the first policy's window of 2
    b.onFailure(b.acquire()); // the same breaker
    assertEquals(OPEN, CircuitBreakers.state(name));
    otherClock.advanceMillis(100); // not the ticker of the breaker
    assertEquals(OPEN, CircuitBreakers.state(name));
    firstClock.advanceMillis(100); // the first policy's delay, on the first options' ticker
    assertEquals(HALF_OPEN, CircuitBreakers.state(name));
  }

  @Test
  void stateIsNullForAnUnknownName() {
    assertNull(CircuitBreakers.state("PolicyTest.neverCreated"));
  }

  @Test
  void bindChecksItsArguments() {
    CircuitBreakerPolicy unnamed = new CircuitBreakerPolicy("", 1, 1.0, 0, 1);
    assertThrows(NullPointerException.class, () -> unnamed.bind(null, "A.m"));
    assertThrows(
        NullPointerException.class, () -> unnamed.bind(RetryOptions.defaults(), null));
  }
}
