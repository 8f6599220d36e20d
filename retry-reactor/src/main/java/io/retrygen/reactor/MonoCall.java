package io.retrygen.reactor;

import io.retrygen.runtime.internal.AttemptTimer;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.runtime.internal.ReactiveCall;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;

/**
 * Not API. One call of a guarded method returning a {@link Mono}: the generated class returns
 *
 * <pre>{@code
 * return new MonoCall<Quote>(this.quoteRetrier, this.quoteBreaker) {
 *   @Override
 *   protected Mono<Quote> call() {
 *     return QuotesRetrying.this.delegate.quote(symbol);
 *   }
 *
 *   @Override
 *   protected boolean retryable(Throwable failure) {
 *     return failure instanceof IOException;
 *   }
 * }.mono();
 * }</pre>
 *
 * a {@code Mono} that does nothing until it is subscribed. Each subscription is one call of the
 * retry loop: attempt 1 calls the method on the subscribing thread and subscribes to what it
 * returns; a throw from the method and an error signal are both failures, decided on exactly as
 * for a synchronous call; a retry <b>calls the method again</b> after the wait, never
 * re-subscribing to the first {@code Mono} (which may be cached). The wait runs on the options'
 * scheduler when one was set, else on {@code Schedulers.parallel()}, looked up at each wait, so
 * that {@code StepVerifier.withVirtualTime} controls it. {@code retryOnResult} is asked about the
 * value (an empty {@code Mono} has none: it completes empty, not asked). Cancelling the
 * subscription stops further attempts and cancels the attempt in flight; the listeners hear
 * {@code onFailure} with {@code CANCELLED}. The breaker records each attempt at its terminal
 * signal. The subscriber's {@code Context} reaches every attempt.
 *
 * @param <T> the value of the {@code Mono}
 */
public abstract class MonoCall<T> extends ReactiveCall<T> {
  /**
   * @param retrier the method's retrier; null when it has only a circuit breaker
   * @param breaker the method's circuit breaker; null when it has none
   */
  protected MonoCall(Retrier retrier, CircuitBreakerGate breaker) {
    this(retrier, breaker, null);
  }

  /**
   * @param retrier the method's retrier; null when it has no {@code @Retryable}
   * @param breaker the method's circuit breaker; null when it has none
   * @param timer the method's {@code @Timeout}; null when it has none
   */
  protected MonoCall(Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer) {
    super(retrier, breaker, timer);
  }

  /** Makes one attempt: calls the guarded method for the {@code Mono} to subscribe to. */
  @Override
  protected abstract Mono<T> call() throws Throwable;

  /**
   * The recovery after the call gave up with {@code failure}: the {@code Mono} to subscribe to
   * instead, or {@code failure} thrown again (the default) when no recover method applies.
   */
  @Override
  protected Mono<? extends T> recover(Throwable failure) throws Throwable {
    throw failure;
  }

  /**
   * What the generated {@link #recover} returns for a recover method's value: a {@code Mono} of
   * it, or an empty one for null, since a {@code Mono} cannot carry null and a recover method
   * that answers "nothing" with null means no value.
   */
  protected static <T> Mono<T> recovered(T value) {
    return value == null ? Mono.<T>empty() : Mono.just(value);
  }

  /** The lazy {@code Mono} the generated method returns. */
  public final Mono<T> mono() {
    return new Deferred<T>(this);
  }

  /** The {@code Mono} of {@link #mono()}: each subscription a new loop. */
  private static final class Deferred<T> extends Mono<T> {
    private final MonoCall<T> call;

    Deferred(MonoCall<T> call) {
      this.call = call;
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
      MonoLoop.subscribe(call, actual);
    }
  }
}
