package io.retrygen.reactor;

import io.retrygen.runtime.internal.ReactiveLoop;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
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
final class FluxLoop<T> extends ReactiveLoop<T> implements CoreSubscriber<T>, Subscription {
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicLongFieldUpdater<FluxLoop> REQUESTED =
      AtomicLongFieldUpdater.newUpdater(FluxLoop.class, "requested");

  private final FluxCall<T> call;
  private final CoreSubscriber<? super T> actual;
  /** The downstream's demand not yet met. */
  private volatile long requested;
  /**
   * The subscription of the attempt in flight. Set, and the demand read for it, under this
   * object's lock, as a request adds to the demand and reads it: so every unit of demand is asked
   * of the attempt exactly once, whichever comes first.
   */
  private Subscription current;

  private FluxLoop(FluxCall<T> call, CoreSubscriber<? super T> actual) {
    super(call.retrier, call.breaker, call);
    this.call = call;
    this.actual = actual;
  }

  static <T> void subscribe(FluxCall<T> call, CoreSubscriber<? super T> actual) {
    FluxLoop<T> loop = new FluxLoop<T>(call, actual);
    actual.onSubscribe(loop);
    loop.begin();
  }

  @Override
  protected void subscribeAttempt() throws Throwable {
    Flux<T> attempt = call.call();
    if (attempt == null) {
      throw new NullPointerException("the guarded method returned null instead of a Flux");
    }
    attempt.subscribe(this);
  }

  @Override
  protected void subscribeRecovery(Throwable failure) throws Throwable {
    Flux<? extends T> recovery = call.recover(failure);
    if (recovery == null) {
      throw new NullPointerException("the recover method returned null instead of a Flux");
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
    return Schedulers.parallel().schedule(task, delayMillis, TimeUnit.MILLISECONDS);
  }

  @Override
  protected void cancel(Object handle) {
    if (handle instanceof Subscription) {
      ((Subscription) handle).cancel();
    } else {
      ((Disposable) handle).dispose();
    }
  }

  @Override
  public Context currentContext() {
    return actual.currentContext();
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
    if (!Operators.validate(n)) {
      return;
    }
    Subscription attempt;
    synchronized (this) {
      Operators.addCap(REQUESTED, this, n);
      attempt = current;
    }
    if (attempt != null) {
      attempt.request(n);
    }
  }

  @Override
  public void cancel() {
    cancelled();
  }
}
