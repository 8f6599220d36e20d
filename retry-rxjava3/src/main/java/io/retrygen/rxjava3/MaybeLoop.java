package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.MaybeObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.schedulers.Schedulers;
import io.retrygen.runtime.internal.ReactiveLoop;
import java.util.concurrent.TimeUnit;

/**
 * One subscription to a {@link MaybeCall}'s {@code Maybe}: the observer of each attempt, and the
 * {@code Disposable} the downstream sees. Each attempt's value is decided on ({@code
 * retryOnResult}) before it reaches the downstream; an empty attempt completes the call, not
 * asked.
 */
final class MaybeLoop<T> extends ReactiveLoop<T> implements MaybeObserver<T>, Disposable {
  private final MaybeCall<T> call;
  private final MaybeObserver<? super T> actual;

  private MaybeLoop(MaybeCall<T> call, MaybeObserver<? super T> actual) {
    super(call.retrier, call.breaker, call);
    this.call = call;
    this.actual = actual;
  }

  static <T> void subscribe(MaybeCall<T> call, MaybeObserver<? super T> observer) {
    MaybeLoop<T> loop = new MaybeLoop<T>(call, observer);
    observer.onSubscribe(loop);
    loop.begin();
  }

  @Override
  protected void subscribeAttempt() throws Throwable {
    Maybe<T> attempt = call.call();
    if (attempt == null) {
      throw new NullPointerException("the guarded method returned null instead of a Maybe");
    }
    attempt.subscribe(this);
  }

  @Override
  protected void subscribeRecovery(Throwable failure) throws Throwable {
    Maybe<? extends T> recovery = call.recover(failure);
    if (recovery == null) {
      throw new NullPointerException("the recover method returned null instead of a Maybe");
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
  public void onSubscribe(Disposable upstream) {
    upstream(upstream);
  }

  @Override
  public void onSuccess(T value) {
    completed(value, true);
  }

  @Override
  public void onComplete() {
    completed(null, false);
  }

  @Override
  public void onError(Throwable failure) {
    failed(failure);
  }

  @Override
  protected void emitSuccess(T value, boolean hasValue) {
    if (hasValue) {
      actual.onSuccess(value);
    } else {
      actual.onComplete();
    }
  }

  @Override
  protected void emitError(Throwable failure) {
    actual.onError(failure);
  }

  @Override
  public void dispose() {
    cancelled();
  }

  @Override
  public boolean isDisposed() {
    return ended();
  }
}
