package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.CompletableObserver;

/**
 * One subscription to a {@link CompletableCall}'s {@code Completable}: the observer of each
 * attempt, and the {@code Disposable} the downstream sees. An attempt that completes completes the
 * call.
 */
final class CompletableLoop extends RxLoop<Object> implements CompletableObserver {
  private final CompletableObserver actual;

  private CompletableLoop(CompletableCall call, CompletableObserver actual) {
    super(call, "a Completable");
    this.actual = actual;
  }

  static void subscribe(CompletableCall call, CompletableObserver observer) {
    CompletableLoop loop = new CompletableLoop(call, observer);
    observer.onSubscribe(loop);
    loop.begin();
  }

  @Override
  protected void subscribeTo(Object publisher) {
    ((Completable) publisher).subscribe(this);
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
}
