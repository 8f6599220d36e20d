package io.retrygen.runtime;

/**
 * What a {@link RetryTemplate} call returns when it gives up, as a {@code @Recover} method does:
 * {@link RetryContext#lastFailure()} is the failure that ended it.
 *
 * @param <T> what the work returns
 */
public interface RecoveryCallback<T> {

  /**
   * The call's result when it gives up. An exception thrown here ends the call as it is, a
   * checked one included.
   */
  T recover(RetryContext context) throws Exception;
}
