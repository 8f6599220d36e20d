package io.retrygen.runtime;

import io.retrygen.runtime.internal.BreakerRegistry;

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
  private CircuitBreakers() {}

  /**
   * The state of the breaker named {@code name} (an unnamed breaker under its method's label), or
   * null when no call has created one of that name (since the last {@link #resetAll()}). Reading
   * the state of an open breaker whose delay has passed turns it half-open, as a call would.
   */
  public static CircuitBreakerState state(String name) {
    return BreakerRegistry.state(name);
  }

  /**
   * Closes the breaker named {@code name} and empties its window, whatever its state; an outcome
   * of a call it admitted before counts nothing. Listeners hear the change unless it was closed.
   * Nothing happens when there is no breaker of that name. For tests, and for an operator who knows
   * the dependency is back.
   */
  public static void reset(String name) {
    BreakerRegistry.reset(name);
  }

  /**
   * Forgets every breaker: {@link #state} returns null for every name until the next call through
   * a breaker of that name creates it again, closed, with the settings and options of the instance
   * that makes the call. A call admitted by a forgotten breaker ends without counting anywhere, and
   * a forgotten breaker tells no listener. Listeners stay registered. For tests, which would
   * otherwise share the state of one breaker per method across every instance they create.
   */
  public static void resetAll() {
    BreakerRegistry.resetAll();
  }

  /**
   * Adds a listener for every breaker of the process, after those already added. Adding the same
   * listener twice makes it hear every event twice.
   */
  public static void addListener(CircuitBreakerListener listener) {
    BreakerRegistry.addListener(listener);
  }

  /**
   * Removes one registration of {@code listener}, the last one added.
   *
   * @return whether it was registered
   */
  public static boolean removeListener(CircuitBreakerListener listener) {
    return BreakerRegistry.removeListener(listener);
  }
}
