package io.retrygen.rxjava3;

import io.reactivex.rxjava3.disposables.Disposable;
import org.reactivestreams.Subscription;

/** What the loops cancel: an attempt's {@code Disposable} or {@code Subscription}, or a wait's. */
final class RxHandles {
  private RxHandles() {}

  static void cancel(Object handle) {
    if (handle instanceof Disposable) {
      ((Disposable) handle).dispose();
    } else {
      ((Subscription) handle).cancel();
    }
  }
}
