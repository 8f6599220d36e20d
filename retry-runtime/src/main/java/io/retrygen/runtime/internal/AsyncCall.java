package io.retrygen.runtime.internal;

import io.retrygen.runtime.RetryOptions;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;

/**
 * Not API. One call of an asynchronous guarded method: the driver that makes its attempts without
 * blocking any thread, and the future the generated method returns ({@link #start}). Only
 * generated code uses this class: each asynchronous guarded method returns {@code new
 * AsyncCall<T>(retrier, breaker) {...}.start()}, whose anonymous body says how to make one attempt
 * ({@link #call}) and what the annotations decided ({@link #retryable}, {@link
 * #retriesCancellation}, {@link #retryIf}, {@link #rejects}, {@link #delayFor}, {@link
 * #delayForResult}, {@link #breakerFailure}, {@link #recover}). A retry budget, if the retrier has
 * one, is kept here as in the synchronous loop.
 *
 * <p>The first attempt runs on the caller's thread, in {@link #start}. Its outcome is observed
 * when its stage completes: a synchronous throw from {@link #call} and an exceptional completion
 * are both failures, classified after unwrapping {@link CompletionException} and {@link
 * ExecutionException}. After a failed attempt the decision order is that of a synchronous method,
 * taken on the thread that observed the outcome, and each later attempt is scheduled
 * after its wait: on the options' {@link RetryOptions.Builder#scheduler scheduler} when one was
 * set (the attempt then runs on a thread of that scheduler), else on the runtime's daemon timer,
 * which only times the wait and hands the attempt to a pool of daemon threads the runtime owns
 * (after a wait of 0 ms, straight to that pool). The pool starts a thread when none is idle and
 * lets a thread go after a minute without work, so a delegate that blocks never delays another
 * call's retries, on every JDK and whatever the number of CPUs; {@code
 * ForkJoinPool.commonPool()} is never used. No attempt ever runs on the stack of the previous
 * one's completion. A scheduler of the options that refuses a wait, or drops it later (shut down
 * with {@code shutdownNow()}, or with {@code shutdown()} where delayed tasks are cancelled), ends
 * the call with a {@link RejectedExecutionException} after {@code onFailure}, unrecovered: at once
 * when it refuses, within about a tenth of a second when it drops the task.
 *
 * <p>That future completes with the first success, the recovery's outcome, or the last failure
 * unwrapped. Cancelling it stops further attempts, cancels the attempt (or the recovery) in flight
 * when that is a {@link Future}, and ends the call with {@code onFailure} whose failure is a
 * {@link CancellationException}. The breaker permit of an attempt abandoned that way is given
 * back at once, exactly once, even when its stage cannot be cancelled or never completes; an
 * outcome that stage has later counts nothing. A call completed from outside ({@code complete},
 * {@code completeExceptionally}, hence {@code orTimeout}) ends the same way, with {@code
 * onSuccess} or {@code onFailure} with that exception. Once the runtime has claimed the end, such
 * a completion changes nothing (the call's own outcome and event stand), except that it cancels a
 * recovery in flight.
 *
 * <p>Every call ends with exactly one {@code onSuccess} or {@code onFailure}, and the listeners
 * hear nothing of it after that: an {@code onRetry} being told when the call is cancelled comes
 * first. Once {@code cancel} (or a completion from outside) has returned true, no attempt starts:
 * an attempt is claimed, after its breaker permit is taken, by one atomic step that fails once the
 * call has ended.
 *
 * <p>The interrupt flag belongs to a thread, not to an asynchronous call: an {@code
 * InterruptedException} ends the call like any failure that is not retried, and nothing sets a
 * flag again. Step 4 of the decision order still holds for the thread that observed the outcome:
 * no retry is scheduled while its interrupt flag is set.
 *
 * <p>Allocation: this object and its future are all a call makes when its stage is already
 * complete and succeeds; otherwise one callback object per call, and what {@link
 * CompletionStage#handle} and the scheduler allocate per attempt.
 *
 * <p>Needs Android API 24 ({@link CompletableFuture}); the synchronous path never loads it.
 *
 * @param <T> the value of the method's future
 */
