package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.MaybeObserver;

/**
 * One subscription to a {@link MaybeCall}'s {@code Maybe}: the observer of each attempt, and the
 * {@code Disposable} the downstream sees. A value is decided on ({@code retryOnResult}) before it
 * reaches the downstream; an empty completion has no value to ask about and completes the call.
 */
final class MaybeLoop<T> extends RxLoop<T> implements MaybeObserver<T> {
  private final MaybeObserver<? super T> actual;

  private MaybeLoop(MaybeCall<T> call, MaybeObserver<? super T> actual) {
    super(call, "a Maybe");
    this.actual = actual;
  }

  static <T> void subscribe(MaybeCall<T> call, MaybeObserver<? super T> observer) {
    MaybeLoop<T> loop = new MaybeLoop<T>(call, observer);
    observer.onSubscribe(loop);
    loop.begin();
  }

  @Override
  @SuppressWarnings("unchecked") // what MaybeCall's call() and recover(...) return
  protected void subscribeTo(Object publisher) {
    ((Maybe<? extends T>) publisher).subscribe(this);
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
}
