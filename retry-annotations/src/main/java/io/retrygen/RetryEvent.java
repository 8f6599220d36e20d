package io.retrygen;

/** What a {@link RetryListener} is told about one attempt of a retried call. Immutable. */
public final class RetryEvent {
  private final String label;
  private final int attempt;
  private final Throwable failure;
  private final long delayMillis;
  private final long elapsedNanos;

  private RetryEvent(
      String label, int attempt, Throwable failure, long delayMillis, long elapsedNanos) {
    if (label == null) {
      throw new NullPointerException("label == null");
    }
    this.label = label;
    this.attempt = attempt;
    this.failure = failure;
    this.delayMillis = delayMillis;
    this.elapsedNanos = elapsedNanos;
  }

  /**
   * Creates an event. The runtime calls this; it is public so that listeners can be tested
   * without a generated class.
   */
  public static RetryEvent of(
      String label, int attempt, Throwable failure, long delayMillis, long elapsedNanos) {
    return new RetryEvent(label, attempt, failure, delayMillis, elapsedNanos);
  }

  /**
   * The method's label: {@link Retryable#label()} if set, else {@code Type.method} with the type's
   * name relative to its package.
   */
  public String label() {
    return label;
  }

  /** The 1-based number of the attempt that just ended. */
  public int attempt() {
    return attempt;
  }

  /**
   * The failure of the attempt; null on success, and when the attempt failed because {@code
   * retryOnResult} rejected its result.
   */
  public Throwable failure() {
    return failure;
  }

  /** In {@link RetryListener#onRetry}, the wait in milliseconds before the next attempt; else 0. */
  public long delayMillis() {
    return delayMillis;
  }

  /**
   * Nanoseconds from the start of the first attempt to this event, by the {@code Ticker} of the
   * instance's options.
   */
  public long elapsedNanos() {
    return elapsedNanos;
  }

  @Override
  public String toString() {
    return "RetryEvent{label=" + label + ", attempt=" + attempt + ", failure=" + failure
        + ", delayMillis=" + delayMillis + ", elapsedNanos=" + elapsedNanos + "}";
  }
}
