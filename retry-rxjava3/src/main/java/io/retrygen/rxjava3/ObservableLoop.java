package io.retrygen.rxjava3;

/** TODO(helper): the loop of one subscription, as io.retrygen.reactor.MonoLoop. */
final class ObservableLoop {
  private ObservableLoop() {}

  static <T> void subscribe(ObservableCall<T> call, io.reactivex.rxjava3.core.Observer<? super T> observer) {
    throw new UnsupportedOperationException("not yet");
  }
}
