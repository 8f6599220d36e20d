package io.retrygen.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerState;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Records circuit breaker events as Micrometer meters. Register it once for every
 * breaker of the process:
 *
 * <pre>{@code
 * CircuitBreakers.addListener(new CircuitBreakerMetrics(registry));
 * }</pre>
 *
 * <ul>
 *   <li>counter {@code retrygen.circuitbreaker.transitions}, tags {@code name}, {@code from},
 *       {@code to} (lower-case state names): each state change;
 *   <li>counter {@code retrygen.circuitbreaker.not.permitted}, tag {@code name}: each call refused
 *       with {@code CircuitBreakerOpenException};
 *   <li>gauge {@code retrygen.circuitbreaker.state}, tags {@code name}, {@code state}: 1 for the
 *       breaker's current state, 0 for the others, registered at the breaker's first event.
 * </ul>
 *
 * <p>Register one instance per registry: a second one on the same registry would count every
 * event again, and its gauges would not be registered (the registry keeps the first). A breaker's
 * gauges start at the state of its first event: the transition's {@code from}, or {@code open}
 * for a refused call (also refused while half-open with its trial calls taken, which the next
 * transition corrects). The gauge then shows the state the last transition event reported: a
 * breaker's events arrive one at a time and in the order of its transitions ({@link
 * CircuitBreakerListener#onStateChange}), so once calls stop it shows the breaker's real state.
 * ({@code CircuitBreakers.resetAll()}, for tests, forgets breakers without an event: a gauge keeps
 * its last state until the breaker's next transition.) Meters are created once per tag set and
 * kept; recording allocates nothing once they exist. Thread-safe.
 */
public final class CircuitBreakerMetrics implements CircuitBreakerListener {
  private static final CircuitBreakerState[] STATES = CircuitBreakerState.values();

  private final MeterRegistry registry;
  private final ConcurrentMap<String, BreakerMeters> byName =
      new ConcurrentHashMap<String, BreakerMeters>();

  /** Records into {@code registry}. */
  public CircuitBreakerMetrics(MeterRegistry registry) {
    if (registry == null) {
      throw new NullPointerException("registry == null");
    }
    this.registry = registry;
  }

  @Override
  public void onStateChange(String name, CircuitBreakerState from, CircuitBreakerState to) {
    BreakerMeters meters = meters(name, from);
    meters.transition(from, to).increment();
    meters.current.set(to);
  }

  @Override
  public void onCallNotPermitted(String name) {
    meters(name, CircuitBreakerState.OPEN).notPermitted.increment();
  }

  /** The meters of {@code name}, created at its first event, when it was {@code state}. */
  private BreakerMeters meters(String name, CircuitBreakerState state) {
    BreakerMeters meters = byName.get(name);
    if (meters == null) {
      BreakerMeters created = new BreakerMeters(registry, name, state);
      meters = byName.putIfAbsent(name, created);
      if (meters == null) {
        // Only the winner's state holder may back the gauges: the registry keeps the first
        // gauge of a name and tags, so one registered by a loser would read a dead holder.
        created.registerGauges();
        meters = created;
      }
    }
    return meters;
  }

  private static String tag(CircuitBreakerState state) {
    return state.name().toLowerCase(Locale.ROOT);
  }

  /**
   * The meters of one breaker name: the gauges and the refusal counter created together at its
   * first event, each transition counter at the first transition of its kind (a breaker never
   * goes from closed to half-open, so that counter is never made).
   */
  private static final class BreakerMeters {
    private final MeterRegistry registry;
    private final String name;
    /** Indexed by {@code from * STATES.length + to}. */
    private final AtomicReferenceArray<Counter> transitions =
        new AtomicReferenceArray<Counter>(STATES.length * STATES.length);
    final Counter notPermitted;
    final AtomicReference<CircuitBreakerState> current;

    BreakerMeters(MeterRegistry registry, String name, CircuitBreakerState state) {
      this.registry = registry;
      this.name = name;
      current = new AtomicReference<CircuitBreakerState>(state);
      notPermitted =
          Counter.builder("retrygen.circuitbreaker.not.permitted")
              .description("Calls a circuit breaker refused with CircuitBreakerOpenException")
              .tag("name", name)
              .register(registry);
    }

    void registerGauges() {
      for (final CircuitBreakerState shown : STATES) {
        Gauge.builder(
                "retrygen.circuitbreaker.state",
                current,
                reference -> reference.get() == shown ? 1.0 : 0.0)
            .description("1 for the circuit breaker's current state, 0 for the others")
            .tag("name", name)
            .tag("state", tag(shown))
            .strongReference(true)
            .register(registry);
      }
    }

    Counter transition(CircuitBreakerState from, CircuitBreakerState to) {
      int index = from.ordinal() * STATES.length + to.ordinal();
      Counter counter = transitions.get(index);
      if (counter == null) {
        // Registering twice in a race is harmless: the registry returns the same counter.
        counter =
            Counter.builder("retrygen.circuitbreaker.transitions")
                .description("State changes of a circuit breaker")
                .tag("name", name)
                .tag("from", tag(from))
                .tag("to", tag(to))
                .register(registry);
        transitions.set(index, counter);
      }
      return counter;
    }
  }
}
