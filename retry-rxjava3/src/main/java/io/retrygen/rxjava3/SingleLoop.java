package io.retrygen.rxjava3;

/** TODO(helper): the loop of one subscription, as io.retrygen.reactor.MonoLoop. */
final class SingleLoop {
  private SingleLoop() {}

  static <T> void subscribe(SingleCall<T> call, io.reactivex.rxjava3.core.SingleObserver<? super T> observer) {
    throw new UnsupportedOperationException("not yet");
  }
}
