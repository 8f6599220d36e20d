package io.retrygen.runtime.internal;

import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.Ticker;

/**
 * Not API. The circuit breaker of one guarded method of one generated instance, made by {@link
 * CircuitBreakerPolicy#bind}. Only generated code calls this class: around every attempt of a
 * guarded method it runs, in effect,
 *
 * <pre>{@code
 * long permit = CircuitBreakerGate.NO_PERMIT;
 * try {
 *   permit = gate.acquire();             // or CircuitBreakerOpenException
 *   result = delegate.call(args);
 * } catch (Throwable failure) {
 *   if (failOn(failure) && !skipOn(failure)) {
 *     gate.onFailure(permit);
 *   } else {
 *     gate.onSuccess(permit);
 *   }
 *   throw failure;
 * }
 * gate.onSuccess(permit);
 * }</pre>
 *
 * <p>Each permit must be recorded exactly once. Deciding what counts as a failure is the generated
 * code's job, not the gate's.
 *
 * <p><b>One breaker per name in the process.</b> A gate is a light handle: the state lives in the
 * breaker of its name ({@code @CircuitBreaker(name)}, else the method's label), which every gate of
 * that name shares, so every instance of a generated class shares one breaker per method, as
 * MicroProfile Fault Tolerance requires. The breaker is created by the first call that passes
 * through any of those gates, never by binding one, with the settings of that gate's policy and
 * the {@link Ticker} of its instance's options; later gates of the name find it (the first one
 * created wins). The gate remembers its breaker, and notices with one volatile read that {@link
 * CircuitBreakers#resetAll()} forgot it: its next call then finds or creates the breaker anew. A
 * permit is recorded on the breaker that issued it; one of a breaker that was forgotten since
 * counts nothing.
 *
 * <p>While the breaker is closed, {@link #acquire} and {@link #onSuccess} read no clock, allocate
 * nothing and look nothing up: a field read and the breaker's own work (see the breaker's states
 * in {@link CircuitBreakers}).
 */
public final class CircuitBreakerGate {
  /**
   * The permit of an attempt that {@link #acquire} refused: the generated code starts each attempt
   * with it, so that an open breaker's own exception, caught with the attempt's failures, is not
   * recorded. Recording it changes nothing.
   */
  public static final long NO_PERMIT = -1L;

  private final String name;
  private final CircuitBreakerPolicy policy;
  private final Ticker ticker;
  /**
   * Whether overrides turned the breaker off ({@code enabled=false}, the kill switch): every call
   * is permitted with {@link #NO_PERMIT}, so nothing is counted and the breaker stays closed.
   */
  private final boolean disabled;
  /**
   * The breaker of the last call, null before the first. A plain field: a thread that reads a
   * stale or null value looks the breaker up again and finds the same one, and the breaker's
   * fields are final, so it is safe to read through a racy reference.
   */
  private SharedBreaker breaker;

  CircuitBreakerGate(String name, CircuitBreakerPolicy policy, Ticker ticker) {
    if (name == null) {
      throw new NullPointerException("name == null");
    }
    if (ticker == null) {
      throw new NullPointerException("ticker == null");
    }
    this.name = name;
    this.policy = policy;
    this.ticker = ticker;
    this.disabled = !policy.enabled();
  }

  /**
   * Asks to make one call. Closed: permitted. Open: refused until the delay has passed since it
   * opened, then the breaker turns half-open and goes on as such. Half-open: permitted as a trial
   * while fewer than {@code successThreshold} trials are in flight, else refused. A refusal tells
   * the listeners ({@link CircuitBreakerListener#onCallNotPermitted}) before it throws. The first
   * call of the process through a breaker of this name creates it.
   *
   * @return the permit to pass to {@link #onSuccess} or {@link #onFailure} once the call ended
   * @throws CircuitBreakerOpenException when the call is refused
   */
  public long acquire() {
    if (disabled) {
      breaker(); // so that its state reads CLOSED, as it stays
      return NO_PERMIT;
    }
    return breaker().acquire();
  }

  /**
   * As {@link #acquire()}, from {@code current}, the breaker {@link #breaker()} returned to a
   * caller that records the outcome on that breaker itself (the asynchronous driver): a gate that
   * overrides turned off permits with {@link #NO_PERMIT} here too.
   */
  long acquire(SharedBreaker current) {
    return disabled ? NO_PERMIT : current.acquire();
  }

  /** Records that the call of {@code permit} succeeded (or failed in a way that counts as success). */
  public void onSuccess(long permit) {
    record(permit, false);
  }

  /** Records that the call of {@code permit} failed. */
  public void onFailure(long permit) {
    record(permit, true);
  }

  private void record(long permit, boolean failure) {
    SharedBreaker issuer = breaker;
    if (issuer != null) { // null only for NO_PERMIT: no call has passed through this gate yet
      issuer.record(permit, failure);
    }
  }

  /**
   * Gives {@code permit} back without an outcome: its call was abandoned (an asynchronous call
   * cancelled by its caller, a coroutine cancelled during an attempt), which says nothing about
   * the dependency. A half-open breaker gets its trial slot back; a closed one counts nothing.
   */
  public void release(long permit) {
    SharedBreaker issuer = breaker;
    if (issuer != null) {
      issuer.release(permit);
    }
  }

  /**
   * The breaker this gate's calls pass through now: the one it remembers, unless {@link
   * CircuitBreakers#resetAll()} forgot it since; else the breaker of its name, created now if there
   * is none.
   */
  SharedBreaker breaker() {
    SharedBreaker current = breaker;
    if (current == null || !BreakerRegistry.remembers(current)) {
      current = BreakerRegistry.breaker(name, policy, ticker);
      breaker = current;
    }
    return current;
  }

  /**
   * The state of the breaker of this gate's name, as {@link CircuitBreakers#state}: null while no
   * call has created it (since the last {@link CircuitBreakers#resetAll()}). Reading the state of
   * an open breaker whose delay has passed turns it half-open, as a call would.
   */
  public CircuitBreakerState state() {
    return BreakerRegistry.state(name);
  }

  /** The breaker's name: its {@code @CircuitBreaker(name)}, else the method's label. */
  public String name() {
    return name;
  }

  /** The failures in the closed window, or -1 when not closed or not created. For tests. */
  int windowFailures() {
    SharedBreaker current = BreakerRegistry.existing(name);
    return current == null ? -1 : current.windowFailures();
  }

  /** The outcomes in the closed window, or -1 when not closed or not created. For tests. */
  int windowCount() {
    SharedBreaker current = BreakerRegistry.existing(name);
    return current == null ? -1 : current.windowCount();
  }

  @Override
  public String toString() {
    SharedBreaker current = BreakerRegistry.existing(name);
    return "CircuitBreakerGate{" + (current != null ? current : name + ", not created") + "}";
  }
}
