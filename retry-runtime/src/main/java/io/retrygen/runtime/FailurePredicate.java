package io.retrygen.runtime;

/**
 * The {@code retryIf} of a {@link RetryTemplate}: consulted for a failure that the template's
 * {@code retryOn}/{@code notRetryOn} classes would retry, when an attempt is left and before the
 * retry budget and the wait. No {@code java.util.function}, so that it runs on Android API 21.
 */
public interface FailurePredicate {

  /** Whether {@code failure} is worth a retry. A throw ends the call with that exception. */
  boolean test(Throwable failure);
}
