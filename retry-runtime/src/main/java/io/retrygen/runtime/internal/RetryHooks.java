package io.retrygen.runtime.internal;

/**
 * Not API. The user code that the decision order of one guarded method calls after a failed
 * attempt, each at its step and only there: {@code retryIf} (step 5) and {@code delayFor} (step 7,
 * for a failure or for a result {@code retryOnResult} rejected). A driver also asks {@link
 * #rejects} whether a result is a failed attempt. Each default means "not set": every failure
 * allowed, the backoff's formula, no result rejected.
 *
 * <p>Generated code writes a small private inner class per synchronous guarded method that needs
 * one (none for a method without {@code retryIf} or {@code delayFor}), created once per generated
 * instance and bound with the policy ({@link RetryPolicy#bind(io.retrygen.runtime.RetryOptions,
 * RetryHooks, io.retrygen.RetryListener...)}); an asynchronous call's hooks are its own methods,
 * which its {@link CallSteps} passes on ({@link AsyncCall}). Every hook may throw what the user's method throws, checked or not: the call then
 * ends with that exception, after {@code onFailure} with {@link
 * io.retrygen.GiveUpReason#USER_CODE_FAILED}. An abstract class rather than an interface with
 * default methods, which Android API 21 lacks.
 *
 * @param <T> the value the guarded method completes with (boxed when primitive)
 */
public abstract class RetryHooks<T> {
  /** For subclasses: generated inner classes and asynchronous calls. */
  protected RetryHooks() {}

  /**
   * The {@code retryIf} predicate, asked only about a failure that step 1 classified as
   * retryable and only while an attempt is left: whether it may be retried. The default allows
   * every one.
   */
  protected boolean retryIf(Throwable failure) throws Throwable {
    return true;
  }

  /**
   * The {@code delayFor} method for a failure: the wait in milliseconds before the next attempt,
   * used as is; a negative value (the default) means the backoff's formula.
   */
  protected long delayFor(Throwable failure) throws Throwable {
    return -1L;
  }

  /**
   * The {@code delayFor} method for a result that {@code retryOnResult} rejected: the wait in
   * milliseconds, or a negative value (the default) for the backoff's formula.
   */
  protected long delayForResult(T result) throws Throwable {
    return -1L;
  }

  /**
   * The {@code retryOnResult} predicate: true when {@code result} is a failed attempt. The default
   * rejects none. Generated synchronous code tests the result inline instead, with no boxing.
   */
  protected boolean rejects(T result) throws Throwable {
    return false;
  }
}
