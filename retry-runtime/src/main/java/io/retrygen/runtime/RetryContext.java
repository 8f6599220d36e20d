package io.retrygen.runtime;

/**
 * What a {@link RetryCallback} or {@link RecoveryCallback} knows about the call it runs in. One
 * object per {@link RetryTemplate#execute} call, updated before each attempt; not thread-safe, and
 * not to be kept after the call.
 */
public interface RetryContext {

  /** The 1-based number of the attempt running, or (in a recovery) of the attempt that ended. */
  int attempt();

  /** The failure of the last attempt that failed; null before the first failure. */
  Throwable lastFailure();

  /** The template's label, as events and statistics show it. */
  String label();
}
