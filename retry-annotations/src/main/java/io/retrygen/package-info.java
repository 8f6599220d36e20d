/**
 * The retrygen API: {@link io.retrygen.Retryable}, {@link io.retrygen.Backoff},
 * {@link io.retrygen.Recover} and {@link io.retrygen.CircuitBreaker}, read at compile time by
 * {@code retry-processor}, and the {@link io.retrygen.RetryListener} callbacks.
 */
package io.retrygen;
