package io.retrygen.rxjava3;

import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.schedulers.Schedulers;
import io.retrygen.runtime.internal.ReactiveCall;
import io.retrygen.runtime.internal.ReactiveLoop;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.Subscription;

/**
 * The loop of one subscription to an RxJava type whose downstream holds a {@code Disposable}
 * ({@code Single}, {@code Maybe}, {@code Completable}, {@code Observable}): waits on {@code
 * Schedulers.computation()}, looked up at each wait; disposing is cancelling the call.
 */
abstract class RxLoop<T> extends ReactiveLoop<T> implements Disposable {
  RxLoop(ReactiveCall<T> call, String type) {
    super(call, type);
  }

  @Override
  protected final Object schedule(Runnable task, long delayMillis) {
    return computation(task, delayMillis);
  }

  @Override
  protected final void cancel(Object handle) {
    cancelHandle(handle);
  }

  /** The attempt's (or recovery's) {@code Disposable}: remembered for a cancel. */
  public final void onSubscribe(Disposable upstream) {
    upstream(upstream);
  }

  @Override
  public final void dispose() {
    cancelled();
  }

  @Override
  public final boolean isDisposed() {
    return ended();
  }

  /** Schedules a wait on {@code Schedulers.computation()}, as it is now (a test may replace it). */
  static Object computation(Runnable task, long delayMillis) {
    return Schedulers.computation().scheduleDirect(task, delayMillis, TimeUnit.MILLISECONDS);
  }

  /** Cancels an attempt's {@code Disposable} or {@code Subscription}, or a wait's. */
  static void cancelHandle(Object handle) {
    if (handle instanceof Disposable) {
      ((Disposable) handle).dispose();
    } else {
      ((Subscription) handle).cancel();
    }
  }
}
