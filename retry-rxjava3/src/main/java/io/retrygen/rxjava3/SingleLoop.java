package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.schedulers.Schedulers;
import io.retrygen.runtime.internal.ReactiveLoop;
import java.util.concurrent.TimeUnit;

/**
 * One subscription to a {@link SingleCall}'s {@code Single}: the observer of each attempt, and the
 * {@code Disposable} the downstream sees. Each attempt's value is decided on ({@code
 * retryOnResult}) before it reaches the downstream.
 */
final class SingleLoop<T> extends ReactiveLoop<T> implements SingleObserver<T>, Disposable {
  private final SingleCall<T> call;
  private final SingleObserver<? super T> actual;

  private SingleLoop(SingleCall<T> call, SingleObserver<? super T> actual) {
    super(call.retrier, call.breaker, call);
    this.call = call;
    this.actual = actual;
  }

  static <T> void subscribe(SingleCall<T> call, SingleObserver<? super T> observer) {
    SingleLoop<T> loop = new SingleLoop<T>(call, observer);
    observer.onSubscribe(loop);
    loop.begin();
  }

  @Override
  protected void subscribeAttempt() throws Throwable {
    Single<T> attempt = call.call();
    if (attempt == null) {
      throw new NullPointerException("the guarded method returned null instead of a Single");
    }
    attempt.subscribe(this);
  }

  @Override
  protected void subscribeRecovery(Throwable failure) throws Throwable {
    Single<? extends T> recovery = call.recover(failure);
    if (recovery == null) {
      throw new NullPointerException("the recover method returned null instead of a Single");
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
  public void onError(Throwable failure) {
    failed(failure);
  }

  @Override
  protected void emitSuccess(T value, boolean hasValue) {
    actual.onSuccess(value);
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
