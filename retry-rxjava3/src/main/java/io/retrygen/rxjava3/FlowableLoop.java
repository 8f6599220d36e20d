package io.retrygen.rxjava3;

/** TODO(helper): the loop of one subscription, as io.retrygen.reactor.MonoLoop. */
final class FlowableLoop {
  private FlowableLoop() {}

  static <T> void subscribe(FlowableCall<T> call, org.reactivestreams.Subscriber<? super T> observer) {
    throw new UnsupportedOperationException("not yet");
  }
}
