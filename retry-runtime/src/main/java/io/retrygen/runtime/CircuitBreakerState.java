package io.retrygen.runtime;

/** The state of a circuit breaker, as {@link CircuitBreakers#state} and listeners report it. */
public enum CircuitBreakerState {
  /** Calls go through; their outcomes fill the rolling window. */
  CLOSED,
  /** Calls fail at once with {@link CircuitBreakerOpenException} until the delay has passed. */
  OPEN,
  /** A limited number of trial calls go through; their outcomes close or re-open the breaker. */
  HALF_OPEN
}
