package io.retrygen.docs;

import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Logger;

/** Observing circuit breakers with {@code CircuitBreakers}. */
final class BreakerMonitoring {
  private static final Logger log = Logger.getLogger("breakers");
  private static final LongAdder rejected = new LongAdder();

  private BreakerMonitoring() {}

  static CircuitBreakerState watch() {
    CircuitBreakers.addListener(new CircuitBreakerListener() {
      @Override public void onStateChange(
          String name, CircuitBreakerState from, CircuitBreakerState to) {
        log.warning("breaker " + name + " " + from + " -> " + to);
      }
      @Override public void onCallNotPermitted(String name) { rejected.increment(); }
    });
    return CircuitBreakers.state("inventory");  // CLOSED, OPEN, HALF_OPEN; null for an unknown name
  }
}
