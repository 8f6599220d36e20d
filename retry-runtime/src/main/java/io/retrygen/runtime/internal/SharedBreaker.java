package io.retrygen.runtime.internal;

import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.Ticker;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One circuit breaker of the process: the state that every {@link CircuitBreakerGate} of its name
 * shares, created by the first call that passes through one of them ({@link CircuitBreakers}
 * keeps it under its name). Only gates call it; the generated code sees the gate.
 *
 * <p><b>States.</b> The breaker lives in phases: each state it enters starts a new phase with a
 * new epoch number. Closed, it counts the outcomes of its calls in a rolling window of the last
 * {@code requestVolumeThreshold} outcomes and opens when that window is full and failures / size
 * is at least {@code failureRatio}. Open, it refuses every call until {@code delay} ms have passed
 * by the {@link Ticker} since it opened; the next call (or {@link #state()} read) then turns it
 * half-open. Half-open, it admits at most {@code successThreshold} trial calls at a time (in
 * flight) and refuses the others; trials do not enter the window; {@code successThreshold}
 * consecutive trial successes close it with an empty window, any trial failure opens it again.
 * {@link #reset} closes it with an empty window, whatever its state.
 *
 * <p><b>Late outcomes are ignored.</b> A permit carries the epoch it was given in; an outcome
 * whose epoch is no longer the current one (say, a slow call admitted while closed that ends after
 * the breaker opened, or a second trial that ends after the first one failed) is not counted:
 * it says nothing about the dependency since the state changed, and counting it would let a
 * call that started before the breaker opened close it again, or fill a window it never saw.
 * Epochs are numbered across all breakers of the process, so a permit of one breaker never
 * matches a phase of another: after {@link CircuitBreakers#resetAll()} a gate passes its new calls
 * through a new breaker, and an outcome of a call admitted by the forgotten one counts nothing.
 *
 * <p><b>Lock-free.</b> The phase is an immutable object swapped by CAS, so each transition happens
 * once. Outcomes are counted by CAS on packed {@code long}s: the {@link RollingWindow} while
 * closed, a counter of trials in flight and of successes while half-open. The outcome that decides
 * a transition marks it in that same CAS; any thread that sees the mark helps finish the
 * transition, so a stalled thread never holds the breaker in a decided state. While closed, {@link
 * #acquire} is one volatile read, and {@link #record} one CAS on the window (and one on its
 * ring); neither reads the clock nor allocates.
 *
 * <p><b>Events in order.</b> Each transition fires {@link CircuitBreakerListener#onStateChange}
 * once, and a breaker's events reach the listeners in the order of its transitions, so each
 * event's {@code from} is the previous event's {@code to} and a listener that keeps the last state
 * it heard shows the breaker's state once calls stop. The thread that won a transition's CAS links
 * the new phase after the old one and then delivers every event not yet delivered, in phase order;
 * when another thread is delivering already, it leaves its event to that one (a counter of
 * requests, as in a queue drain, so none is lost), and a thread that won a CAS but has not linked
 * its phase yet holds the later events back until it has. So an event may reach the listeners on
 * the thread of a later transition of the same breaker, never out of order, without a lock, and
 * with work only on transitions.
 */
final class SharedBreaker {
  /** Numbers the phases of every breaker of the process, so that epochs never repeat. */
  private static final AtomicLong EPOCHS = new AtomicLong();

  private static final long NO_PERMIT = CircuitBreakerGate.NO_PERMIT;
  private static final long TRIAL = 1L;
  private static final long IN_FLIGHT_MASK = (1L << 31) - 1;
  private static final int SUCCESSES_SHIFT = 31;
  private static final long SUCCESSES_MASK = (1L << 31) - 1;
  private static final long CLOSES = 1L << 62;
  private static final long REOPENS = 1L << 63;

  private final String name;
  private final int requestVolumeThreshold;
  private final double failureRatio;
  private final long delayNanos;
  private final int successThreshold;
  private final Ticker ticker;
  /** The registry of {@link CircuitBreakers} this breaker belongs to, until it is forgotten. */
  final Object registry;
  private final AtomicReference<Phase> phase;
  /** Requests to deliver events; the thread that raises it from 0 delivers until it is 0 again. */
  private final AtomicInteger deliveries = new AtomicInteger();
  /** The last phase whose entry the listeners heard; only the deliverer reads and writes it. */
  private Phase delivered;

  SharedBreaker(String name, CircuitBreakerPolicy policy, Ticker ticker, Object registry) {
    if (name == null) {
      throw new NullPointerException("name == null");
    }
    if (ticker == null) {
      throw new NullPointerException("ticker == null");
    }
    this.name = name;
    this.requestVolumeThreshold = policy.requestVolumeThreshold();
    this.failureRatio = policy.failureRatio();
    long delayMillis = policy.delayMillis();
    this.delayNanos =
        delayMillis >= Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : delayMillis * 1_000_000L;
    this.successThreshold = policy.successThreshold();
    this.ticker = ticker;
    this.registry = registry;
    Phase first = new Phase(CircuitBreakerState.CLOSED, EPOCHS.incrementAndGet(), 0L, newWindow());
    this.phase = new AtomicReference<Phase>(first);
    this.delivered = first;
  }

  /**
   * Asks to make one call. Closed: permitted. Open: refused until the delay has passed since it
   * opened, then the breaker turns half-open and goes on as such. Half-open: permitted as a trial
   * while fewer than {@code successThreshold} trials are in flight, else refused. A refusal tells
   * the listeners ({@link CircuitBreakerListener#onCallNotPermitted}) before it throws.
   *
   * @return the permit to pass to {@link #onSuccess} or {@link #onFailure} once the call ended
   * @throws CircuitBreakerOpenException when the call is refused
   */
  long acquire() {
    while (true) {
      Phase current = phase.get();
      if (current.state == CircuitBreakerState.CLOSED) {
        if (!current.window.tripped()) {
          return current.epoch << 1;
        }
        // The outcome that tripped it has not swapped the phase yet: help, as every thread does.
        transition(current, CircuitBreakerState.OPEN);
        continue;
      }
      if (current.state == CircuitBreakerState.OPEN) {
        if (!delayPassed(current)) {
          throw refused();
        }
        transition(current, CircuitBreakerState.HALF_OPEN);
        continue;
      }
      long trials = current.trials.get();
      if ((trials & (CLOSES | REOPENS)) != 0) {
        finish(current, trials);
      } else if ((trials & IN_FLIGHT_MASK) >= successThreshold) {
        throw refused();
      } else if (current.trials.compareAndSet(trials, trials + 1)) {
        return (current.epoch << 1) | TRIAL;
      }
    }
  }

  /**
   * Gives {@code permit} back without an outcome: its call was abandoned (an asynchronous call
   * cancelled by its caller), which says nothing about the dependency. A half-open breaker gets
   * its trial slot back; a closed one counts nothing.
   */
  void release(long permit) {
    if (permit == NO_PERMIT || (permit & TRIAL) == 0) {
      return;
    }
    Phase current = phase.get();
    if (current.epoch != permit >>> 1 || current.trials == null) {
      return;
    }
    while (true) {
      long trials = current.trials.get();
      if ((trials & (CLOSES | REOPENS)) != 0) {
        finish(current, trials);
        return;
      }
      if (current.trials.compareAndSet(trials, trials - 1)) {
        return;
      }
    }
  }

  /**
   * Records the outcome of the call of {@code permit}: a failure, or a success (or a failure that
   * counts as one). A permit of an earlier phase, or of another breaker, counts nothing.
   */
  void record(long permit, boolean failure) {
    if (permit == NO_PERMIT) {
      return;
    }
    Phase current = phase.get();
    if (current.epoch != permit >>> 1) {
      return; // admitted in an earlier phase: ignored, see the class documentation
    }
    if ((permit & TRIAL) == 0) {
      int counted = current.window.record(failure);
      if (counted != RollingWindow.COUNTED) {
        transition(current, CircuitBreakerState.OPEN);
      }
      return;
    }
    if (current.trials == null) {
      return;
    }
    while (true) {
      long trials = current.trials.get();
      if ((trials & (CLOSES | REOPENS)) != 0) {
        finish(current, trials); // decided by another trial: this outcome comes too late
        return;
      }
      long next = trials - 1; // one trial fewer in flight
      if (failure) {
        next |= REOPENS;
      } else {
        next += 1L << SUCCESSES_SHIFT;
        if (((next >>> SUCCESSES_SHIFT) & SUCCESSES_MASK) >= successThreshold) {
          next |= CLOSES;
        }
      }
      if (current.trials.compareAndSet(trials, next)) {
        if ((next & (CLOSES | REOPENS)) != 0) {
          finish(current, next);
        }
        return;
      }
    }
  }

  /**
   * The current state. An open breaker whose delay has passed turns half-open here, as it would
   * on a call.
   */
  CircuitBreakerState state() {
    while (true) {
      Phase current = phase.get();
      if (current.state == CircuitBreakerState.OPEN) {
        if (!delayPassed(current)) {
          return current.state;
        }
        transition(current, CircuitBreakerState.HALF_OPEN);
      } else if (current.state == CircuitBreakerState.CLOSED) {
        if (!current.window.tripped()) {
          return current.state;
        }
        transition(current, CircuitBreakerState.OPEN);
      } else {
        long trials = current.trials.get();
        if ((trials & (CLOSES | REOPENS)) == 0) {
          return current.state;
        }
        finish(current, trials);
      }
    }
  }

  /** The breaker's name: its {@code @CircuitBreaker(name)}, else the method's label. */
  String name() {
    return name;
  }

  /** The failures in the closed window, or -1 when not closed. For tests. */
  int windowFailures() {
    RollingWindow window = phase.get().window;
    return window == null ? -1 : window.failures();
  }

  /** The outcomes in the closed window, or -1 when not closed. For tests. */
  int windowCount() {
    RollingWindow window = phase.get().window;
    return window == null ? -1 : window.count();
  }

  private boolean delayPassed(Phase open) {
    return ticker.nanoTime() - open.openedNanos >= delayNanos;
  }

  private CircuitBreakerOpenException refused() {
    if (BreakerRegistry.remembers(this)) {
      BreakerRegistry.fireCallNotPermitted(name);
    }
    return new CircuitBreakerOpenException(name);
  }

  /**
   * Closes the breaker with an empty window, whatever its state; a permit admitted before counts
   * nothing. Tells the listeners unless it was closed already.
   */
  void reset() {
    while (true) {
      Phase current = phase.get();
      if (replace(current, CircuitBreakerState.CLOSED)) {
        return;
      }
    }
  }

  /** Carries out what the half-open counter {@code trials} of {@code from} decided. */
  private void finish(Phase from, long trials) {
    transition(
        from, (trials & CLOSES) != 0 ? CircuitBreakerState.CLOSED : CircuitBreakerState.OPEN);
  }

  /**
   * Replaces {@code from} by a new phase in state {@code to}, unless another thread did already;
   * the thread that does tells the listeners.
   */
  private void transition(Phase from, CircuitBreakerState to) {
    if (phase.get() != from) {
      return;
    }
    replace(from, to);
  }

  /** Replaces {@code from} by a new phase in state {@code to}: whether this thread did. */
  private boolean replace(Phase from, CircuitBreakerState to) {
    long epoch = EPOCHS.incrementAndGet();
    Phase next;
    if (to == CircuitBreakerState.CLOSED) {
      next = new Phase(to, epoch, 0L, newWindow());
    } else if (to == CircuitBreakerState.OPEN) {
      next = new Phase(to, epoch, ticker.nanoTime(), null);
    } else {
      next = new Phase(to, epoch, 0L, null);
    }
    if (!phase.compareAndSet(from, next)) {
      return false;
    }
    from.next = next;
    deliverEvents();
    return true;
  }

  /**
   * Tells the listeners of every transition they have not heard of yet, in order, unless another
   * thread is doing so: that one then goes round once more for this request. Stops at a phase
   * whose successor is not linked yet: the thread that replaced it links it, then comes here.
   */
  private void deliverEvents() {
    if (deliveries.getAndIncrement() != 0) {
      return;
    }
    int requests = 1;
    do {
      Phase last = delivered;
      for (Phase next = last.next; next != null; next = next.next) {
        // A reset of a closed breaker changes no state; a forgotten breaker tells no one.
        if (last.state != next.state && BreakerRegistry.remembers(this)) {
          BreakerRegistry.fireStateChange(name, last.state, next.state);
        }
        last = next;
      }
      delivered = last;
      requests = deliveries.addAndGet(-requests);
    } while (requests != 0);
  }

  private RollingWindow newWindow() {
    return new RollingWindow(requestVolumeThreshold, failureRatio);
  }

  @Override
  public String toString() {
    Phase current = phase.get();
    return "SharedBreaker{" + name + ", " + current.state
        + (current.window != null ? ", " + current.window : "") + "}";
  }

  /** One state the breaker entered; immutable but for its counters. */
  private static final class Phase {
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
    volatile Phase next;

    Phase(CircuitBreakerState state, long epoch, long openedNanos, RollingWindow window) {
      this.state = state;
      this.epoch = epoch;
      this.openedNanos = openedNanos;
      this.window = window;
      this.trials = state == CircuitBreakerState.HALF_OPEN ? new AtomicLong() : null;
    }
  }
}
