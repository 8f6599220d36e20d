package io.retrygen.rxjava3;

/** TODO(helper): the loop of one subscription, as io.retrygen.reactor.MonoLoop. */
final class CompletableLoop {
  private CompletableLoop() {}

  static void subscribe(CompletableCall call, io.reactivex.rxjava3.core.CompletableObserver observer) {
    throw new UnsupportedOperationException("not yet");
  }
}
