package io.retrygen.runtime.internal;

import io.retrygen.GiveUpReason;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * The state machine of one {@link AsyncCall}: which phase the call is in and how many attempts it
 * started, in one word that every move changes by CAS; the breaker permit and the stage in flight;
 * and an end from outside (a cancel, a completion of the future), which can come at any moment
 * from any thread. {@link AsyncCall} drives the attempts and decisions on top of it.
 *
 * <p>The first four phases are the runtime's: one thread at a time owns the call and moves it on,
 * each step by a CAS that fails only when the call was ended from outside meanwhile. A call is
 * claimed for its end by one CAS too ({@link #end}), so exactly one of the runtime and an end from
 * outside completes it and tells the listeners; an {@code onRetry} being told when the call is
 * ended from outside comes first. Once the runtime has claimed the end, a completion from outside
 * changes nothing (the call's own outcome and event stand), except that it cancels a recovery in
 * flight. The breaker permit of an attempt abandoned by an end from outside is given back at
 * once, exactly once, even when its stage cannot be cancelled or never completes; an outcome that
 * stage has later counts nothing.
 *
 * @param <T> the value of the call's future
 */
@Api24
abstract class CallState<T> {
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  static final AtomicLongFieldUpdater<CallState> STATE =
      AtomicLongFieldUpdater.newUpdater(CallState.class, "state");
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  static final AtomicLongFieldUpdater<CallState> PERMIT =
      AtomicLongFieldUpdater.newUpdater(CallState.class, "permit");
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  static final AtomicReferenceFieldUpdater<CallState, Future> IN_FLIGHT =
      AtomicReferenceFieldUpdater.newUpdater(CallState.class, Future.class, "inFlight");

  /** Between a wait and the next attempt, or before the first. */
  static final int IDLE = 0;
  /**
   * An attempt was claimed (no attempt starts without this CAS, and none after a cancel) and is
   * in flight; then its outcome is being decided on, on the thread that observed it.
   */
  static final int ATTEMPTING = 1;
  /** The listeners are being told of a retry: an end from outside waits for its event. */
  static final int REPORTING = 2;
  /** The wait before the next attempt is scheduled and its task has not run yet. */
  static final int WAITING = 3;
  /** The runtime claimed the end and completes the future: a cancel() now changes nothing. */
  static final int SETTLING = 4;
  /** The runtime gave up and a recovery stage is in flight: a cancel() cancels it. */
  static final int RECOVERING = 5;
  /** Cancelled or completed from outside; whoever did it told the listeners. */
  static final int ENDED_OUTSIDE = 6;
  /** Cancelled or completed from outside while a retry was told: its teller tells the end after. */
  static final int ENDED_OUTSIDE_UNTOLD = 7;
  private static final int PHASE_BITS = 3;
  private static final long PHASE_MASK = (1L << PHASE_BITS) - 1;

  /** Null for a method with only a circuit breaker. */
  final Retrier retrier;
  /** Null for a method with no circuit breaker. */
  final CircuitBreakerGate breaker;
  /** Null for a method with no {@code @Timeout}. */
  final AttemptTimer timer;
  long startNanos;
  /**
   * The phase and, above it, the number of attempts started: one word, so that a cancel sees
   * which attempt it ended and an attempt is claimed, or not, in one CAS against it.
   */
  volatile long state;
  /**
   * The breaker permit of the attempt in flight, or {@code NO_PERMIT}. Taken by one swap, either
   * by the attempt's outcome, which records it, or by an end from outside, which gives it back: so
   * exactly once, and an outcome that comes later counts nothing.
   */
  volatile long permit = CircuitBreakerGate.NO_PERMIT;
  /** The breaker that issued {@link #permit}, on which it is recorded or given back. */
  SharedBreaker issuer;
  /** The attempt, the recovery or the wait in flight, for {@code cancel}. */
  volatile Future<?> inFlight;
  /** What {@code cancel(mayInterruptIfRunning)} asked for, for an attempt that starts after it. */
  volatile boolean interruptOnCancel;
  /** The future the generated method returns. */
  final CallFuture<T> future = new CallFuture<T>(this);

  CallState(Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer) {
    if (retrier == null && breaker == null && timer == null) {
      throw new NullPointerException("retrier == null && breaker == null && timer == null");
    }
    this.retrier = retrier;
    this.breaker = breaker;
    this.timer = timer;
  }

  static long state(int attempts, int phase) {
    return ((long) attempts << PHASE_BITS) | phase;
  }

  static int phaseOf(long state) {
    return (int) (state & PHASE_MASK);
  }

  static int attemptsOf(long state) {
    return (int) (state >>> PHASE_BITS);
  }

  /** Whether the runtime still runs the call: nobody has claimed its end. */
  static boolean running(int phase) {
    return phase <= WAITING;
  }

  /** The number of the current attempt, 1-based; 0 before the first. */
  int attempt() {
    return attemptsOf(state);
  }

  /**
   * A cancellation or completion from outside: unless the call has ended, no further
   * attempt starts, the attempt or recovery in flight is cancelled, its breaker permit is given
   * back, and the listeners hear of it once ({@code onFailure} with {@code failure}, or {@code
   * onSuccess} when it is null), after any {@code onRetry} being told at that moment.
   *
   * @param complete completes the future as the caller asked, and says whether that did
   */
  boolean endFromOutside(Throwable failure, boolean mayInterrupt, CallFuture.Completion complete) {
    interruptOnCancel = mayInterrupt;
    while (true) {
      long current = state;
      int phase = phaseOf(current);
      if (phase == SETTLING) {
        return false; // the runtime is completing it: its outcome and its event stand
      }
      if (running(phase) && current != 0L) {
        int ended = phase == REPORTING ? ENDED_OUTSIDE_UNTOLD : ENDED_OUTSIDE;
        if (!STATE.compareAndSet(this, current, state(attemptsOf(current), ended))) {
          continue;
        }
        if (ended == ENDED_OUTSIDE) {
          tellListeners(failure, attemptsOf(current));
        }
        releasePermit();
      }
      boolean completed = complete.run();
      Stages.cancelQuietly(inFlight, mayInterrupt);
      return completed;
    }
  }

  /**
   * The end event of a call ended from outside: {@code onFailure} with {@link
   * GiveUpReason#CANCELLED} (the caller abandoned the call, whether by {@code cancel} or by
   * completing it exceptionally), or {@code onSuccess} for a completion with a value (null).
   */
  void tellListeners(Throwable failure, int attempt) {
    if (retrier == null) {
      return;
    }
    if (failure != null) {
      retrier.gaveUp(attempt, startNanos, failure, GiveUpReason.CANCELLED);
    } else {
      retrier.announceSuccess(attempt, startNanos);
    }
  }

  /**
   * The call was ended from outside while the listeners heard of a retry: they hear of the end
   * now, after it, once the future is completed (at once, unless the thread that ended it has
   * not completed it yet: then on that thread, when it does).
   */
  void tellUntoldEnd() {
    future.whenComplete(new CallSteps.UntoldEnd(this, attempt()));
  }

  /** Gives the permit of the attempt in flight back, unless its outcome took it already. */
  void releasePermit() {
    long taken = PERMIT.getAndSet(this, CircuitBreakerGate.NO_PERMIT);
    if (taken != CircuitBreakerGate.NO_PERMIT) {
      issuer.release(taken);
    }
  }

  /** Whether the call was cancelled or completed from outside: nothing in flight is wanted. */
  boolean endedOutside() {
    return phaseOf(state) >= ENDED_OUTSIDE || future.isDone();
  }

  /**
   * Moves the call from {@code from}, a state the calling thread owns, to {@code to}. False when
   * the call was ended meanwhile, from outside: then the caller has nothing more to do.
   */
  boolean advance(long from, long to) {
    if (future.isDone()) {
      // obtrudeValue or obtrudeException: the only completions that bypass the call's own
      if (STATE.compareAndSet(this, from, state(attemptsOf(from), SETTLING))) {
        tellListeners(Stages.failureOf(future), attemptsOf(from));
      }
      return false;
    }
    return STATE.compareAndSet(this, from, to);
  }

  /**
   * Claims the end of the call for the runtime, from whichever phase it is running in; false when
   * it had ended already (cancelled, completed from outside).
   */
  boolean end() {
    while (true) {
      long current = state;
      if (!running(phaseOf(current))) {
        return false;
      }
      if (advance(current, state(attemptsOf(current), SETTLING))) {
        return true;
      }
      if (future.isDone()) {
        return false;
      }
    }
  }

  /** Out of attempts or time after a rejected result: the last result stands, with no recovery. */
  void giveUpOnResult(T result, GiveUpReason reason) {
    if (end()) {
      retrier.gaveUp(attempt(), startNanos, null, reason);
      future.settle(result);
    }
  }

  /**
   * Ends the call with what user code or the scheduler threw, or with a cancellation: not
   * retried, not recovered.
   */
  void abort(Throwable failure, GiveUpReason reason) {
    if (end()) {
      if (retrier != null) {
        retrier.gaveUp(attempt(), startNanos, failure, reason);
      }
      future.settleExceptionally(failure);
    }
  }

  /**
   * A throwable nothing above caught (a {@code Ticker} that throws, say): the call ends with it
   * rather than never, as user code that failed, and the generated method does not throw.
   */
  void crash(Throwable unexpected) {
    abort(unexpected, GiveUpReason.USER_CODE_FAILED);
    future.settleExceptionally(unexpected); // no-op unless the call had already been claimed
    if (unexpected instanceof VirtualMachineError) {
      throw (VirtualMachineError) unexpected;
    }
  }

  /** The label of the call's events and messages. */
  String label() {
    return retrier != null ? retrier.label() : breaker != null ? breaker.name() : timer.label();
  }

  /** Makes {@code stage} the one {@code cancel} cancels, and cancels it if that happened. */
  void watch(CompletionStage<?> stage) {
    if (stage instanceof Future) {
      Future<?> current = (Future<?>) stage;
      inFlight = current;
      if (endedOutside()) {
        Stages.cancelQuietly(current, interruptOnCancel);
      }
    }
  }


}
