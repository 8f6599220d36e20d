package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.CompletableObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.schedulers.Schedulers;
import io.retrygen.runtime.internal.ReactiveLoop;
import java.util.concurrent.TimeUnit;

/**
 * One subscription to a {@link CompletableCall}'s {@code Completable}: the observer of each
 * attempt, and the {@code Disposable} the downstream sees. An attempt that completes completes the
 * call.
 */
final class CompletableLoop extends ReactiveLoop<Object>
    implements CompletableObserver, Disposable {
  private final CompletableCall call;
  private final CompletableObserver actual;

  private CompletableLoop(CompletableCall call, CompletableObserver actual) {
    super(call.retrier, call.breaker, call);
    this.call = call;
    this.actual = actual;
  }

  static void subscribe(CompletableCall call, CompletableObserver observer) {
    CompletableLoop loop = new CompletableLoop(call, observer);
    observer.onSubscribe(loop);
    loop.begin();
  }

  @Override
  protected void subscribeAttempt() throws Throwable {
    Completable attempt = call.call();
    if (attempt == null) {
      throw new NullPointerException("the guarded method returned null instead of a Completable");
    }
    attempt.subscribe(this);
  }

  @Override
  protected void subscribeRecovery(Throwable failure) throws Throwable {
    Completable recovery = call.recover(failure);
    if (recovery == null) {
      throw new NullPointerException("the recover method returned null instead of a Completable");
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
  public void onComplete() {
    completed(null, false);
  }

  @Override
  public void onError(Throwable failure) {
    failed(failure);
  }

  @Override
  protected void emitSuccess(Object value, boolean hasValue) {
    actual.onComplete();
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
