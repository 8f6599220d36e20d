package io.retrygen.runtime.internal;

import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One state a {@link SharedBreaker} entered, with the epoch its permits carry; immutable but for
 * its counters and the link to the phase that replaced it.
 *
 * <p><b>Late outcomes are ignored.</b> A permit carries the epoch it was given in; an outcome
 * whose epoch is no longer the current one (say, a slow call admitted while closed that ends after
 * the breaker opened, or a second trial that ends after the first one failed) is not counted:
 * it says nothing about the dependency since the state changed, and counting it would let a
 * call that started before the breaker opened close it again, or fill a window it never saw.
 * Epochs are numbered across all breakers of the process, so a permit of one breaker never
 * matches a phase of another: after {@link CircuitBreakers#resetAll()} a gate passes its new calls
 * through a new breaker, and an outcome of a call admitted by the forgotten one counts nothing.
 */
final class BreakerPhase {
  final CircuitBreakerState state;
  /** Numbers the phases of every breaker; permits carry it. */
  final long epoch;
  /** When it opened, by the ticker; OPEN only. */
  final long openedNanos;
  /** CLOSED only. */
  final RollingWindow window;
  /** HALF_OPEN only: trials in flight, then consecutive successes, then CLOSES or REOPENS. */
  final AtomicLong trials;
  /** The phase that replaced this one, once linked; the events are delivered along these. */
  volatile BreakerPhase next;

  BreakerPhase(CircuitBreakerState state, long epoch, long openedNanos, RollingWindow window) {
    this.state = state;
    this.epoch = epoch;
    this.openedNanos = openedNanos;
    this.window = window;
    this.trials = state == CircuitBreakerState.HALF_OPEN ? new AtomicLong() : null;
  }
}
