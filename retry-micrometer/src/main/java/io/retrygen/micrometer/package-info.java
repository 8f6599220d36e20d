/**
 * Micrometer meters for retrygen: {@link io.retrygen.micrometer.RetryMetrics}, a {@code
 * RetryListener}, and {@link io.retrygen.micrometer.CircuitBreakerMetrics}, a {@code
 * CircuitBreakerListener} (SPEC §12).
 */
package io.retrygen.micrometer;
