package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.reactivex.rxjava3.schedulers.Schedulers;
import io.retrygen.runtime.internal.ReactiveLoop;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * One subscription to a {@link FlowableCall}'s {@code Flowable}: the subscriber of each attempt,
 * and the subscription the downstream sees. Elements pass on as they come; the downstream's demand
 * not yet met is asked of each new attempt (so elements emitted again count again, as with {@code
 * retryWhen}).
 */
final class FlowableLoop<T> extends ReactiveLoop<T> implements FlowableSubscriber<T>, Subscription {
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicLongFieldUpdater<FlowableLoop> REQUESTED =
      AtomicLongFieldUpdater.newUpdater(FlowableLoop.class, "requested");

  private final FlowableCall<T> call;
  private final Subscriber<? super T> actual;
  /** The downstream's demand not yet met; {@code Long.MAX_VALUE} for unbounded. */
  private volatile long requested;
  /**
   * The subscription of the attempt in flight. Set, and the demand read for it, under this
   * object's lock, as a request adds to the demand and reads it: so every unit of demand is asked
   * of the attempt exactly once, whichever comes first.
   */
  private Subscription current;

  private FlowableLoop(FlowableCall<T> call, Subscriber<? super T> actual) {
    super(call.retrier, call.breaker, call);
    this.call = call;
    this.actual = actual;
  }

  static <T> void subscribe(FlowableCall<T> call, Subscriber<? super T> subscriber) {
    FlowableLoop<T> loop = new FlowableLoop<T>(call, subscriber);
    subscriber.onSubscribe(loop);
    loop.begin();
  }

  @Override
  protected void subscribeAttempt() throws Throwable {
    Flowable<T> attempt = call.call();
    if (attempt == null) {
      throw new NullPointerException("the guarded method returned null instead of a Flowable");
    }
    attempt.subscribe(this);
  }

  @Override
  protected void subscribeRecovery(Throwable failure) throws Throwable {
    Flowable<? extends T> recovery = call.recover(failure);
    if (recovery == null) {
      throw new NullPointerException("the recover method returned null instead of a Flowable");
    }
    recovery.subscribe(this);
  }

  @Override
  protected boolean retryable(Throwable failure) {
    return call.retryable(failure);
  }

  @Override
  protected boolean breakerFailure(Throwable failure) {
    return call.breakerFailure(failure);
  }

  @Override
  protected Object schedule(Runnable task, long delayMillis) {
    return Schedulers.computation().scheduleDirect(task, delayMillis, TimeUnit.MILLISECONDS);
  }

  @Override
  protected void cancel(Object handle) {
    RxHandles.cancel(handle);
  }

  @Override
  public void onSubscribe(Subscription subscription) {
    long demand;
    synchronized (this) {
      if (!upstream(subscription)) {
        return;
      }
      current = subscription;
      demand = requested;
    }
    if (demand > 0) {
      subscription.request(demand);
    }
  }

  @Override
  public void onNext(T next) {
    if (!passing()) {
      return;
    }
    if (requested != Long.MAX_VALUE) {
      REQUESTED.decrementAndGet(this);
    }
    actual.onNext(next);
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
    Subscription attempt;
    synchronized (this) {
      addCapped(n);
      attempt = current;
    }
    if (attempt != null) {
      attempt.request(n);
    }
  }

  /** Adds {@code n} to the demand, up to {@code Long.MAX_VALUE} (unbounded). */
  private void addCapped(long n) {
    while (true) {
      long demand = requested;
      if (demand == Long.MAX_VALUE) {
        return;
      }
      long sum = demand + n;
      if (REQUESTED.compareAndSet(this, demand, sum < 0L ? Long.MAX_VALUE : sum)) {
        return;
      }
    }
  }

  @Override
  public void cancel() {
    cancelled();
  }
}