@Api24
public abstract class AsyncCall<T> {
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicLongFieldUpdater<AsyncCall> STATE =
      AtomicLongFieldUpdater.newUpdater(AsyncCall.class, "state");
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicLongFieldUpdater<AsyncCall> PERMIT =
      AtomicLongFieldUpdater.newUpdater(AsyncCall.class, "permit");
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicReferenceFieldUpdater<AsyncCall, Future> IN_FLIGHT =
      AtomicReferenceFieldUpdater.newUpdater(AsyncCall.class, Future.class, "inFlight");

  // The phases of a call, in the low bits of its state; the number of attempts started is above.
  // The first four are the runtime's: one thread at a time owns the call and moves it on, each step
  // by a CAS that fails only when the call was ended from outside meanwhile.

  /** Between a wait and the next attempt, or before the first. */
  private static final int IDLE = 0;
  /**
   * An attempt was claimed (no attempt starts without this CAS, and none after a cancel) and is
   * in flight; then its outcome is being decided on, on the thread that observed it.
   */
  private static final int ATTEMPTING = 1;
  /** The listeners are being told of a retry: an end from outside waits for its event. */
  private static final int REPORTING = 2;
  /** The wait before the next attempt is scheduled and its task has not run yet. */
  private static final int WAITING = 3;
  /** The runtime claimed the end and completes the future: a cancel() now changes nothing. */
  private static final int SETTLING = 4;
  /** The runtime gave up and a recovery stage is in flight: a cancel() cancels it. */
  private static final int RECOVERING = 5;
  /** Cancelled or completed from outside; whoever did it told the listeners. */
  private static final int ENDED_OUTSIDE = 6;
  /** Cancelled or completed from outside while a retry was told: its teller tells the end after. */
  private static final int ENDED_OUTSIDE_UNTOLD = 7;
  private static final int PHASE_BITS = 3;
  private static final long PHASE_MASK = (1L << PHASE_BITS) - 1;

  /** Null for a method with only a circuit breaker. */
  private final Retrier retrier;
  /** Null for a method with no circuit breaker. */
  private final CircuitBreakerGate breaker;

  private long startNanos;
  /**
   * The phase and, above it, the number of attempts started: one word, so that a cancel sees
   * which attempt it ended and an attempt is claimed, or not, in one CAS against it.
   */
  private volatile long state;
  /**
   * The breaker permit of the attempt in flight, or {@code NO_PERMIT}. Taken by one swap, either
   * by the attempt's outcome, which records it, or by an end from outside, which gives it back: so
   * exactly once, and an outcome that comes later counts nothing.
   */
  private volatile long permit = CircuitBreakerGate.NO_PERMIT;
  /** The breaker that issued {@link #permit}, on which it is recorded or given back. */
  private SharedBreaker issuer;
  /** The failure that led to the pending wait; null when a result was rejected. */
  private Throwable lastFailure;
  /** The rejected result that led to the pending wait. */
  private T lastResult;
  /** The attempt, the recovery or the wait in flight, for {@code cancel}. */
  private volatile Future<?> inFlight;
  /** What {@code cancel(mayInterruptIfRunning)} asked for, for an attempt that starts after it. */
  private volatile boolean interruptOnCancel;
  /** The future the generated method returns. */
  private final CallFuture<T> future = new CallFuture<T>(this);
  /** Observes outcomes and runs later attempts; made when first needed. */
  private Steps steps;

  /**
   * @param retrier the method's retrier, null when it has only a circuit breaker
   * @param breaker the method's circuit breaker, null when it has none
   */
  protected AsyncCall(Retrier retrier, CircuitBreakerGate breaker) {
    if (retrier == null && breaker == null) {
      throw new NullPointerException("retrier == null && breaker == null");
    }
    this.retrier = retrier;
    this.breaker = breaker;
  }

  /**
   * Makes one attempt: calls the guarded method and returns its stage. May throw: a synchronous
   * throw is a failed attempt.
   */
  protected abstract CompletionStage<? extends T> call() throws Throwable;

  /**
   * Whether {@code failure} may be retried ({@code retryFor}, {@code noRetryFor}, interruption).
   * Only consulted when the method has a retrier; the default retries nothing.
   */
  protected boolean retryable(Throwable failure) {
    return false;
  }

  /** The {@code retryIf} predicate; the default allows every retry. */
  protected boolean retryIf(Throwable failure) throws Throwable {
    return true;
  }

  /** The {@code retryOnResult} predicate: true when {@code result} is a failed attempt. */
  protected boolean rejects(T result) throws Throwable {
    return false;
  }

