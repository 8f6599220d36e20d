/**
 * The annotation processor that reads {@code @Retryable}, {@code @Backoff}, {@code @Recover} and
 * {@code @CircuitBreaker} and writes a {@code *Retrying} class next to each annotated type.
 */
package io.retrygen.processor;
