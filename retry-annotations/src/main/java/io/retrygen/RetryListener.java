package io.retrygen;

/**
 * Receives the events of retried calls. Every method has a no-op default, so implement only what
 * you need.
 *
 * <p>A call ends with exactly one of {@link #onSuccess} or {@link #onFailure}, after any number
 * of {@link #onRetry} events. Listeners run on the thread that runs the attempt; one that throws
 * does not change the outcome of the call. Register one for every method of an instance with
 * {@code RetryOptions.builder().listener(...)}, or for one method with {@link
 * Retryable#listeners()}. Implementations must be thread-safe when the instance is shared.
 */
public interface RetryListener {

  /**
   * An attempt failed and another follows after {@link RetryEvent#delayMillis()}. Called before
   * the wait.
   */
  default void onRetry(RetryEvent event) {}

  /** An attempt succeeded; the call returns its result. */
  default void onSuccess(RetryEvent event) {}

  /**
   * The call gives up: attempts or time are exhausted, the failure is not retried, the backoff was
   * interrupted, or the last attempt's result was rejected by {@code retryOnResult} (then {@link
   * RetryEvent#failure()} is null). {@link RetryEvent#reason()} says which step ended it. Called
   * before any {@link Recover} method.
   */
  default void onFailure(RetryEvent event) {}
}
