package io.retrygen.rxjava3;

/** TODO(helper): the loop of one subscription, as io.retrygen.reactor.MonoLoop. */
final class MaybeLoop {
  private MaybeLoop() {}

  static <T> void subscribe(MaybeCall<T> call, io.reactivex.rxjava3.core.MaybeObserver<? super T> observer) {
    throw new UnsupportedOperationException("not yet");
  }
}
