/**
 * Micrometer meters for retrygen: {@link io.retrygen.micrometer.RetryMetrics}, a {@code
 * RetryListener}, and {@link io.retrygen.micrometer.CircuitBreakerMetrics}, a {@code
 * CircuitBreakerListener}.
 */
package io.retrygen.micrometer;
