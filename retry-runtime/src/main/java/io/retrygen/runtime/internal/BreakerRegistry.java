package io.retrygen.runtime.internal;

import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.Ticker;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Not API: the circuit breakers of the process, one per name, and their listeners. {@link
 * CircuitBreakers} is the public face of this registry; gates find their breaker here.
 */
public final class BreakerRegistry {
  private static final CircuitBreakerListener[] NONE = new CircuitBreakerListener[0];

  /**
   * Every breaker by name. Replaced whole by {@link #resetAll()}: a gate notices that its breaker
   * was forgotten by comparing that breaker's registry with this one, a single volatile read.
   */
  private static volatile ConcurrentMap<String, SharedBreaker> breakers =
      new ConcurrentHashMap<String, SharedBreaker>();

  /** Replaced whole by CAS, so firing an event reads one volatile field and never locks. */
  private static final AtomicReference<CircuitBreakerListener[]> LISTENERS =
      new AtomicReference<CircuitBreakerListener[]>(NONE);

  private BreakerRegistry() {}

  /** As {@link CircuitBreakers#state}. */
  public static CircuitBreakerState state(String name) {
    SharedBreaker breaker = existing(name);
    return breaker == null ? null : breaker.state();
  }

  /** As {@link CircuitBreakers#reset}. */
  public static void reset(String name) {
    SharedBreaker breaker = existing(name);
    if (breaker != null) {
      breaker.reset();
    }
  }

  /** As {@link CircuitBreakers#resetAll}. */
  public static void resetAll() {
    breakers = new ConcurrentHashMap<String, SharedBreaker>();
  }

  /** As {@link CircuitBreakers#addListener}. */
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

  /** As {@link CircuitBreakers#removeListener}. */
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

  /** The breaker named {@code name}, or null when none was created (since the last reset). */
  static SharedBreaker existing(String name) {
    return breakers.get(name);
  }

  /** Whether {@code breaker} is still the process's, not forgotten by {@link #resetAll()}. */
  static boolean remembers(SharedBreaker breaker) {
    return breaker.registry == breakers;
  }

  /**
   * The breaker named {@code name}, created with {@code policy} and {@code ticker} unless one of
   * that name exists already.
   */
  static SharedBreaker breaker(String name, CircuitBreakerPolicy policy, Ticker ticker) {
    ConcurrentMap<String, SharedBreaker> registry = breakers;
    SharedBreaker breaker = registry.get(name);
    if (breaker != null) {
      return breaker;
    }
    // Created in the registry read above: if resetAll() replaces it meanwhile, the breaker is
    // forgotten at once and the gate's next call looks again.
    SharedBreaker created = new SharedBreaker(name, policy, ticker, registry);
    breaker = registry.putIfAbsent(name, created);
    return breaker != null ? breaker : created;
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
