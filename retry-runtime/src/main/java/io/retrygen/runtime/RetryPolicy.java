package io.retrygen.runtime;

import io.retrygen.RetryListener;

/**
 * What a {@code @Retryable} resolved to at compile time for one guarded method, independent of
 * any instance: its label, attempts, time budget and backoff. Only generated code uses this
 * class: each generated class holds one per guarded method in a {@code static final} constant,
 * and each constructor {@linkplain #bind binds} it to the instance's options in one line.
 *
 * <p>Immutable and thread-safe.
 */
public final class RetryPolicy {
  private final String label;
  private final int maxAttempts;
  private final long maxDurationMillis;
  private final BackoffPolicy backoff;

  /**
   * @param label the name in events and statistics
   * @param maxAttempts total calls, the first included; at least 1
   * @param maxDurationMillis the time budget, 0 for none; not negative
   * @param backoff the waits between attempts
   * @throws IllegalArgumentException for a value the annotations reject at compile time
   */
  public RetryPolicy(String label, int maxAttempts, long maxDurationMillis, BackoffPolicy backoff) {
    if (label == null) {
      throw new NullPointerException("label == null");
    }
    if (backoff == null) {
      throw new NullPointerException("backoff == null");
    }
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
    }
    if (maxDurationMillis < 0) {
      throw new IllegalArgumentException("maxDuration must not be negative: " + maxDurationMillis);
    }
    this.label = label;
    this.maxAttempts = maxAttempts;
    this.maxDurationMillis = maxDurationMillis;
    this.backoff = backoff;
  }

  /**
   * A retrier for one instance: this policy with the sleeper, ticker, randomness and listeners of
   * {@code options}. Without this overload, a method with no listener of its own would create an
   * empty {@code RetryListener[]}.
   */
  public Retrier bind(RetryOptions options) {
    return new Retrier(this, options, null);
  }

  /**
   * A retrier for one instance with the method's own listeners, called after those of {@code
   * options}.
   */
  public Retrier bind(RetryOptions options, RetryListener... methodListeners) {
    return new Retrier(this, options, methodListeners);
  }

  /** The label of events and statistics. */
  public String label() {
    return label;
  }

  /** Total calls, the first included. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The time budget in milliseconds, 0 for none. */
  public long maxDurationMillis() {
    return maxDurationMillis;
  }

  /** The waits between attempts. */
  public BackoffPolicy backoff() {
    return backoff;
  }

  @Override
  public String toString() {
    return "RetryPolicy{" + label + ", maxAttempts=" + maxAttempts + ", maxDuration="
        + maxDurationMillis + ", " + backoff + "}";
  }
}
