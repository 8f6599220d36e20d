package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Observer;

/**
 * One subscription to an {@link ObservableCall}'s {@code Observable}: the observer of each
 * attempt, and the {@code Disposable} the downstream sees. Elements pass on as they come; a retry
 * emits the new attempt's elements again from the start (as {@code retryWhen} does).
 */
final class ObservableLoop<T> extends RxLoop<T> implements Observer<T> {
  private final Observer<? super T> actual;

  private ObservableLoop(ObservableCall<T> call, Observer<? super T> actual) {
    super(call, "an Observable");
    this.actual = actual;
  }

  static <T> void subscribe(ObservableCall<T> call, Observer<? super T> observer) {
    ObservableLoop<T> loop = new ObservableLoop<T>(call, observer);
    observer.onSubscribe(loop);
    loop.begin();
  }

  @Override
  @SuppressWarnings("unchecked") // what ObservableCall's call() and recover(...) return
  protected void subscribeTo(Object publisher) {
    ((Observable<? extends T>) publisher).subscribe(this);
  }

  @Override
  public void onNext(T next) {
    if (passing()) {
      actual.onNext(next);
    }
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
    actual.onComplete();
  }

  @Override
  protected void emitError(Throwable failure) {
    actual.onError(failure);
  }
}
