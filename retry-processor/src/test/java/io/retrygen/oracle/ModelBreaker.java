package io.retrygen.oracle;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The circuit breaker as the contract describes it (MicroProfile semantics), for one sequential
 * caller: a rolling window of the last {@code requestVolumeThreshold} outcomes while closed, open
 * for {@code delay} ms, then half-open with at most {@code successThreshold} trials at a time.
 * Written from the text alone; it shares no code with the runtime's breaker.
 */
final class ModelBreaker {
  private enum State { CLOSED, OPEN, HALF_OPEN }

  private final Policy.Breaker settings;
  private final Trace trace;
  private State state = State.CLOSED;
  private final Deque<Boolean> window = new ArrayDeque<>();
  private long openedNanos;
  private int trialsInFlight;
  private int trialSuccesses;
  /** Whether the permit given last was a trial's. */
  private boolean trial;
  /** How often it opened: for the coverage figures. */
  int opened;

  ModelBreaker(Policy.Breaker settings, Trace trace) {
    this.settings = settings;
    this.trace = trace;
  }

  /**
   * A call arrives at {@code nowNanos}: whether it may go through. An open breaker whose delay
   * has passed turns half-open first.
   */
  boolean acquire(long nowNanos) {
    if (state == State.OPEN) {
      if (nowNanos - openedNanos < settings.delay * 1_000_000L) {
        trace.breaker("refused");
        return false;
      }
      to(State.HALF_OPEN, nowNanos);
    }
    if (state == State.HALF_OPEN) {
      if (trialsInFlight >= settings.successThreshold) {
        trace.breaker("refused");
        return false;
      }
      trialsInFlight++;
      trial = true;
      return true;
    }
    trial = false;
    return true;
  }

  /** Whether {@code failure} counts as a failure: {@code failOn} and not {@code skipOn}. */
  boolean countsAsFailure(ModelFailure failure) {
    boolean failOn = settings.failOn.isEmpty()
        ? failure.is(Fault.EXCEPTION)
        : failure.isAny(settings.failOn);
    return failOn && !failure.isAny(settings.skipOn);
  }

  /** The call the last permit let through ended at {@code nowNanos}. */
  void record(boolean failure, long nowNanos) {
    if (trial) {
      trialsInFlight--;
      if (failure) {
        to(State.OPEN, nowNanos);
      } else if (++trialSuccesses >= settings.successThreshold) {
        to(State.CLOSED, nowNanos);
      }
      return;
    }
    window.addLast(failure);
    if (window.size() > settings.requestVolumeThreshold) {
      window.removeFirst();
    }
    if (window.size() == settings.requestVolumeThreshold) {
      int failures = 0;
      for (boolean outcome : window) {
        failures += outcome ? 1 : 0;
      }
      if ((double) failures / window.size() >= settings.failureRatio) {
        to(State.OPEN, nowNanos);
      }
    }
  }

  /**
   * The call the last permit let through was abandoned (its coroutine cancelled during it): it
   * says nothing about the dependency, so nothing is recorded; a trial gives its slot back.
   */
  void release() {
    if (trial) {
      trialsInFlight--;
    }
  }

  private void to(State next, long nowNanos) {
    trace.breaker(state + "->" + next);
    state = next;
    window.clear();
    trialsInFlight = 0;
    trialSuccesses = 0;
    if (next == State.OPEN) {
      openedNanos = nowNanos;
      opened++;
    }
  }
}
