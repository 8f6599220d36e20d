package io.retrygen.runtime.internal;

/**
 * Not API. One call of a guarded method that returns a reactive publisher: what the generated
 * anonymous subclass says about it, whatever the library. Each library's module narrows it to its
 * type ({@code MonoCall}, {@code SingleCall}...), whose subclass the generated method returns
 * after {@code .mono()}, {@code .single()}...; {@link ReactiveLoop} runs each subscription.
 *
 * @param <T> the values of the publisher
 */
public abstract class ReactiveCall<T> extends RetryHooks<T> {
  final Retrier retrier;
  final CircuitBreakerGate breaker;
  /** Null for a method with no {@code @Timeout}. */
  final AttemptTimer timer;

  /**
   * @param retrier the method's retrier; null when it has only a circuit breaker
   * @param breaker the method's circuit breaker; null when it has none
   */
  protected ReactiveCall(Retrier retrier, CircuitBreakerGate breaker) {
    this(retrier, breaker, null);
  }

  /**
   * @param retrier the method's retrier; null when it has no {@code @Retryable}
   * @param breaker the method's circuit breaker; null when it has none
   * @param timer the method's {@code @Timeout}; null when it has none
   */
  protected ReactiveCall(Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer) {
    this.retrier = retrier;
    this.breaker = breaker;
    this.timer = timer;
  }

  /** Makes one attempt: calls the guarded method for the publisher to subscribe to. */
  protected abstract Object call() throws Throwable;

  /** Step 1: whether {@code failure} may be retried. The default retries nothing. */
  protected boolean retryable(Throwable failure) {
    return false;
  }

  /** Whether {@code failure} counts as a breaker failure ({@code failOn}, {@code skipOn}). */
  protected boolean breakerFailure(Throwable failure) {
    return false;
  }

  /**
   * The recovery after the call gave up with {@code failure}: the publisher to subscribe to
   * instead, or {@code failure} thrown again (the default) when no recover method applies.
   */
  protected Object recover(Throwable failure) throws Throwable {
    throw failure;
  }
}
