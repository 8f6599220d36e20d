package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;

/**
 * One subscription to a {@link SingleCall}'s {@code Single}: the observer of each attempt, and the
 * {@code Disposable} the downstream sees. Each attempt's value is decided on ({@code
 * retryOnResult}) before it reaches the downstream.
 */
final class SingleLoop<T> extends RxLoop<T> implements SingleObserver<T> {
  private final SingleObserver<? super T> actual;

  private SingleLoop(SingleCall<T> call, SingleObserver<? super T> actual) {
    super(call, "a Single");
    this.actual = actual;
  }

  static <T> void subscribe(SingleCall<T> call, SingleObserver<? super T> observer) {
    SingleLoop<T> loop = new SingleLoop<T>(call, observer);
    observer.onSubscribe(loop);
    loop.begin();
  }

  @Override
  @SuppressWarnings("unchecked") // what SingleCall's call() and recover(...) return
  protected void subscribeTo(Object publisher) {
    ((Single<? extends T>) publisher).subscribe(this);
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
}
