package io.retrygen.runtime;

/**
 * The failure of an attempt that had not ended when its {@code @Timeout} ran out. Unchecked, so
 * it passes through any {@code throws} clause; it is then classified like any failure: retried
 * by default, counted by a circuit breaker, recoverable.
 *
 * <p>It carries no stack trace: it is made by the runtime at the deadline, not where the attempt
 * was when it ran out, so a trace would only show the runtime; the {@linkplain #label() label}
 * and the {@linkplain #timeoutMillis() limit} say which attempt it was.
 */
public final class AttemptTimeoutException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String label;
  private final long timeoutMillis;

  /**
   * @param label the guarded method's label
   * @param timeoutMillis the limit the attempt overran, in milliseconds
   */
  public AttemptTimeoutException(String label, long timeoutMillis) {
    this.label = label;
    this.timeoutMillis = timeoutMillis;
  }

  /** {@code "<label>: the attempt did not end within <ms> ms"}, built when asked for. */
  @Override
  public String getMessage() {
    return label + ": the attempt did not end within " + timeoutMillis + " ms";
  }

  /** The label of the guarded method whose attempt ran out of time. */
  public String label() {
    return label;
  }

  /** The limit of each attempt, in milliseconds: the {@code @Timeout} value. */
  public long timeoutMillis() {
    return timeoutMillis;
  }

  /** Fills nothing and returns this exception: see the class documentation for why. */
  @Override
  public Throwable fillInStackTrace() {
    return this;
  }
}
