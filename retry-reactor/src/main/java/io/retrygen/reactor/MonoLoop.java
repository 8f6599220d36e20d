package io.retrygen.reactor;

import io.retrygen.runtime.internal.ReactiveLoop;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * One subscription to a {@link MonoCall}'s {@code Mono}: the subscriber of each attempt, and the
 * subscription the downstream sees. Each attempt's {@code Mono} is asked for all it has; its value
 * is kept until it completes, then decided on, and given to the downstream once that asked for it.
 */
final class MonoLoop<T> extends ReactiveLoop<T> implements CoreSubscriber<T>, Subscription {
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicIntegerFieldUpdater<MonoLoop> DELIVERY =
      AtomicIntegerFieldUpdater.newUpdater(MonoLoop.class, "delivery");
  private static final int REQUESTED = 1;
  private static final int HAS_VALUE = 2;
  /** The value was given to the downstream, or the downstream cancelled: none is given now. */
  private static final int DELIVERED = 3;

  private final CoreSubscriber<? super T> actual;
  /** The current attempt's value, until it completes. */
  private T value;
  private boolean hasValue;
  /** Whether the downstream asked for the value, and whether the call has one to give. */
  private volatile int delivery;
  private T result;

  private MonoLoop(MonoCall<T> call, CoreSubscriber<? super T> actual) {
    super(call, "a Mono");
    this.actual = actual;
  }

  static <T> void subscribe(MonoCall<T> call, CoreSubscriber<? super T> actual) {
    MonoLoop<T> loop = new MonoLoop<T>(call, actual);
    actual.onSubscribe(loop);
    loop.begin();
  }

  @Override
  @SuppressWarnings("unchecked") // what MonoCall's call() and recover(...) return
  protected void subscribeTo(Object publisher) {
    ((Mono<? extends T>) publisher).subscribe(this);
  }

  @Override
  protected Object schedule(Runnable task, long delayMillis) {
    return FluxLoop.parallel(task, delayMillis);
  }

  @Override
  protected void cancel(Object handle) {
    FluxLoop.cancelHandle(handle);
  }

  @Override
  public Context currentContext() {
    return actual.currentContext();
  }

  @Override
  public void onSubscribe(Subscription subscription) {
    value = null;
    hasValue = false;
    if (upstream(subscription)) {
      subscription.request(Long.MAX_VALUE);
    }
  }

  @Override
  public void onNext(T next) {
    value = next;
    hasValue = true;
  }

  @Override
  public void onError(Throwable failure) {
    value = null;
    hasValue = false;
    failed(failure);
  }

  @Override
  public void onComplete() {
    T completedValue = value;
    boolean completedWithValue = hasValue;
    value = null;
    hasValue = false;
    completed(completedValue, completedWithValue);
  }

  @Override
  protected void emitSuccess(T success, boolean withValue) {
    if (!withValue) {
      actual.onComplete();
      return;
    }
    result = success;
    while (true) {
      int state = delivery;
      if (state == DELIVERED) {
        result = null; // cancelled as the call ended: the value is dropped (else this would spin)
        return;
      }
      if (state == REQUESTED) {
        if (DELIVERY.compareAndSet(this, REQUESTED, DELIVERED)) {
          deliver();
        }
        return;
      }
      if (DELIVERY.compareAndSet(this, 0, HAS_VALUE)) {
        return; // delivered when the downstream asks
      }
    }
  }

  @Override
  protected void emitError(Throwable failure) {
    actual.onError(failure);
  }

  @Override
  public void request(long n) {
    if (!Operators.validate(n)) {
      return;
    }
    while (true) {
      int state = delivery;
      if (state == HAS_VALUE) {
        if (DELIVERY.compareAndSet(this, HAS_VALUE, DELIVERED)) {
          deliver();
        }
        return;
      }
      if (state != 0 || DELIVERY.compareAndSet(this, 0, REQUESTED)) {
        return;
      }
    }
  }

  private void deliver() {
    T delivered = result;
    result = null;
    actual.onNext(delivered);
    actual.onComplete();
  }

  @Override
  public void cancel() {
    // A value kept for a request that has not come is never delivered once cancelled: a request
    // after a cancel is a no-op (Reactive Streams 3.6), also when the call had ended already.
    if (DELIVERY.getAndSet(this, DELIVERED) == HAS_VALUE) {
      result = null;
    }
    cancelled();
  }
}
