package io.retrygen.reactor;

import io.retrygen.runtime.internal.AttemptTimer;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.runtime.internal.ReactiveCall;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;

/**
 * Not API. One call of a guarded method returning a {@link Flux}: the generated class returns
 * {@code new FluxCall<T>(retrier, breaker) {...}.flux()}, a {@code Flux} that does nothing until it
 * is subscribed, each subscription one call of the retry loop, as {@link MonoCall} for a {@code
 * Mono}. A failure after some elements is retried by calling the method again and subscribing from
 * the start, so the elements before the failure are emitted again, as {@code retryWhen} does; the
 * downstream's demand carries over from one attempt to the next. {@code retryOnResult} does not
 * apply. The breaker records each attempt at its terminal signal.
 *
 * @param <T> the elements of the {@code Flux}
 */
public abstract class FluxCall<T> extends ReactiveCall<T> {
  /**
   * @param retrier the method's retrier; null when it has only a circuit breaker
   * @param breaker the method's circuit breaker; null when it has none
   */
  protected FluxCall(Retrier retrier, CircuitBreakerGate breaker) {
    this(retrier, breaker, null);
  }

  /**
   * @param retrier the method's retrier; null when it has no {@code @Retryable}
   * @param breaker the method's circuit breaker; null when it has none
   * @param timer the method's {@code @Timeout}; null when it has none
   */
  protected FluxCall(Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer) {
    super(retrier, breaker, timer);
  }

  /** Makes one attempt: calls the guarded method for the {@code Flux} to subscribe to. */
  @Override
  protected abstract Flux<T> call() throws Throwable;

  /**
   * The recovery after the call gave up with {@code failure}: the {@code Flux} to subscribe to
   * instead, or {@code failure} thrown again (the default) when no recover method applies.
   */
  @Override
  protected Flux<? extends T> recover(Throwable failure) throws Throwable {
    throw failure;
  }

  /** The lazy {@code Flux} the generated method returns. */
  public final Flux<T> flux() {
    return new Deferred<T>(this);
  }

  /** The {@code Flux} of {@link #flux()}: each subscription a new loop. */
  private static final class Deferred<T> extends Flux<T> {
    private final FluxCall<T> call;

    Deferred(FluxCall<T> call) {
      this.call = call;
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
      FluxLoop.subscribe(call, actual);
    }
  }
}
