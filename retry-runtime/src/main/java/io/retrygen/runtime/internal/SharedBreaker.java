package io.retrygen.runtime.internal;

import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.Ticker;
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
 * <p><b>Late outcomes are ignored</b>: see {@link BreakerPhase}.
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
 * once, in the order of the transitions, without a lock: see {@link PhaseEvents}.
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
  private final AtomicReference<BreakerPhase> phase;
  private final PhaseEvents events;
  /** The settings it was created with, for {@link io.retrygen.runtime.PolicyOverrides#describe}. */
  private final CircuitBreakerPolicy createdWith;

  SharedBreaker(String name, CircuitBreakerPolicy policy, Ticker ticker, Object registry) {
    if (name == null) {
      throw new NullPointerException("name == null");
    }
    if (ticker == null) {
      throw new NullPointerException("ticker == null");
    }
    this.name = name;
    this.createdWith = policy;
    this.requestVolumeThreshold = policy.requestVolumeThreshold();
    this.failureRatio = policy.failureRatio();
    long delayMillis = policy.delayMillis();
    this.delayNanos =
        delayMillis >= Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : delayMillis * 1_000_000L;
    this.successThreshold = policy.successThreshold();
    this.ticker = ticker;
    this.registry = registry;
    BreakerPhase first =
        new BreakerPhase(CircuitBreakerState.CLOSED, EPOCHS.incrementAndGet(), 0L, newWindow());
    this.phase = new AtomicReference<BreakerPhase>(first);
    this.events = new PhaseEvents(this, first);
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
      BreakerPhase current = phase.get();
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
    BreakerPhase current = phase.get();
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
    BreakerPhase current = phase.get();
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
      BreakerPhase current = phase.get();
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

  private boolean delayPassed(BreakerPhase open) {
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
      BreakerPhase current = phase.get();
      if (replace(current, CircuitBreakerState.CLOSED)) {
        return;
      }
    }
  }

  /** Carries out what the half-open counter {@code trials} of {@code from} decided. */
  private void finish(BreakerPhase from, long trials) {
    transition(
        from, (trials & CLOSES) != 0 ? CircuitBreakerState.CLOSED : CircuitBreakerState.OPEN);
  }

  /**
   * Replaces {@code from} by a new phase in state {@code to}, unless another thread did already;
   * the thread that does tells the listeners.
   */
  private void transition(BreakerPhase from, CircuitBreakerState to) {
    if (phase.get() != from) {
      return;
    }
    replace(from, to);
  }

  /** Replaces {@code from} by a new phase in state {@code to}: whether this thread did. */
  private boolean replace(BreakerPhase from, CircuitBreakerState to) {
    long epoch = EPOCHS.incrementAndGet();
    BreakerPhase next;
    if (to == CircuitBreakerState.CLOSED) {
      next = new BreakerPhase(to, epoch, 0L, newWindow());
    } else if (to == CircuitBreakerState.OPEN) {
      next = new BreakerPhase(to, epoch, ticker.nanoTime(), null);
    } else {
      next = new BreakerPhase(to, epoch, 0L, null);
    }
    if (!phase.compareAndSet(from, next)) {
      return false;
    }
    from.next = next;
    events.deliver();
    return true;
  }

  private RollingWindow newWindow() {
    return new RollingWindow(requestVolumeThreshold, failureRatio);
  }

  @Override
  public String toString() {
    BreakerPhase current = phase.get();
    return "SharedBreaker{" + name + ", " + current.state
        + (current.window != null ? ", " + current.window : "") + "}";
  }

  /** The policy whose settings it was created with: the first created wins. */
  CircuitBreakerPolicy createdWith() {
    return createdWith;
  }
}
