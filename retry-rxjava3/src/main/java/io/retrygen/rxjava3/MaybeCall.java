package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.MaybeObserver;
import io.retrygen.runtime.internal.AttemptTimer;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.runtime.internal.ReactiveCall;

/**
 * Not API. One call of a guarded method returning a {@link Maybe}: the generated class returns
 * {@code new MaybeCall<T>(retrier, breaker) {...}.maybe()}, a {@code Maybe} that does nothing until it is
 * subscribed. Each subscription is one call of the retry loop: attempt 1 calls the method on the
 * subscribing thread and subscribes to what it returns; a throw from the method and an error
 * signal are both failures, decided on exactly as for a synchronous call; a retry <b>calls the
 * method again</b> after the wait, never re-subscribing to the first {@code Maybe}. The wait runs
 * on the options' scheduler when one was set, else on {@code Schedulers.computation()}, looked up
 * at each wait, so that a {@code TestScheduler} installed with {@code
 * RxJavaPlugins.setComputationSchedulerHandler} controls it. Disposing stops further attempts and
 * disposes the attempt in flight; the listeners hear {@code onFailure} with {@code CANCELLED}.
 * The breaker records each attempt at its terminal signal.
 *
 * @param <T> the value of the {@code Maybe}
 */
public abstract class MaybeCall<T> extends ReactiveCall<T> {
  /**
   * @param retrier the method's retrier; null when it has only a circuit breaker
   * @param breaker the method's circuit breaker; null when it has none
   */
  protected MaybeCall(Retrier retrier, CircuitBreakerGate breaker) {
    this(retrier, breaker, null);
  }

  /**
   * @param retrier the method's retrier; null when it has no {@code @Retryable}
   * @param breaker the method's circuit breaker; null when it has none
   * @param timer the method's {@code @Timeout}; null when it has none
   */
  protected MaybeCall(Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer) {
    super(retrier, breaker, timer);
  }

  /** Makes one attempt: calls the guarded method for the {@code Maybe} to subscribe to. */
  @Override
  protected abstract Maybe<T> call() throws Throwable;

  /**
   * The recovery after the call gave up with {@code failure}: the {@code Maybe} to subscribe to
   * instead, or {@code failure} thrown again (the default) when no recover method applies.
   */
  @Override
  protected Maybe<? extends T> recover(Throwable failure) throws Throwable {
    throw failure;
  }

  /**
   * What the generated {@link #recover} returns for a recover method's value: a {@code Maybe} of
   * it, or an empty one for null, since a {@code Maybe} cannot carry null and a recover method
   * that answers "nothing" with null means no value.
   */
  protected static <T> Maybe<T> recovered(T value) {
    return value == null ? Maybe.<T>empty() : Maybe.just(value);
  }

  /** The lazy {@code Maybe} the generated method returns. */
  public final Maybe<T> maybe() {
    return new Deferred<T>(this);
  }

  /** The {@code Maybe} of {@link #maybe()}: each subscription a new loop. */
  private static final class Deferred<T> extends Maybe<T> {
    private final MaybeCall<T> call;

    Deferred(MaybeCall<T> call) {
      this.call = call;
    }

    @Override
    protected void subscribeActual(MaybeObserver<? super T> observer) {
      MaybeLoop.subscribe(call, observer);
    }
  }
}
