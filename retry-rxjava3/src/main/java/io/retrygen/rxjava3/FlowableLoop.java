package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.retrygen.runtime.internal.DemandLoop;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * One subscription to a {@link FlowableCall}'s {@code Flowable}: the subscriber of each attempt,
 * and the subscription the downstream sees. Elements pass on as they come; the downstream's demand
 * not yet met is asked of each new attempt (so elements emitted again count again, as with {@code
 * retryWhen}).
 */
final class FlowableLoop<T> extends DemandLoop<T> implements FlowableSubscriber<T>, Subscription {
  private final Subscriber<? super T> actual;

  private FlowableLoop(FlowableCall<T> call, Subscriber<? super T> actual) {
    super(call, "a Flowable");
    this.actual = actual;
  }

  static <T> void subscribe(FlowableCall<T> call, Subscriber<? super T> subscriber) {
    FlowableLoop<T> loop = new FlowableLoop<T>(call, subscriber);
    subscriber.onSubscribe(loop);
    loop.begin();
  }

  @Override
  @SuppressWarnings("unchecked") // what FlowableCall's call() and recover(...) return
  protected void subscribeTo(Object publisher) {
    ((Flowable<? extends T>) publisher).subscribe(this);
  }

  @Override
  protected Object schedule(Runnable task, long delayMillis) {
    return RxLoop.computation(task, delayMillis);
  }

  @Override
  protected void cancel(Object handle) {
    RxLoop.cancelHandle(handle);
  }

  @Override
  protected void request(Object subscription, long n) {
    ((Subscription) subscription).request(n);
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
    if (n <= 0) {
      // Rule 3.9 of Reactive Streams, as RxJava's own operators report it.
      RxJavaPlugins.onError(new IllegalArgumentException("n > 0 required but it was " + n));
      return;
    }
    requested(n);
  }

  @Override
  public void cancel() {
    cancelled();
  }
}
