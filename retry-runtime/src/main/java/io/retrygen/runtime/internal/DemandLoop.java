package io.retrygen.runtime.internal;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * Not API. The loop of a publisher with back-pressure (a Reactor {@code Flux}, an RxJava {@code
 * Flowable}): elements pass on as they come, and the downstream's demand not yet met is asked of
 * each new attempt, so that elements emitted again count again, as with {@code retryWhen}.
 *
 * @param <T> the elements
 */
public abstract class DemandLoop<T> extends ReactiveLoop<T> {
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicLongFieldUpdater<DemandLoop> REQUESTED =
      AtomicLongFieldUpdater.newUpdater(DemandLoop.class, "requested");

  /** The downstream's demand not yet met; {@code Long.MAX_VALUE} for unbounded. */
  private volatile long requested;
  /**
   * The subscription of the attempt in flight. Set, and the demand read for it, under this
   * object's lock, as a request adds to the demand and reads it: so every unit of demand is asked
   * of the attempt exactly once, whichever comes first.
   */
  private Object current;

  /** As {@link ReactiveLoop#ReactiveLoop}. */
  protected DemandLoop(ReactiveCall<T> call, String type) {
    super(call, type);
  }

  /** Asks {@code subscription}, an attempt's, for {@code n} more elements. */
  protected abstract void request(Object subscription, long n);

  /**
   * An attempt's (or the recovery's) publisher called {@code onSubscribe}: it is asked for the
   * demand not yet met, unless the downstream has cancelled (it is then cancelled).
   */
  protected final void subscribed(Object subscription) {
    long demand;
    synchronized (this) {
      if (!upstream(subscription)) {
        return;
      }
      current = subscription;
      demand = requested;
    }
    if (demand > 0) {
      request(subscription, demand);
    }
  }

  /** The downstream asked for {@code n} ({@code > 0}) more: the attempt in flight is asked too. */
  protected final void requested(long n) {
    Object attempt;
    synchronized (this) {
      while (true) {
        long demand = requested;
        if (demand == Long.MAX_VALUE) {
          break;
        }
        long sum = demand + n;
        if (REQUESTED.compareAndSet(this, demand, sum < 0L ? Long.MAX_VALUE : sum)) {
          break;
        }
      }
      attempt = current;
    }
    if (attempt != null) {
      request(attempt, n);
    }
  }

  /**
   * An element came: whether it goes to the downstream (not after a cancel), its demand counted
   * down.
   */
  protected final boolean produced() {
    if (!passing()) {
      return false;
    }
    if (requested != Long.MAX_VALUE) {
      REQUESTED.decrementAndGet(this);
    }
    return true;
  }
}
