package io.retrygen.runtime;

/**
 * Hears about every circuit breaker of the process once {@linkplain CircuitBreakers#addListener
 * added}. Called on the thread that caused the event; one that throws changes nothing.
 */
public interface CircuitBreakerListener {

  /**
   * The breaker {@code name} went from {@code from} to {@code to}. Called exactly once per
   * transition, on the thread that made it, after it happened: under concurrent calls the events
   * of transitions that follow each other closely may reach a listener in another order (an
   * {@code OPEN -> HALF_OPEN} before its {@code CLOSED -> OPEN}). For the current state, read
   * {@link CircuitBreakers#state}.
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
