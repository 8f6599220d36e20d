package io.retrygen.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.CircuitBreakerPolicy;
import org.junit.jupiter.api.Test;

/** {@link CircuitBreakerMetrics} against a {@link SimpleMeterRegistry} (SPEC §12). */
class CircuitBreakerMetricsTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final CircuitBreakerMetrics metrics = new CircuitBreakerMetrics(registry);

  private double transitions(String name, String from, String to) {
    return registry
        .get("retrygen.circuitbreaker.transitions")
        .tag("name", name)
        .tag("from", from)
        .tag("to", to)
        .counter()
        .count();
  }

  private double state(String name, String state) {
    return registry
        .get("retrygen.circuitbreaker.state")
        .tag("name", name)
        .tag("state", state)
        .gauge()
        .value();
  }

  @Test
  void countsTransitionsAndRefusalsAndShowsTheCurrentState() {
    metrics.onStateChange("inventory", CircuitBreakerState.CLOSED, CircuitBreakerState.OPEN);
    assertEquals(1.0, state("inventory", "open"));
    assertEquals(0.0, state("inventory", "closed"));
    assertEquals(0.0, state("inventory", "half_open"));
    metrics.onCallNotPermitted("inventory");
    metrics.onCallNotPermitted("inventory");
    metrics.onStateChange("inventory", CircuitBreakerState.OPEN, CircuitBreakerState.HALF_OPEN);
    metrics.onStateChange("inventory", CircuitBreakerState.HALF_OPEN, CircuitBreakerState.OPEN);
    metrics.onStateChange("inventory", CircuitBreakerState.OPEN, CircuitBreakerState.HALF_OPEN);
    metrics.onStateChange("inventory", CircuitBreakerState.HALF_OPEN, CircuitBreakerState.CLOSED);

    assertEquals(1.0, transitions("inventory", "closed", "open"));
    assertEquals(2.0, transitions("inventory", "open", "half_open"));
    assertEquals(1.0, transitions("inventory", "half_open", "open"));
    assertEquals(1.0, transitions("inventory", "half_open", "closed"));
    assertNull(
        registry.find("retrygen.circuitbreaker.transitions").tag("from", "closed")
            .tag("to", "half_open").counter(),
        "a transition that never happened has no counter");
    assertEquals(
        2.0,
        registry.get("retrygen.circuitbreaker.not.permitted").tag("name", "inventory").counter()
            .count());
    assertEquals(1.0, state("inventory", "closed"));
    assertEquals(0.0, state("inventory", "open"));
  }

  @Test
  void aRefusalFirstRegistersTheGaugesAsOpen() {
    metrics.onCallNotPermitted("payments");
    assertEquals(1.0, state("payments", "open"));
    assertEquals(3, registry.find("retrygen.circuitbreaker.state").tag("name", "payments")
        .gauges().size());
  }

  @Test
  void breakersAreSeparateSeriesAndMetersAreMadeOnce() {
    metrics.onStateChange("a", CircuitBreakerState.CLOSED, CircuitBreakerState.OPEN);
    int meters = registry.getMeters().size();
    for (int i = 0; i < 50; i++) {
      metrics.onStateChange("a", CircuitBreakerState.OPEN, CircuitBreakerState.HALF_OPEN);
      metrics.onStateChange("a", CircuitBreakerState.HALF_OPEN, CircuitBreakerState.OPEN);
      metrics.onCallNotPermitted("a");
    }
    assertEquals(meters + 2, registry.getMeters().size(), "two more transition kinds, once");
    metrics.onStateChange("b", CircuitBreakerState.CLOSED, CircuitBreakerState.OPEN);
    assertEquals(1.0, transitions("b", "closed", "open"));
    assertEquals(1.0, transitions("a", "closed", "open"));
    assertEquals(50.0, transitions("a", "half_open", "open"));
  }

  @Test
  void recordsTheEventsOfARealBreakerRegisteredWithCircuitBreakers() {
    long[] nanos = {0};
    RetryOptions options = RetryOptions.builder().ticker(() -> nanos[0]).build();
    CircuitBreakerGate gate =
        new CircuitBreakerPolicy("metrics-test", 2, 1.0, 1000L, 1).bind(options, "Client.call");
    CircuitBreakers.addListener(metrics);
    try {
      gate.onFailure(gate.acquire());
      gate.onFailure(gate.acquire()); // the window of 2 is full of failures: open
      assertThrows(CircuitBreakerOpenException.class, gate::acquire);
      nanos[0] += 1_000_000_000L; // the delay has passed: the next call is a trial
      gate.onSuccess(gate.acquire());
    } finally {
      CircuitBreakers.removeListener(metrics);
    }
    assertEquals(1.0, transitions("metrics-test", "closed", "open"));
    assertEquals(1.0, transitions("metrics-test", "open", "half_open"));
    assertEquals(1.0, transitions("metrics-test", "half_open", "closed"));
    assertEquals(
        1.0,
        registry.get("retrygen.circuitbreaker.not.permitted").tag("name", "metrics-test")
            .counter().count());
    assertEquals(1.0, state("metrics-test", "closed"));
  }

  @Test
  void aNullRegistryIsRejected() {
    assertThrows(NullPointerException.class, () -> new CircuitBreakerMetrics(null));
  }
}
