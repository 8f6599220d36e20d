package io.retrygen.runtime;

/**
 * Hears about every circuit breaker of the process once {@linkplain CircuitBreakers#addListener
 * added}. Called on the thread that caused the event (or, for a state change that raced with
 * another of the same breaker, on the thread of the later one); one that throws, whatever it
 * throws, changes nothing.
 */
public interface CircuitBreakerListener {

  /**
   * The breaker {@code name} went from {@code from} to {@code to}. Called exactly once per
   * transition, after it happened, and in the order of that breaker's transitions even when they
   * race on several threads: each event's {@code from} is the {@code to} of the breaker's previous
   * event, so the last {@code to} a listener heard is the breaker's state once calls stop. Calls
   * for one breaker never overlap; those for different breakers may. A breaker that {@link
   * CircuitBreakers#resetAll()} forgot tells nothing more, and its successor starts closed without
   * an event.
   *
   * @param name the breaker's {@code @CircuitBreaker(name)}, else the method's label
   */
  void onStateChange(String name, CircuitBreakerState from, CircuitBreakerState to);

  /**
   * The breaker {@code name} refused a call with {@link CircuitBreakerOpenException}. Does nothing
   * by default.
   */
  default void onCallNotPermitted(String name) {}
}
