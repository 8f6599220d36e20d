package io.retrygen.runtime;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The process-wide view of circuit breakers: the state of named breakers and the listeners of
 * every breaker.
 *
 * <p>Breakers with a {@code @CircuitBreaker(name)} live in a registry here, shared by every
 * generated instance that uses the name; the first one created wins (its settings and its
 * options' {@link Ticker}). Unnamed breakers, one per generated instance and method, are not
 * registered.
 */
public final class CircuitBreakers {
  private static final CircuitBreakerListener[] NONE = new CircuitBreakerListener[0];

  private static final ConcurrentMap<String, CircuitBreakerGate> NAMED =
      new ConcurrentHashMap<String, CircuitBreakerGate>();

  /** Replaced whole by CAS, so firing an event reads one volatile field and never locks. */
  private static final AtomicReference<CircuitBreakerListener[]> LISTENERS =
      new AtomicReference<CircuitBreakerListener[]>(NONE);

  private CircuitBreakers() {}

  /**
   * The state of the breaker named {@code name}, or null for a name no breaker was created with
   * (unnamed breakers included). Reading the state of an open breaker whose delay has passed turns
   * it half-open, as a call would.
   */
  public static CircuitBreakerState state(String name) {
    CircuitBreakerGate gate = NAMED.get(name);
    return gate == null ? null : gate.state();
  }

  /**
   * Adds a listener for every breaker of the process, after those already added. Adding the same
   * listener twice makes it hear every event twice.
   */
  public static void addListener(CircuitBreakerListener listener) {
    if (listener == null) {
      throw new NullPointerException("listener == null");
    }
    while (true) {
      CircuitBreakerListener[] current = LISTENERS.get();
      CircuitBreakerListener[] next = new CircuitBreakerListener[current.length + 1];
      System.arraycopy(current, 0, next, 0, current.length);
      next[current.length] = listener;
      if (LISTENERS.compareAndSet(current, next)) {
        return;
      }
    }
  }

  /**
   * Removes one registration of {@code listener}, the last one added.
   *
   * @return whether it was registered
   */
  public static boolean removeListener(CircuitBreakerListener listener) {
    while (true) {
      CircuitBreakerListener[] current = LISTENERS.get();
      int index = current.length - 1;
      while (index >= 0 && current[index] != listener) {
        index--;
      }
      if (index < 0) {
        return false;
      }
      CircuitBreakerListener[] next = NONE;
      if (current.length > 1) {
        next = new CircuitBreakerListener[current.length - 1];
        System.arraycopy(current, 0, next, 0, index);
        System.arraycopy(current, index + 1, next, index, next.length - index);
      }
      if (LISTENERS.compareAndSet(current, next)) {
        return true;
      }
    }
  }

  /**
   * The breaker named {@code name}, created with {@code policy} and {@code ticker} unless one of
   * that name exists already.
   */
  static CircuitBreakerGate named(String name, CircuitBreakerPolicy policy, Ticker ticker) {
    CircuitBreakerGate gate = NAMED.get(name);
    if (gate != null) {
      return gate;
    }
    CircuitBreakerGate created = new CircuitBreakerGate(name, policy, ticker);
    gate = NAMED.putIfAbsent(name, created);
    return gate != null ? gate : created;
  }

  /** Tells every listener that {@code name} went from {@code from} to {@code to}. */
  static void fireStateChange(String name, CircuitBreakerState from, CircuitBreakerState to) {
    for (CircuitBreakerListener listener : LISTENERS.get()) {
      try {
        listener.onStateChange(name, from, to);
      } catch (Throwable ignored) {
        // Whatever it throws, errors of the virtual machine included, a listener changes nothing
        // (the breaker's state and the call's outcome stand) and stops no other listener.
      }
    }
  }

  /** Tells every listener that {@code name} refused a call. */
  static void fireCallNotPermitted(String name) {
    for (CircuitBreakerListener listener : LISTENERS.get()) {
      try {
        listener.onCallNotPermitted(name);
      } catch (Throwable ignored) {
        // Whatever it throws, errors of the virtual machine included, a listener changes nothing
        // (the breaker's state and the call's outcome stand) and stops no other listener.
      }
    }
  }
}
