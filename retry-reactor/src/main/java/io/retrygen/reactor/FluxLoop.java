package io.retrygen.reactor;

import io.retrygen.runtime.internal.DemandLoop;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;
import reactor.core.scheduler.Schedulers;
import reactor.util.context.Context;

/**
 * One subscription to a {@link FluxCall}'s {@code Flux}: the subscriber of each attempt, and the
 * subscription the downstream sees. Elements pass on as they come; the downstream's demand not
 * yet met is asked of each new attempt (so elements emitted again count again, as with {@code
 * retryWhen}).
 */
final class FluxLoop<T> extends DemandLoop<T> implements CoreSubscriber<T>, Subscription {
  private final CoreSubscriber<? super T> actual;

  private FluxLoop(FluxCall<T> call, CoreSubscriber<? super T> actual) {
    super(call, "a Flux");
    this.actual = actual;
  }

  static <T> void subscribe(FluxCall<T> call, CoreSubscriber<? super T> actual) {
    FluxLoop<T> loop = new FluxLoop<T>(call, actual);
    actual.onSubscribe(loop);
    loop.begin();
  }

  /** Schedules a wait on {@code Schedulers.parallel()}, as it is now (virtual time may replace it). */
  static Object parallel(Runnable task, long delayMillis) {
    return Schedulers.parallel().schedule(task, delayMillis, TimeUnit.MILLISECONDS);
  }

  /** Cancels an attempt's {@code Subscription} or a wait's {@code Disposable}. */
  static void cancelHandle(Object handle) {
    if (handle instanceof Subscription) {
      ((Subscription) handle).cancel();
    } else {
      ((Disposable) handle).dispose();
    }
  }

  @Override
  @SuppressWarnings("unchecked") // what FluxCall's call() and recover(...) return
  protected void subscribeTo(Object publisher) {
    ((Flux<? extends T>) publisher).subscribe(this);
  }

  @Override
  protected Object schedule(Runnable task, long delayMillis) {
    return parallel(task, delayMillis);
  }

  @Override
  protected void cancel(Object handle) {
    cancelHandle(handle);
  }

  @Override
  protected void request(Object subscription, long n) {
    ((Subscription) subscription).request(n);
  }

  @Override
  public Context currentContext() {
    return actual.currentContext();
  }

  @Override
  public void onSubscribe(Subscription subscription) {
    subscribed(subscription);
  }

  @Override
  public void onNext(T next) {
    if (produced()) {
      actual.onNext(next);
    }
  }

  @Override
  public void onError(Throwable failure) {
    failed(failure);
  }

  @Override
  public void onComplete() {
    completed(null, false);
  }

  @Override
  protected void emitSuccess(T value, boolean hasValue) {
    actual.onComplete();
  }

  @Override
  protected void emitError(Throwable failure) {
    actual.onError(failure);
  }

  @Override
  public void request(long n) {
    if (Operators.validate(n)) {
      requested(n);
    }
  }

  @Override
  public void cancel() {
    cancelled();
  }
}