  /**
   * The {@code delayFor} method for a failure: the wait in milliseconds before the next
   * attempt, or a negative value (the default) for the backoff's formula.
   */
  protected long delayFor(Throwable failure) throws Throwable {
    return -1L;
  }

  /**
   * The {@code delayFor} method for a result {@code retryOnResult} rejected: the wait in
   * milliseconds, or a negative value (the default) for the backoff's formula.
   */
  protected long delayForResult(T result) throws Throwable {
    return -1L;
  }

  /**
   * Whether a {@link CancellationException} may be retried: true when {@code retryFor} names
   * {@code CancellationException} itself. By default (false) an attempt that fails with one, after
   * unwrapping, ends the call at once: no retry, no recovery, the exception as it is, {@code
   * onFailure}; its breaker outcome is recorded like any other.
   */
  protected boolean retriesCancellation() {
    return false;
  }

  /** Whether {@code failure} counts as a breaker failure ({@code failOn}, {@code skipOn}). */
  protected boolean breakerFailure(Throwable failure) {
    return false;
  }

  /**
   * The recovery after the call gave up with {@code failure}: the stage whose outcome becomes the
   * call's, or {@code failure} thrown again (the default) when no recover method applies.
   */
  protected CompletionStage<? extends T> recover(Throwable failure) throws Throwable {
    throw failure;
  }

  /**
   * Makes the first attempt on the calling thread and returns the call's future; never throws but
   * for a second call. Called once, by the generated method.
   *
   * @throws IllegalStateException when called again
   */
  public final CompletableFuture<T> start() {
    if (state != 0L) {
      throw new IllegalStateException("already started");
    }
    try {
      startNanos = retrier != null ? retrier.start() : 0L;
      runAttempt(0);
    } catch (Throwable unexpected) {
      crash(unexpected);
    }
    return future;
  }

  private static long state(int attempts, int phase) {
    return ((long) attempts << PHASE_BITS) | phase;
  }

  private static int phaseOf(long state) {
    return (int) (state & PHASE_MASK);
  }

  private static int attemptsOf(long state) {
    return (int) (state >>> PHASE_BITS);
  }

  /** Whether the runtime still runs the call: nobody has claimed its end. */
  private static boolean running(int phase) {
    return phase <= WAITING;
  }

  /** The number of the current attempt, 1-based; 0 before the first. */
  private int attempt() {
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
  private boolean endFromOutside(Throwable failure, boolean mayInterrupt, Completion complete) {
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
      cancelInFlight(mayInterrupt);
      return completed;
    }
  }

  /** The end event of a call ended from outside: {@code onFailure}, {@code onSuccess} for null. */
  private void tellListeners(Throwable failure, int attempt) {
    if (retrier == null) {
      return;
    }
    if (failure != null) {
      retrier.failed(attempt, startNanos, failure);
    } else {
      retrier.announceSuccess(attempt, startNanos);
    }
  }

  /**
   * The call was ended from outside while the listeners heard of a retry: they hear of the end
   * now, after it, once the future is completed (at once, unless the thread that ended it has
   * not completed it yet: then on that thread, when it does).
   */
  private void tellUntoldEnd() {
    future.whenComplete(new UntoldEnd(this, attempt()));
  }

  /** Gives the permit of the attempt in flight back, unless its outcome took it already. */
  private void releasePermit() {
    long taken = PERMIT.getAndSet(this, CircuitBreakerGate.NO_PERMIT);
    if (taken != CircuitBreakerGate.NO_PERMIT) {
      issuer.release(taken);
    }
  }

  private void cancelInFlight(boolean mayInterruptIfRunning) {
    cancelQuietly(inFlight, mayInterruptIfRunning);
  }

  /** A stage the user made may refuse to be cancelled (a minimalCompletionStage()): fine. */
  private static void cancelQuietly(Future<?> future, boolean mayInterruptIfRunning) {
    if (future == null) {
      return;
    }
    try {
      future.cancel(mayInterruptIfRunning);
    } catch (RuntimeException ignored) {
      // It stays in flight; its outcome is ignored when it comes.
    }
  }

  /** Whether the call was cancelled or completed from outside: nothing in flight is wanted. */
  private boolean endedOutside() {
    return phaseOf(state) >= ENDED_OUTSIDE || future.isDone();
  }

