package io.retrygen.runtime;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The circuit breakers of the process and their listeners.
 *
 * <p>There is one breaker per name: a {@code @CircuitBreaker(name)}, or for an unnamed one the
 * label of its method ({@code Type.method}), so every instance of a generated class shares one
 * breaker per method, as MicroProfile Fault Tolerance requires; named and unnamed breakers share
 * one namespace. A breaker is created by the first call that passes through it, never by a
 * generated constructor, with the settings of that method's {@code @CircuitBreaker} and the
 * {@link Ticker} of the options of the instance that makes the call; the first one created wins.
 *
 * <p>A breaker counts the outcomes of its calls while closed, in a rolling window of the last
 * {@code requestVolumeThreshold} calls, and opens when that window is full and at least {@code
 * failureRatio} of it failed. Open, it refuses calls with {@link CircuitBreakerOpenException}
 * until {@code delay} ms have passed by its ticker; then the next call, or a read of its state,
 * turns it half-open. Half-open, it admits {@code successThreshold} trial calls at a time; that
 * many consecutive successes close it with an empty window, any trial failure opens it again. An
 * outcome of a call admitted before the latest change of state counts nothing.
 */
public final class CircuitBreakers {
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

  private CircuitBreakers() {}

  /**
   * The state of the breaker named {@code name} (an unnamed breaker under its method's label), or
   * null when no call has created one of that name (since the last {@link #resetAll()}). Reading
   * the state of an open breaker whose delay has passed turns it half-open, as a call would.
   */
  public static CircuitBreakerState state(String name) {
    SharedBreaker breaker = existing(name);
    return breaker == null ? null : breaker.state();
  }

  /**
   * Closes the breaker named {@code name} and empties its window, whatever its state; an outcome
   * of a call it admitted before counts nothing. Listeners hear the change unless it was closed.
   * Nothing happens when there is no breaker of that name. For tests, and for an operator who knows
   * the dependency is back.
   */
  public static void reset(String name) {
    SharedBreaker breaker = existing(name);
    if (breaker != null) {
      breaker.reset();
    }
  }

  /**
   * Forgets every breaker: {@link #state} returns null for every name until the next call through
   * a breaker of that name creates it again, closed, with the settings and options of the instance
   * that makes the call. A call admitted by a forgotten breaker ends without counting anywhere, and
   * a forgotten breaker tells no listener. Listeners stay registered. For tests, which would
   * otherwise share the state of one breaker per method across every instance they create.
   */
  public static void resetAll() {
    breakers = new ConcurrentHashMap<String, SharedBreaker>();
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
