package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.schedulers.Schedulers;
import io.retrygen.runtime.internal.ReactiveLoop;
import java.util.concurrent.TimeUnit;

/**
 * One subscription to an {@link ObservableCall}'s {@code Observable}: the observer of each
 * attempt, and the {@code Disposable} the downstream sees. Elements pass on as they come; a retry
 * emits the new attempt's elements again from the start (as {@code retryWhen} does).
 */
final class ObservableLoop<T> extends ReactiveLoop<T> implements Observer<T>, Disposable {
  private final ObservableCall<T> call;
  private final Observer<? super T> actual;

  private ObservableLoop(ObservableCall<T> call, Observer<? super T> actual) {
    super(call.retrier, call.breaker, call);
    this.call = call;
    this.actual = actual;
  }

  static <T> void subscribe(ObservableCall<T> call, Observer<? super T> observer) {
    ObservableLoop<T> loop = new ObservableLoop<T>(call, observer);
    observer.onSubscribe(loop);
    loop.begin();
  }

  @Override
  protected void subscribeAttempt() throws Throwable {
    Observable<T> attempt = call.call();
    if (attempt == null) {
      throw new NullPointerException("the guarded method returned null instead of an Observable");
    }
    attempt.subscribe(this);
  }

  @Override
  protected void subscribeRecovery(Throwable failure) throws Throwable {
    Observable<? extends T> recovery = call.recover(failure);
    if (recovery == null) {
      throw new NullPointerException("the recover method returned null instead of an Observable");
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
  public void onNext(T next) {
    if (passing()) {
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
  public void dispose() {
    cancelled();
  }

  @Override
  public boolean isDisposed() {
    return ended();
  }
}
