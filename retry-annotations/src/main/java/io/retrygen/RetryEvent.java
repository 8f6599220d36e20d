package io.retrygen;

/** What a {@link RetryListener} is told about one attempt of a retried call. Immutable. */
public final class RetryEvent {
  private final String label;
  private final int attempt;
  private final Throwable failure;
  private final long delayMillis;
  private final long elapsedNanos;
  private final GiveUpReason reason;

  private RetryEvent(
      String label,
      int attempt,
      Throwable failure,
      long delayMillis,
      long elapsedNanos,
      GiveUpReason reason) {
    if (label == null) {
      throw new NullPointerException("label == null");
    }
    this.label = label;
    this.attempt = attempt;
    this.failure = failure;
    this.delayMillis = delayMillis;
    this.elapsedNanos = elapsedNanos;
    this.reason = reason;
  }

  /**
   * Creates an event without a {@linkplain #reason() reason}, as {@code onRetry} and {@code
   * onSuccess} carry. Public so that listeners can be tested without a generated class.
   */
  public static RetryEvent of(
      String label, int attempt, Throwable failure, long delayMillis, long elapsedNanos) {
    return new RetryEvent(label, attempt, failure, delayMillis, elapsedNanos, null);
  }

  /**
   * Creates an event with the reason the call gave up, as {@code onFailure} carries; the runtime
   * calls this. Public so that listeners can be tested without a generated class.
   *
   * @param reason why the call gave up; null for an event of {@code onRetry} or {@code onSuccess}
   */
  public static RetryEvent of(
      String label,
      int attempt,
      Throwable failure,
      long delayMillis,
      long elapsedNanos,
      GiveUpReason reason) {
    return new RetryEvent(label, attempt, failure, delayMillis, elapsedNanos, reason);
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

  /**
   * In {@link RetryListener#onFailure}, why the call gave up: the step that ended it, such as
   * {@link GiveUpReason#ATTEMPTS_EXHAUSTED}; null in {@code onRetry} and {@code onSuccess}.
   */
  public GiveUpReason reason() {
    return reason;
  }

  @Override
  public String toString() {
    return "RetryEvent{label=" + label + ", attempt=" + attempt + ", failure=" + failure
        + ", delayMillis=" + delayMillis + ", elapsedNanos=" + elapsedNanos
        + (reason != null ? ", reason=" + reason : "") + "}";
  }
}
