package io.retrygen.benchmarks;

import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;

/**
 * The subscriber of every Reactor row, one per benchmark thread, subscribed once per operation (a
 * terminated subscriber subscribed again, as Reactor's own retry operators do with theirs): asks for
 * everything, keeps the value. Every row but one ends before {@code subscribe} returns, on the
 * benchmark thread; Resilience4j's operator delays even a 0 ms retry with {@code Mono.delay} on
 * {@code Schedulers.parallel()}, so the sink spins until the call has ended.
 */
final class MonoSink implements CoreSubscriber<String> {
  private String value;
  private Throwable failure;
  private volatile boolean done;

  /** Subscribes to {@code mono} and returns its value, or throws what it failed with. */
  String take(org.reactivestreams.Publisher<String> mono) {
    value = null;
    done = false;
    mono.subscribe(this);
    while (!done) {
      Thread.onSpinWait();
    }
    if (failure != null) {
      throw new IllegalStateException("the Mono failed", failure);
    }
    return value;
  }

  @Override
  public void onSubscribe(Subscription subscription) {
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(String next) {
    value = next;
  }

  @Override
  public void onError(Throwable error) {
    failure = error;
    done = true;
  }

  @Override
  public void onComplete() {
    done = true;
  }
}
