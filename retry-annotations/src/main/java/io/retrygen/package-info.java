/**
 * The retrygen API: {@link io.retrygen.Retryable}, {@link io.retrygen.Backoff},
 * {@link io.retrygen.Recover}, {@link io.retrygen.CircuitBreaker} and {@link
 * io.retrygen.RetryBudget}, read at compile time by
 * {@code retry-processor}, and the {@link io.retrygen.RetryListener} callbacks with their {@link
 * io.retrygen.RetryEvent} and {@link io.retrygen.GiveUpReason}.
 */
package io.retrygen;
