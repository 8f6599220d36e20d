package io.retrygen.runtime.internal;

import io.retrygen.runtime.CircuitBreakerListener;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Delivers the state changes of one {@link SharedBreaker} to the {@link CircuitBreakerListener}s.
 *
 * <p>Each transition fires {@link CircuitBreakerListener#onStateChange} once, and a breaker's
 * events reach the listeners in the order of its transitions, so each event's {@code from} is the
 * previous event's {@code to} and a listener that keeps the last state it heard shows the
 * breaker's state once calls stop. The thread that won a transition's CAS links the new phase
 * after the old one and then delivers every event not yet delivered, in phase order; when another
 * thread is delivering already, it leaves its event to that one (a counter of requests, as in a
 * queue drain, so none is lost), and a thread that won a CAS but has not linked its phase yet
 * holds the later events back until it has. So an event may reach the listeners on the thread of
 * a later transition of the same breaker, never out of order, without a lock, and with work only
 * on transitions.
 */
final class PhaseEvents {
  private final SharedBreaker breaker;
  /** Requests to deliver events; the thread that raises it from 0 delivers until it is 0 again. */
  private final AtomicInteger deliveries = new AtomicInteger();
  /** The last phase whose entry the listeners heard; only the deliverer reads and writes it. */
  private BreakerPhase delivered;

  PhaseEvents(SharedBreaker breaker, BreakerPhase first) {
    this.breaker = breaker;
    this.delivered = first;
  }

  /**
   * Tells the listeners of every transition they have not heard of yet, in order, unless another
   * thread is doing so: that one then goes round once more for this request. Stops at a phase
   * whose successor is not linked yet: the thread that replaced it links it, then comes here.
   */
  void deliver() {
    if (deliveries.getAndIncrement() != 0) {
      return;
    }
    int requests = 1;
    do {
      BreakerPhase last = delivered;
      for (BreakerPhase next = last.next; next != null; next = next.next) {
        // A reset of a closed breaker changes no state; a forgotten breaker tells no one.
        if (last.state != next.state && BreakerRegistry.remembers(breaker)) {
          BreakerRegistry.fireStateChange(breaker.name(), last.state, next.state);
        }
        last = next;
      }
      delivered = last;
      requests = deliveries.addAndGet(-requests);
    } while (requests != 0);
  }
}
