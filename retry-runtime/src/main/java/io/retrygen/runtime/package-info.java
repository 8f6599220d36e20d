/**
 * The runtime that generated {@code *Retrying} classes call: {@link io.retrygen.runtime.RetryOptions}
 * and the seams it carries ({@link io.retrygen.runtime.Sleeper}, {@link io.retrygen.runtime.Ticker},
 * {@link io.retrygen.runtime.RandomSource}), the backoff computation, statistics and the circuit
 * breaker ({@link io.retrygen.runtime.CircuitBreakers}).
 */
package io.retrygen.runtime;
