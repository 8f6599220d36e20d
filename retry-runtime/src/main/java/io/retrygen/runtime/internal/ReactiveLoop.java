package io.retrygen.runtime.internal;

import io.retrygen.GiveUpReason;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * Not API. The retry loop of one subscription to a retried reactive publisher (a Reactor {@code
 * Mono} or {@code Flux}, an RxJava 3 {@code Single}, {@code Maybe}, {@code Completable}, {@code
 * Observable} or {@code Flowable}), written once for every library: the library's module
 * subclasses it once per type as the subscriber the downstream sees, and passes on the signals of
 * each attempt's publisher. Each attempt <b>calls the guarded method again</b> ({@link
 * ReactiveCall#call()}) and subscribes to what it returns, so that a cached or hot publisher
 * returned by the first call is never subscribed twice. A publisher with back-pressure has its
 * demand carried across attempts by {@link DemandLoop}.
 *
 * <p>After a failed attempt the runtime's decision order decides, exactly as for a synchronous
 * call; the wait runs on the options' scheduler when one was set, else on the library's own
 * scheduler, looked up at each wait (so that the libraries' virtual-time tools control it). No
 * attempt runs on the stack of the previous one's failure: a retry without wait of a publisher
 * that fails at once is a loop here, not a recursion.
 *
 * <p>One thread at a time drives the loop (the one that delivers the attempt's signals, or the
 * wait's), each move a CAS on {@link #phase} that fails only when the downstream cancelled
 * meanwhile, from any thread. A cancel stops further attempts, cancels the attempt or wait in
 * flight, gives the attempt's breaker permit back unrecorded (exactly once, by one swap), and tells
 * the listeners {@code onFailure} with {@link GiveUpReason#CANCELLED} once, after any {@code
 * onRetry} being told at that moment.
 *
 * <p>Under {@code @Timeout} (SPEC §16) each attempt's deadline is armed just before the method is
 * called, on the options' scheduler when one was set, else on the library's scheduler (as the
 * waits are, so that {@code StepVerifier.withVirtualTime} and a {@code TestScheduler} control it,
 * rather than the runtime's timer). Whichever of the attempt's terminal signal and its deadline
 * comes first ends the attempt, by one CAS on {@link #open}; at the deadline the attempt's
 * subscription is cancelled and the attempt fails with {@link AttemptTimer#timeout()}, which the
 * breaker and the decision order then take like any failure. This loop is the subscriber of every
 * attempt, so a signal cannot say which attempt sent it: after a deadline, the signals that come
 * before the next subscription's {@code onSubscribe} (or the recovery's) are the abandoned
 * attempt's and are dropped. A publisher that calls {@code onSubscribe} only after its deadline has
 * that subscription cancelled, unless the next attempt has started meanwhile.
 *
 * @param <T> the values of the publisher
 */
public abstract class ReactiveLoop<T> implements Runnable, WatchedWait {
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicIntegerFieldUpdater<ReactiveLoop> PHASE =
      AtomicIntegerFieldUpdater.newUpdater(ReactiveLoop.class, "phase");
  @SuppressWarnings("rawtypes")
  private static final AtomicIntegerFieldUpdater<ReactiveLoop> PENDING =
      AtomicIntegerFieldUpdater.newUpdater(ReactiveLoop.class, "pending");
  @SuppressWarnings("rawtypes")
  private static final AtomicLongFieldUpdater<ReactiveLoop> PERMIT =
      AtomicLongFieldUpdater.newUpdater(ReactiveLoop.class, "permit");
  @SuppressWarnings("rawtypes")
  private static final AtomicIntegerFieldUpdater<ReactiveLoop> OPEN =
      AtomicIntegerFieldUpdater.newUpdater(ReactiveLoop.class, "open");

  /** An attempt is subscribed, or about to be; its outcome is decided on its signal's thread. */
  private static final int ATTEMPTING = 0;
  /** {@code onRetry} is being told: a cancel now leaves its own event to the teller. */
  private static final int REPORTING = 1;
  /** The wait before the next attempt is scheduled. */
  private static final int WAITING = 2;
  /** The call gave up and the recovery's publisher is subscribed: its signals pass through. */
  private static final int RECOVERING = 3;
  /** The downstream got its terminal signal. */
  private static final int DONE = 4;
  /** Cancelled by the downstream; the canceller told the listeners, if anyone. */
  private static final int CANCELLED = 5;
  /** Cancelled while {@code onRetry} was told: the teller tells the end after it. */
  private static final int CANCELLED_UNTOLD = 6;

  /** What the generated code says about the call: its attempt, hooks and recovery. */
  private final ReactiveCall<T> call;
  /** Null for a method with only a circuit breaker. */
  private final Retrier retrier;
  /** Null for a method with no circuit breaker. */
  private final CircuitBreakerGate breaker;
  /** Null for a method with no {@code @Timeout}. */
  private final AttemptTimer timer;
  /** The publisher type, for messages: "a Mono". */
  private final String type;

  private volatile int phase;
  /** Attempts asked for and not yet run: the trampoline of {@link #nextAttempt}. */
  private volatile int pending;
  /** The breaker permit of the attempt in flight, taken by one swap: its outcome or a cancel. */
  private volatile long permit = CircuitBreakerGate.NO_PERMIT;
  /** The number of the current attempt, 1-based; 0 before the first. */
  private volatile int attempt;
  /** The subscription of the attempt or recovery in flight, for a cancel. */
  private volatile Object upstream;
  /** The scheduled wait, for a cancel. */
  private volatile Object scheduledWait;
  /**
   * Under a timer: the number of the attempt whose deadline is armed and whose end is still open;
   * minus that number once its deadline ended it; 0 once its signal ended it.
   */
  private volatile int open;
  /** The armed deadline's handle, for its cancel. */
  private volatile Object deadline;
  /** An attempt timed out: signals are its, and dropped, until the next {@code onSubscribe}. */
  private volatile boolean stale;
  private long startNanos;
  /** What led to the pending wait: a failure, or (null) the rejected {@link #lastResult}. */
  private Throwable lastFailure;
  private T lastResult;

  /**
   * @param call the call, whose retrier or breaker is set
   * @param type the publisher type with its article, for messages: "a Mono", "an Observable"
   */
  protected ReactiveLoop(ReactiveCall<T> call, String type) {
    if (call.retrier == null && call.breaker == null && call.timer == null) {
      throw new NullPointerException("retrier == null && breaker == null && timer == null");
    }
    this.call = call;
    this.retrier = call.retrier;
    this.breaker = call.breaker;
    this.timer = call.timer;
    this.type = type;
  }

  /** Subscribes this loop to {@code publisher}, an attempt's or the recovery's. */
  protected abstract void subscribeTo(Object publisher);

  /** Schedules {@code task} after {@code delayMillis} on the library's scheduler: its handle. */
  protected abstract Object schedule(Runnable task, long delayMillis);

  /** Cancels a subscription or a scheduled task of the library. */
  protected abstract void cancel(Object handle);

  /** The call succeeded (or gave up on a rejected result): tells the downstream. */
  protected abstract void emitSuccess(T value, boolean hasValue);

  /** The call ended with {@code failure}: tells the downstream. */
  protected abstract void emitError(Throwable failure);

  /** Called once the downstream has this loop as its subscription: the first attempt. */
  protected final void begin() {
    startNanos = retrier != null ? retrier.start() : 0L;
    nextAttempt();
  }

  /**
   * The attempt's (or the recovery's) publisher called {@code onSubscribe} with {@code handle}:
   * remembered for a cancel. False, with the handle cancelled, when the downstream has cancelled.
   */
  protected final boolean upstream(Object handle) {
    int current = phase;
    if (current <= WAITING && open < 0) {
      cancel(handle); // the attempt that timed out subscribes only now
      return false;
    }
    upstream = handle;
    stale = false;
    if (phase >= CANCELLED) {
      cancel(handle);
      return false;
    }
    return true;
  }

  /** Whether the attempt's or recovery's values go to the downstream now. */
  protected final boolean passing() {
    if (stale) {
      return false; // an element of the attempt that timed out
    }
    int current = phase;
    return current == ATTEMPTING || current == RECOVERING;
  }

  /**
   * Whether the downstream got its terminal signal (or is being given it) or cancelled: for a
   * library whose downstream handle tells that ({@code Disposable.isDisposed()}).
   */
  protected final boolean ended() {
    return phase >= DONE;
  }

  /** Runs the next attempt, unless one is running on this thread's stack: it then loops. */
  private void nextAttempt() {
    if (PENDING.getAndIncrement(this) != 0) {
      return;
    }
    do {
      runAttempt();
    } while (PENDING.decrementAndGet(this) != 0);
  }

  private void runAttempt() {
    if (phase != ATTEMPTING) {
      return;
    }
    attempt++;
    try {
      if (breaker != null) {
        permit = breaker.acquire();
        if (phase >= CANCELLED) {
          releasePermit(); // cancelled while the permit was taken: unless the cancel gave it back
          return;
        }
      }
      if (timer != null && !arm()) {
        return;
      }
      Object publisher = call.call();
      if (publisher == null) {
        throw new NullPointerException("the guarded method returned null instead of " + type);
      }
      subscribeTo(publisher);
    } catch (Throwable failure) {
      failedNow(failure);
    }
  }

  /**
   * Arms the deadline of the attempt about to start: false when the scheduler refused it, the
   * call then ended as when it refuses a wait (user code that failed, not recovered), or when it
   * ran the deadline at once (the attempt failed by timeout before the method was called).
   */
  private boolean arm() {
    int number = attempt;
    open = number;
    Deadline task = new Deadline(this, number);
    Object handle;
    try {
      handle = scheduleAfter(task, timer.millis(), timer.scheduler());
    } catch (Throwable refused) {
      open = 0;
      endRefused(ATTEMPTING, refused);
      return false;
    }
    deadline = handle;
    if (phase >= CANCELLED) {
      cancelHandle(handle);
    }
    return open != -number; // a deadline that passed already: the method is not called
  }

  /**
   * The attempt's signal ends it: true, its deadline cancelled, unless the deadline ended it
   * first (or the signal is a late one of the attempt that timed out). True with no timer, and
   * for an attempt with no deadline (refused by the breaker).
   */
  private boolean endInTime() {
    int number = attempt;
    int current = open;
    if (current == number) {
      if (!OPEN.compareAndSet(this, number, 0)) {
        return false;
      }
      Object armed = deadline;
      if (armed != null) {
        cancelHandle(armed);
      }
      return true;
    }
    return current != -number;
  }

  /**
   * The deadline of attempt {@code number}: unless the attempt ended first, its subscription is
   * cancelled and it fails with the timeout.
   */
  final void deadlinePassed(int number) {
    if (!OPEN.compareAndSet(this, number, -number)) {
      return;
    }
    stale = true;
    Object current = upstream;
    if (current != null) {
      cancelHandle(current);
    }
    if (phase == ATTEMPTING) {
      attemptFailed(timer.timeout());
    }
  }

  /**
   * The attempt (or the recovery) ended with {@code failure}: an error signal, or a throw of the
   * method or of the breaker.
   */
  protected final void failed(Throwable failure) {
    if (stale) {
      return; // the failure of the attempt that timed out
    }
    failedNow(failure);
  }

  /** As {@link #failed}, for a throw on this loop's own stack: never a late signal. */
  private void failedNow(Throwable failure) {
    int current = phase;
    if (current == RECOVERING) {
      if (PHASE.compareAndSet(this, RECOVERING, DONE)) {
        emitError(failure);
      }
      return;
    }
    if (current != ATTEMPTING) {
      return; // cancelled: the failure of an abandoned attempt
    }
    if (timer != null && !endInTime()) {
      return; // its deadline ended it first
    }
    attemptFailed(failure);
  }

  /** The attempt in flight failed with {@code failure}: its breaker outcome, then the decision. */
  private void attemptFailed(Throwable failure) {
    settle(failure);
    if (retrier == null) {
      // A breaker alone: one attempt, then recovery; a cancellation is never recovered.
      giveUp(failure,
          failure instanceof CancellationException
              ? GiveUpReason.CANCELLED
              : GiveUpReason.NOT_RETRYABLE);
      return;
    }
    long decision;
    try {
      decision =
          retrier.decide(attempt, startNanos, failure, call.retryable(failure), call);
    } catch (Throwable thrown) {
      endWith(thrown);
      return;
    }
    if (DecisionOrder.retries(decision)) {
      waitThenRetry(failure, null, decision);
    } else {
      giveUp(failure, DecisionOrder.reason(decision));
    }
  }

  /**
   * The attempt (or the recovery) completed, with {@code value} when {@code hasValue}: a
   * single-valued publisher's value, or the completion of one of many values (passed on as they
   * came). A value that {@code retryOnResult} rejects is a failed attempt.
   */
  protected final void completed(T value, boolean hasValue) {
    if (stale) {
      return; // the completion of the attempt that timed out
    }
    int current = phase;
    if (current == RECOVERING) {
      if (PHASE.compareAndSet(this, RECOVERING, DONE)) {
        emitSuccess(value, hasValue);
      }
      return;
    }
    if (current != ATTEMPTING) {
      return;
    }
    if (timer != null && !endInTime()) {
      return; // its deadline ended it first
    }
    settle(null);
    if (retrier != null && hasValue) {
      long decision;
      try {
        if (!call.rejects(value)) {
          succeed(value, true);
          return;
        }
        decision = retrier.decideOnResult(attempt, startNanos, value, call);
      } catch (Throwable thrown) {
        endWith(thrown);
        return;
      }
      if (DecisionOrder.retries(decision)) {
        waitThenRetry(null, value, decision);
      } else {
        giveUpOnResult(value, DecisionOrder.reason(decision));
      }
      return;
    }
    succeed(value, hasValue);
  }

  private void succeed(T value, boolean hasValue) {
    if (!PHASE.compareAndSet(this, ATTEMPTING, DONE)) {
      return;
    }
    if (retrier != null) {
      retrier.succeeded(attempt, startNanos);
    }
    emitSuccess(value, hasValue);
  }

  /** Records the outcome of the attempt that ended: its permit, unless a cancel took it. */
  private void settle(Throwable failure) {
    if (breaker == null) {
      return;
    }
    long taken = PERMIT.getAndSet(this, CircuitBreakerGate.NO_PERMIT);
    if (taken == CircuitBreakerGate.NO_PERMIT) {
      return;
    }
    if (failure != null && call.breakerFailure(failure)) {
      breaker.onFailure(taken);
    } else {
      breaker.onSuccess(taken);
    }
  }

  /** Step 9 without blocking: tells {@code onRetry}, then waits on a scheduler. */
  private void waitThenRetry(Throwable failure, T result, long delayMillis) {
    if (!PHASE.compareAndSet(this, ATTEMPTING, REPORTING)) {
      return;
    }
    lastFailure = failure;
    lastResult = result;
    retrier.retrying(attempt, startNanos, failure, delayMillis);
    if (!PHASE.compareAndSet(this, REPORTING, WAITING)) {
      tellCancelled(); // cancelled while onRetry was told: its event comes after it
      return;
    }
    if (delayMillis == 0L) {
      run(); // nothing to time
      return;
    }
    Object handle;
    ScheduledExecutorService scheduler = retrier.scheduler();
    try {
      handle = scheduleAfter(this, delayMillis, scheduler);
    } catch (Throwable refused) {
      endRefused(WAITING, refused);
      return;
    }
    scheduledWait = handle;
    if (phase >= CANCELLED) {
      cancelHandle(handle);
    } else if (scheduler != null) {
      // The user's scheduler may drop the task without a word (shutdownNow(), say).
      DroppedWaits.watch(this, attempt, (Future<?>) handle, scheduler);
    }
  }

  /**
   * Schedules {@code task} after {@code millis}: on {@code scheduler}, the options' own, when one
   * was set, else on the library's scheduler.
   */
  private Object scheduleAfter(Runnable task, long millis, ScheduledExecutorService scheduler) {
    return scheduler != null
        ? scheduler.schedule(task, millis, TimeUnit.MILLISECONDS)
        : schedule(task, millis);
  }

  /**
   * A scheduler refused a wait or a deadline (shut down, say) while the call was in phase {@code
   * from}: the scheduler is the subscription's Sleeper, so the call ends with the refusal as user
   * code that failed, the attempt's permit given back; not recovered.
   */
  private void endRefused(int from, Throwable refusal) {
    if (PHASE.compareAndSet(this, from, DONE)) {
      releasePermit();
      if (retrier != null) {
        retrier.userCodeFailed(attempt, startNanos, refusal);
      }
      emitError(refusal);
    }
  }

  /** For {@link DroppedWaits}: whether the wait after {@code attempt} has not ended. */
  @Override
  public final boolean stillWaiting(long attempt) {
    return phase == WAITING && this.attempt == attempt;
  }

  /**
   * For {@link DroppedWaits}: the options' scheduler dropped the wait after {@code attempt}: the
   * call ends with a {@code RejectedExecutionException}, after {@code onFailure} with {@link
   * GiveUpReason#USER_CODE_FAILED}, as when the scheduler refuses the wait; not recovered.
   */
  @Override
  public final void waitDropped(long attempt, ScheduledExecutorService scheduler) {
    if (this.attempt != attempt || !PHASE.compareAndSet(this, WAITING, DONE)) {
      return;
    }
    Throwable dropped = DroppedWaits.dropped(retrier.label(), this.attempt + 1, scheduler);
    retrier.userCodeFailed(this.attempt, startNanos, dropped);
    emitError(dropped);
  }

  /** The wait is over: the next attempt, unless cancelled meanwhile or time ran out. */
  @Override
  public final void run() {
    if (!PHASE.compareAndSet(this, WAITING, ATTEMPTING)) {
      return;
    }
    scheduledWait = null;
    if (retrier.timeLeft(startNanos)) {
      nextAttempt();
    } else if (lastFailure != null) {
      giveUp(lastFailure, GiveUpReason.DURATION_EXHAUSTED);
    } else {
      giveUpOnResult(lastResult, GiveUpReason.DURATION_EXHAUSTED);
    }
  }

  /** Gives up after {@code failure}: {@code onFailure}, then the recovery or the failure itself. */
  private void giveUp(Throwable failure, GiveUpReason reason) {
    boolean cancellation = reason == GiveUpReason.CANCELLED;
    if (!PHASE.compareAndSet(this, ATTEMPTING, cancellation ? DONE : RECOVERING)) {
      return;
    }
    lastFailure = null;
    lastResult = null;
    if (retrier != null) {
      retrier.gaveUp(attempt, startNanos, failure, reason);
    }
    if (cancellation) {
      emitError(failure); // never recovered
      return;
    }
    try {
      Object recovery = call.recover(failure);
      if (recovery == null) {
        throw new NullPointerException("the recover method returned null instead of " + type);
      }
      subscribeTo(recovery);
    } catch (Throwable thrown) {
      failedNow(thrown); // in RECOVERING: passed on as it is, the failure itself when none applies
    }
  }

  /** Gives up on a rejected result: {@code onFailure}, then the last result, with no recovery. */
  private void giveUpOnResult(T result, GiveUpReason reason) {
    if (!PHASE.compareAndSet(this, ATTEMPTING, DONE)) {
      return;
    }
    lastResult = null;
    retrier.gaveUp(attempt, startNanos, null, reason);
    emitSuccess(result, true);
  }

  /** User code that threw ({@code retryIf}, {@code retryOnResult}, {@code delayFor}). */
  private void endWith(Throwable thrown) {
    if (!PHASE.compareAndSet(this, ATTEMPTING, DONE)) {
      return;
    }
    retrier.userCodeFailed(attempt, startNanos, thrown);
    emitError(thrown);
  }

  /**
   * The downstream cancelled (disposed): no further attempt; the attempt, wait or recovery in
   * flight is cancelled, the attempt's permit given back, and the listeners hear {@code
   * onFailure} with {@link GiveUpReason#CANCELLED} (not during a recovery: the call had ended
   * already; nor before the first attempt: no call was made).
   */
  protected final void cancelled() {
    int previous;
    while (true) {
      previous = phase;
      if (previous >= DONE) {
        return;
      }
      if (PHASE.compareAndSet(
          this, previous, previous == REPORTING ? CANCELLED_UNTOLD : CANCELLED)) {
        break;
      }
    }
    Object current = previous == WAITING ? scheduledWait : upstream;
    if (current != null) {
      cancelHandle(current);
    }
    Object armed = deadline;
    if (armed != null) {
      cancelHandle(armed);
    }
    releasePermit();
    if (previous != REPORTING && previous != RECOVERING) {
      tellCancelled();
    }
  }

  /** Gives the permit of an abandoned attempt back: it says nothing about the dependency. */
  private void releasePermit() {
    long taken = PERMIT.getAndSet(this, CircuitBreakerGate.NO_PERMIT);
    if (taken != CircuitBreakerGate.NO_PERMIT) {
      breaker.release(taken);
    }
  }

  private void tellCancelled() {
    if (retrier != null && attempt > 0) {
      retrier.gaveUp(
          attempt,
          startNanos,
          new CancellationException(retrier.label() + ": the subscription was cancelled"),
          GiveUpReason.CANCELLED);
    }
  }

  private void cancelHandle(Object handle) {
    if (handle instanceof Future) { // a wait on the options' scheduler
      ((Future<?>) handle).cancel(false);
    } else {
      cancel(handle);
    }
  }

  /** The deadline of one attempt, on the scheduler: the loop and that attempt's number. */
  private static final class Deadline implements Runnable {
    private final ReactiveLoop<?> loop;
    private final int attempt;

    Deadline(ReactiveLoop<?> loop, int attempt) {
      this.loop = loop;
      this.attempt = attempt;
    }

    @Override
    public void run() {
      loop.deadlinePassed(attempt);
    }
  }
}
