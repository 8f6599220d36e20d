package io.retrygen.runtime;

/**
 * Thrown by a stateful retry ({@code @Retryable(stateful = true)}, or a {@link RetryTemplate}
 * executed with a {@link RetryState}) when a call comes with a key whose retries ended on an
 * earlier call and there is no recovery for its last failure: the method is not called again, and
 * this exception carries that last failure as its {@linkplain #getCause() cause}. The key is then
 * forgotten, so the call after this one starts afresh. Spring Retry's {@code
 * ExhaustedRetryException}.
 */
public class RetryExhaustedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what ran out
   * @param cause the last failure of the key
   */
  public RetryExhaustedException(String message, Throwable cause) {
    super(message, cause);
  }
}
