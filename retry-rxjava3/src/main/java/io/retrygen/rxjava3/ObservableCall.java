package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Observer;
import io.retrygen.runtime.internal.AttemptTimer;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.runtime.internal.ReactiveCall;

/**
 * Not API. One call of a guarded method returning a {@link Observable}: the generated class returns
 * {@code new ObservableCall<T>(retrier, breaker) {...}.observable()}, a {@code Observable} that does nothing until it is
 * subscribed. Each subscription is one call of the retry loop: attempt 1 calls the method on the
 * subscribing thread and subscribes to what it returns; a throw from the method and an error
 * signal are both failures, decided on exactly as for a synchronous call; a retry <b>calls the
 * method again</b> after the wait, never re-subscribing to the first {@code Observable}. The wait runs
 * on the options' scheduler when one was set, else on {@code Schedulers.computation()}, looked up
 * at each wait, so that a {@code TestScheduler} installed with {@code
 * RxJavaPlugins.setComputationSchedulerHandler} controls it. Disposing stops further attempts and
 * disposes the attempt in flight; the listeners hear {@code onFailure} with {@code CANCELLED}.
 * The breaker records each attempt at its terminal signal.
 *
 * @param <T> the elements of the {@code Observable}
 */
public abstract class ObservableCall<T> extends ReactiveCall<T> {
  /**
   * @param retrier the method's retrier; null when it has only a circuit breaker
   * @param breaker the method's circuit breaker; null when it has none
   */
  protected ObservableCall(Retrier retrier, CircuitBreakerGate breaker) {
    this(retrier, breaker, null);
  }

  /**
   * @param retrier the method's retrier; null when it has no {@code @Retryable}
   * @param breaker the method's circuit breaker; null when it has none
   * @param timer the method's {@code @Timeout}; null when it has none
   */
  protected ObservableCall(Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer) {
    super(retrier, breaker, timer);
  }

  /** Makes one attempt: calls the guarded method for the {@code Observable} to subscribe to. */
  @Override
  protected abstract Observable<T> call() throws Throwable;

  /**
   * The recovery after the call gave up with {@code failure}: the {@code Observable} to subscribe to
   * instead, or {@code failure} thrown again (the default) when no recover method applies.
   */
  @Override
  protected Observable<? extends T> recover(Throwable failure) throws Throwable {
    throw failure;
  }

  /** The lazy {@code Observable} the generated method returns. */
  public final Observable<T> observable() {
    return new Deferred<T>(this);
  }

  /** The {@code Observable} of {@link #observable()}: each subscription a new loop. */
  private static final class Deferred<T> extends Observable<T> {
    private final ObservableCall<T> call;

    Deferred(ObservableCall<T> call) {
      this.call = call;
    }

    @Override
    protected void subscribeActual(Observer<? super T> observer) {
      ObservableLoop.subscribe(call, observer);
    }
  }
}