  /**
   * Moves the call from {@code from}, a state the calling thread owns, to {@code to}. False when
   * the call was ended meanwhile, from outside: then the caller has nothing more to do.
   */
  private boolean advance(long from, long to) {
    if (future.isDone()) {
      // obtrudeValue or obtrudeException: the only completions that bypass the call's own
      if (STATE.compareAndSet(this, from, state(attemptsOf(from), SETTLING))) {
        Throwable failure = null;
        try {
          future.join();
        } catch (Throwable thrown) {
          failure = unwrap(thrown);
        }
        tellListeners(failure, attemptsOf(from));
      }
      return false;
    }
    return STATE.compareAndSet(this, from, to);
  }

  /**
   * Claims the end of the call for the runtime, from whichever phase it is running in; false when
   * it had ended already (cancelled, completed from outside).
   */
  private boolean end() {
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

  /**
   * Makes the next attempt after {@code made} attempts, the call being IDLE on this thread. The
   * breaker permit is taken first, then the attempt claimed: a cancel before the claim starts no
   * attempt and gets the permit back. The first attempt needs no CAS: {@link #start} has not
   * returned the future yet, so nobody can end the call.
   */
  private void runAttempt(int made) {
    Throwable refused = null;
    if (breaker != null) {
      SharedBreaker current = breaker.breaker();
      issuer = current;
      try {
        PERMIT.lazySet(this, current.acquire()); // published by the claim's CAS, or alone yet
      } catch (Throwable refusal) { // CircuitBreakerOpenException, or a Ticker that throws
        refused = refusal;
      }
    }
    long claimed = state(made + 1, ATTEMPTING);
    if (made == 0) {
      STATE.lazySet(this, claimed);
    } else if (!advance(state(made, IDLE), claimed)) {
      releasePermit(); // cancelled before the attempt could start
      return;
    }
    if (refused != null) {
      attemptFailed(refused);
      return;
    }
    CompletionStage<? extends T> stage;
    try {
      stage = call();
      if (stage == null) {
        throw new NullPointerException(label() + " returned null instead of a CompletionStage");
      }
    } catch (Throwable failure) {
      attemptFailed(unwrap(failure));
      return;
    }
    if (succeededAlready(stage)) {
      // No callback, no allocation: join() of a future that succeeded just reads its value.
      attemptSucceeded(((CompletableFuture<? extends T>) stage).join());
      return;
    }
    watch(stage);
    // handle, not whenComplete, and never join() on a failure: both would wrap the failure in a
    // new CompletionException (a stack trace, ~800 B) only for unwrap() to drop it.
    stage.handle(steps());
  }

  /**
   * Whether {@code stage} is a plain {@link CompletableFuture} that succeeded already. Not a
   * subclass: {@code minimalCompletionStage()}'s throws from {@code isDone()}.
   */
  private static boolean succeededAlready(CompletionStage<?> stage) {
    return stage.getClass() == CompletableFuture.class
        && ((CompletableFuture<?>) stage).isDone()
        && !((CompletableFuture<?>) stage).isCompletedExceptionally();
  }

  /** Makes {@code stage} the one {@code cancel} cancels, and cancels it if that happened. */
  private void watch(CompletionStage<?> stage) {
    if (stage instanceof Future) {
      Future<?> current = (Future<?>) stage;
      inFlight = current;
      if (endedOutside()) {
        cancelQuietly(current, interruptOnCancel);
      }
    }
  }

  /** The outcome of the attempt in flight, on the thread that completed it. */
  void attemptCompleted(T result, Throwable failure) {
    inFlight = null;
    if (failure != null) {
      attemptFailed(unwrap(failure));
    } else {
      attemptSucceeded(result);
    }
  }

  /**
   * The attempt in flight ended with {@code failure} (null for a result): records its breaker
   * outcome, unless an end from outside gave its permit back (then it counts nothing). False when
   * the call had ended from outside; else this thread now decides what comes next.
   */
  private boolean attemptEnded(Throwable failure) {
    if (breaker != null) {
      long taken = PERMIT.getAndSet(this, CircuitBreakerGate.NO_PERMIT);
      if (taken != CircuitBreakerGate.NO_PERMIT) {
        if (running(phaseOf(state))) {
          issuer.record(taken, failure != null && breakerFailure(failure));
        } else {
          issuer.release(taken); // says nothing about the dependency once the call was abandoned
        }
      }
    }
    return phaseOf(state) == ATTEMPTING;
  }

  private void attemptFailed(Throwable failure) {
    if (!attemptEnded(failure)) {
      return;
    }
    if (failure instanceof CancellationException && !retriesCancellation()) {
      // Cancellation is never retried nor recovered: whoever cancelled the attempt wants it over.
      if (retrier != null) {
        retrier.refund(); // not retryable, as step 1 classifies it
      }
      abort(failure);
      return;
    }
    if (retrier != null) {
      if (!retryable(failure)) {
        retrier.refund();
      } else {
        retrier.takeToken();
        if (retrier.mayRetry(attempt())) {
          boolean retry;
          try {
            retry = retryIf(failure);
          } catch (Throwable predicateFailure) {
            abort(predicateFailure);
            return;
          }
          if (retry && waitThenRetry(failure, null)) {
            return;
          }
        }
      }
    }
    giveUp(failure);
  }

  private void attemptSucceeded(T result) {
    if (!attemptEnded(null)) {
      return;
    }
    if (retrier == null) {
      if (end()) {
        future.settle(result);
      }
      return;
    }
    boolean rejected;
    try {
      rejected = rejects(result);
    } catch (Throwable predicateFailure) {
      abort(predicateFailure);
      return;
    }
    if (rejected) {
      retrier.takeToken();
      if (retrier.mayRetry(attempt()) && waitThenRetry(null, result)) {
        return;
      }
      giveUpOnResult(result);
      return;
    }
    if (end()) {
      retrier.succeeded(attempt(), startNanos);
      future.settle(result);
    }
  }

  /**
   * Steps 6 to 9 of the decision order: gives up (false) when the retry budget refuses the retry,
   * computes the wait ({@code delayFor}, else the formula), gives up when it is above the cap of a
   * {@code delayFor} wait or would reach {@code maxDuration}, else tells the listeners and
   * schedules the next attempt. A {@code delayFor} that throws ends the call with its exception.
   */
  private boolean waitThenRetry(Throwable failure, T result) {
    if (!retrier.withinBudget()) {
      return false;
    }
    long requestedMillis;
    try {
      requestedMillis = failure != null ? delayFor(failure) : delayForResult(result);
    } catch (Throwable delayForFailure) {
      abort(delayForFailure);
      return true;
    }
    int attempt = attempt();
    long delayMillis = retrier.nextDelay(attempt, startNanos, requestedMillis);
    if (delayMillis < 0) {
      return false;
    }
    lastFailure = failure;
    lastResult = result;
    if (!advance(state(attempt, ATTEMPTING), state(attempt, REPORTING))) {
      return true; // ended from outside while retryIf or rejects ran: no onRetry after its event
    }
    retrier.retrying(attempt, startNanos, failure, delayMillis);
    if (!STATE.compareAndSet(this, state(attempt, REPORTING), state(attempt, WAITING))) {
      tellUntoldEnd(); // ended from outside while onRetry was told: its event comes after it
      return true;
    }
    ScheduledExecutorService scheduler = retrier.scheduler();
    Future<?> pending;
    try {
      pending = schedule(scheduler, delayMillis);
    } catch (Throwable schedulerFailure) {
      abort(schedulerFailure); // say, a scheduler that was shut down
      return true;
    }
    // Not over the attempt its task may have started already, on another thread, before
    // schedule() returned: that attempt is the one cancel() must reach.
    IN_FLIGHT.compareAndSet(this, null, pending);
    if (endedOutside()) {
      cancelQuietly(pending, false);
    } else if (scheduler != null) {
      // The user's scheduler may drop the task without a word (shutdownNow(), say).
      DroppedWaits.watch(this, state(attempt, WAITING), pending, scheduler);
    }
    return true;
  }

  private Future<?> schedule(ScheduledExecutorService scheduler, long delayMillis) {
    Steps next = steps();
    if (scheduler != null) {
      return scheduler.schedule(next, delayMillis, TimeUnit.MILLISECONDS);
    }
    if (delayMillis == 0) {
      return SharedScheduler.POOL.submit(next); // nothing to time
    }
    return SharedScheduler.TIMER.schedule(new Handoff(next), delayMillis, TimeUnit.MILLISECONDS);
  }

  /** The wait is over: the next attempt, unless the call ended meanwhile or time ran out. */
  void waitEnded() {
    long current = state;
    if (phaseOf(current) != WAITING) {
      return; // ended from outside during the wait
    }
    inFlight = null;
    int attempt = attemptsOf(current);
    if (!advance(current, state(attempt, IDLE))) {
      return;
    }
    if (retrier.timeLeft(startNanos)) {
      runAttempt(attempt);
    } else if (lastFailure != null) {
      giveUp(lastFailure);
    } else {
      giveUpOnResult(lastResult);
    }
  }

  /** Whether the call is still in the wait {@code waiting}: its task has not run. */
  boolean stillWaiting(long waiting) {
    return state == waiting;
  }

  /**
   * The scheduler dropped the wait {@code waiting} (shut down, or its task cancelled by someone
   * else): unless the task ran meanwhile, the call ends with a {@link RejectedExecutionException},
   * as when the scheduler refuses the wait, after {@code onFailure}; not recovered.
   */
  void waitDropped(long waiting, ScheduledExecutorService scheduler) {
    int attempt = attemptsOf(waiting);
    if (!advance(waiting, state(attempt, SETTLING))) {
      return;
    }
    RejectedExecutionException dropped =
        new RejectedExecutionException(
            label() + ": the scheduler dropped the wait before attempt " + (attempt + 1)
                + " (it was shut down, or the task cancelled), so no further attempt is made; "
                + scheduler);
    retrier.failed(attempt, startNanos, dropped);
    future.settleExceptionally(dropped);
  }

  private void giveUp(Throwable failure) {
    if (!end()) {
      return;
    }
    int attempt = attempt();
    if (retrier != null) {
      retrier.failed(attempt, startNanos, failure);
    }
    CompletionStage<? extends T> recovered;
    try {
      recovered = recover(failure);
      if (recovered == null) {
        throw new NullPointerException(label() + ": the recover method returned null");
      }
    } catch (Throwable thrown) {
      future.settleExceptionally(unwrap(thrown));
      return;
    }
    if (succeededAlready(recovered)) {
      future.settle(((CompletableFuture<? extends T>) recovered).join());
      return;
    }
    if (recovered instanceof Future) {
      inFlight = (Future<?>) recovered;
    }
    state = state(attempt, RECOVERING); // from now on a cancel() cancels the recovery
    recovered.handle(new Relay<T>(this));
  }

  /** Out of attempts or time after a rejected result: the last result stands, with no recovery. */
  private void giveUpOnResult(T result) {
    if (end()) {
      retrier.failed(attempt(), startNanos, null);
      future.settle(result);
    }
  }

  /**
   * Ends the call with what user code or the scheduler threw, or with a cancellation: not
   * retried, not recovered.
   */
  private void abort(Throwable failure) {
    if (end()) {
      if (retrier != null) {
        retrier.failed(attempt(), startNanos, failure);
      }
      future.settleExceptionally(failure);
    }
  }

  /**
   * A throwable nothing above caught (a {@code RandomSource} that throws, say): the call ends with
   * it rather than never, and the generated method does not throw.
   */
  void crash(Throwable unexpected) {
    abort(unexpected);
    future.settleExceptionally(unexpected); // no-op unless the call had already been claimed
    if (unexpected instanceof VirtualMachineError) {
      throw (VirtualMachineError) unexpected;
    }
  }

  private Steps steps() {
    Steps current = steps;
    if (current == null) {
      current = new Steps(this);
      steps = current;
    }
    return current;
  }

  private String label() {
    return retrier != null ? retrier.label() : breaker.name();
  }

  /**
   * The failure itself, without the {@link CompletionException}s and {@link ExecutionException}s
   * around it.
   */
  static Throwable unwrap(Throwable failure) {
    Throwable current = failure;
    while ((current instanceof CompletionException || current instanceof ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }

  /**
   * Observes attempts and runs the next one after a wait. A separate object, so that neither
   * callback is a public method of the future the caller holds.
   */
  @Api24
  private static final class Steps implements BiFunction<Object, Throwable, Void>, Runnable {
    private final AsyncCall<?> call;

    Steps(AsyncCall<?> call) {
      this.call = call;
    }

    @Override
    @SuppressWarnings("unchecked") // the stages it observes are those of its call
    public Void apply(Object result, Throwable failure) {
      try {
        ((AsyncCall<Object>) call).attemptCompleted(result, failure);
      } catch (Throwable unexpected) {
        call.crash(unexpected);
      }
      return null;
    }

    @Override
    public void run() {
      try {
        call.waitEnded();
      } catch (Throwable unexpected) {
        call.crash(unexpected);
      }
    }
  }

  /** On the runtime's timer: hands the next attempt to the runtime's pool after the wait. */
  @Api24
  private static final class Handoff implements Runnable {
    private final Steps next;

    Handoff(Steps next) {
      this.next = next;
    }

    @Override
    public void run() {
      try {
        SharedScheduler.POOL.execute(next);
      } catch (Throwable refused) {
        // No thread for the attempt (OutOfMemoryError: unable to create a native thread): the
        // timer's future would swallow it and leave the call pending for ever.
        next.call.crash(refused);
      }
    }
  }

  /** The end event of a call ended from outside while {@code onRetry} was told. */
  @Api24
  private static final class UntoldEnd implements BiConsumer<Object, Throwable> {
    private final AsyncCall<?> call;
    private final int attempt;

    UntoldEnd(AsyncCall<?> call, int attempt) {
      this.call = call;
      this.attempt = attempt;
    }

    @Override
    public void accept(Object value, Throwable failure) {
      call.tellListeners(failure, attempt);
    }
  }

  /** Completes a call with the outcome of its recovery. */
  @Api24
  private static final class Relay<T> implements BiFunction<T, Throwable, Void> {
    private final AsyncCall<T> call;

    Relay(AsyncCall<T> call) {
      this.call = call;
    }

    @Override
    public Void apply(T value, Throwable failure) {
      call.inFlight = null;
      if (failure != null) {
        call.future.settleExceptionally(unwrap(failure));
      } else {
        call.future.settle(value);
      }
      return null;
    }
  }

  /** What a completion from outside does to the future, once the call has been ended. */
  private interface Completion {
    boolean run();
  }

  /**
   * The future the generated method returns. Its public completions (cancel, complete,
   * completeExceptionally, and so orTimeout) end the call from outside; the runtime completes it
   * through {@link #settle} and {@link #settleExceptionally} only. A separate object from the call,
   * whose hooks are an anonymous subclass in generated code: a subclass of {@code
   * CompletableFuture} there would inherit {@code Future.State} (Java 19+), which hides a user
   * type named {@code State} in the hooks' signatures.
   */
  @Api24
  private static final class CallFuture<T> extends CompletableFuture<T> {
    private final AsyncCall<T> call;

    CallFuture(AsyncCall<T> call) {
      this.call = call;
    }

    /**
     * Cancels the call: no further attempt starts, the attempt or recovery in flight is cancelled
     * when it is a {@link Future}, and the listeners get {@code onFailure} with a {@link
     * CancellationException} unless the call had already ended.
     */
    @Override
    public boolean cancel(final boolean mayInterruptIfRunning) {
      return call.endFromOutside(
          new CancellationException(),
          mayInterruptIfRunning,
          new Completion() {
            @Override
            public boolean run() {
              return CallFuture.super.cancel(mayInterruptIfRunning);
            }
          });
    }

    /**
     * Completes the call from outside with {@code value}, unless it had ended: as {@code cancel},
     * and the listeners get {@code onSuccess}.
     */
    @Override
    public boolean complete(final T value) {
      return call.endFromOutside(
          null,
          false,
          new Completion() {
            @Override
            public boolean run() {
              return CallFuture.super.complete(value);
            }
          });
    }

    /**
     * Completes the call from outside with {@code failure} ({@code orTimeout} does), unless it had
     * ended: as {@code cancel}, and the listeners get {@code onFailure} with {@code failure}.
     */
    @Override
    public boolean completeExceptionally(final Throwable failure) {
      if (failure == null) {
        throw new NullPointerException("failure == null");
      }
      return call.endFromOutside(
          failure,
          false,
          new Completion() {
            @Override
            public boolean run() {
              return CallFuture.super.completeExceptionally(failure);
            }
          });
    }

    void settle(T value) {
      super.complete(value);
    }

    void settleExceptionally(Throwable failure) {
      super.completeExceptionally(failure);
    }
  }
}
