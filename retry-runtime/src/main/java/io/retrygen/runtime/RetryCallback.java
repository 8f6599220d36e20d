package io.retrygen.runtime;

/**
 * One attempt of the work a {@link RetryTemplate} retries, as in Spring Retry.
 *
 * @param <T> what the work returns
 * @param <E> the checked exception it may throw, {@code RuntimeException} for none
 */
public interface RetryCallback<T, E extends Throwable> {

  /** Makes one attempt; a throw is a failed attempt, which may be retried. */
  T doWithRetry(RetryContext context) throws E;
}
