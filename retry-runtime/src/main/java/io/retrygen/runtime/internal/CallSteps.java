package io.retrygen.runtime.internal;

import io.retrygen.GiveUpReason;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;

/**
 * The scheduling of one {@link AsyncCall}: observes the outcome of each attempt's stage, and after
 * a decision to retry tells {@code onRetry} and runs the next attempt once its wait is over, on
 * the options' scheduler when one was set, else on the runtime's daemon timer, which only times
 * the wait and hands the attempt to the runtime's pool (after a wait of 0 ms, straight to that
 * pool). No attempt ever runs on the stack of the previous one's completion. A separate object, so
 * that neither callback is a public method of the call's future; made once per call, when first
 * needed.
 *
 * @param <T> the value of the call
 */
@Api24
final class CallSteps<T> extends RetryHooks<T> implements BiFunction<T, Throwable, Void>, Runnable, WatchedWait {
  private final AsyncCall<T> call;
  /** The failure that led to the pending wait; null when a result was rejected. */
  private Throwable lastFailure;
  /** The rejected result that led to the pending wait. */
  private T lastResult;

  CallSteps(AsyncCall<T> call) {
    this.call = call;
  }

  @Override
  protected boolean retryIf(Throwable failure) throws Throwable {
    return call.retryIf(failure);
  }

  @Override
  protected long delayFor(Throwable failure) throws Throwable {
    return call.delayFor(failure);
  }

  @Override
  protected long delayForResult(T result) throws Throwable {
    return call.delayForResult(result);
  }

  @Override
  protected boolean rejects(T result) throws Throwable {
    return call.rejects(result);
  }

  /**
   * Step 9 without blocking, after the decision to retry: tells the listeners of the retry, then
   * schedules the next attempt after {@code delayMillis}. The wait's task checks {@code
   * maxDuration} again ({@link #run}). A scheduler that refuses the task ends the call as user
   * code that failed: it is the asynchronous call's {@code Sleeper}.
   */
  void waitThenRetry(Throwable failure, T result, long delayMillis) {
    int attempt = call.attempt();
    lastFailure = failure;
    lastResult = result;
    if (!call.advance(
        CallState.state(attempt, CallState.ATTEMPTING),
        CallState.state(attempt, CallState.REPORTING))) {
      return; // ended from outside while the hooks ran: no onRetry after its event
    }
    call.retrier.retrying(attempt, call.startNanos, failure, delayMillis);
    long waiting = CallState.state(attempt, CallState.WAITING);
    if (!CallState.STATE.compareAndSet(
        call, CallState.state(attempt, CallState.REPORTING), waiting)) {
      call.tellUntoldEnd(); // ended from outside while onRetry was told: its event comes after it
      return;
    }
    ScheduledExecutorService scheduler = call.retrier.scheduler();
    Future<?> pending;
    try {
      pending = scheduleAfter(scheduler, delayMillis);
    } catch (Throwable schedulerFailure) {
      call.abort(schedulerFailure, GiveUpReason.USER_CODE_FAILED); // a scheduler shut down, say
      return;
    }
    // Not over the attempt its task may have started already, on another thread, before
    // schedule() returned: that attempt is the one cancel() must reach.
    CallState.IN_FLIGHT.compareAndSet(call, null, pending);
    if (call.endedOutside()) {
      Stages.cancelQuietly(pending, false);
    } else if (scheduler != null) {
      // The user's scheduler may drop the task without a word (shutdownNow(), say).
      DroppedWaits.watch(this, waiting, pending, scheduler);
    }
  }

  /**
   * Schedules the next attempt after {@code delayMillis}: on {@code scheduler}, or with null on
   * the runtime's own threads.
   *
   * @throws java.util.concurrent.RejectedExecutionException when the scheduler refuses the task
   */
  private Future<?> scheduleAfter(ScheduledExecutorService scheduler, long delayMillis) {
    if (scheduler != null) {
      return scheduler.schedule(this, delayMillis, TimeUnit.MILLISECONDS);
    }
    if (delayMillis == 0) {
      return SharedScheduler.POOL.submit(this); // nothing to time
    }
    return SharedScheduler.TIMER.schedule(new Handoff(this), delayMillis, TimeUnit.MILLISECONDS);
  }

  /** The attempt's stage completed: its outcome, on the thread that completed it. */
  @Override
  public Void apply(T result, Throwable failure) {
    try {
      call.attemptCompleted(result, failure);
    } catch (Throwable unexpected) {
      call.crash(unexpected);
    }
    return null;
  }

  /** The wait is over: the next attempt. */
  @Override
  public void run() {
    try {
      waitEnded();
    } catch (Throwable unexpected) {
      call.crash(unexpected);
    }
  }

  /**
   * The next attempt, unless the call ended meanwhile, or time ran out: then it gives up as
   * {@link GiveUpReason#DURATION_EXHAUSTED}.
   */
  private void waitEnded() {
    long current = call.state;
    if (CallState.phaseOf(current) != CallState.WAITING) {
      return; // ended from outside during the wait
    }
    call.inFlight = null;
    int attempt = CallState.attemptsOf(current);
    if (!call.advance(current, CallState.state(attempt, CallState.IDLE))) {
      return;
    }
    if (call.retrier.timeLeft(call.startNanos)) {
      call.runAttempt(attempt);
    } else if (lastFailure != null) {
      call.giveUp(lastFailure, GiveUpReason.DURATION_EXHAUSTED);
    } else {
      call.giveUpOnResult(lastResult, GiveUpReason.DURATION_EXHAUSTED);
    }
  }

  @Override
  public boolean stillWaiting(long waiting) {
    return call.state == waiting;
  }

  /**
   * The scheduler dropped the wait {@code waiting} (shut down, or its task cancelled by someone
   * else): unless the task ran meanwhile, the call ends with a {@link RejectedExecutionException},
   * as when the scheduler refuses the wait, after {@code onFailure} with {@link
   * GiveUpReason#USER_CODE_FAILED}; not recovered.
   */
  @Override
  public void waitDropped(long waiting, ScheduledExecutorService scheduler) {
    int attempt = CallState.attemptsOf(waiting);
    if (!call.advance(waiting, CallState.state(attempt, CallState.SETTLING))) {
      return;
    }
    RejectedExecutionException dropped =
        DroppedWaits.dropped(call.label(), attempt + 1, scheduler);
    call.retrier.gaveUp(attempt, call.startNanos, dropped, GiveUpReason.USER_CODE_FAILED);
    call.future.settleExceptionally(dropped);
  }

  /** On the runtime's timer: hands the next attempt to the runtime's pool after the wait. */
  @Api24
  private static final class Handoff implements Runnable {
    private final CallSteps<?> next;

    Handoff(CallSteps<?> next) {
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

  /** Completes a call with the outcome of its recovery. */
  @Api24
  static final class Relay<T> implements BiFunction<T, Throwable, Void> {
    private final CallState<T> call;

    Relay(CallState<T> call) {
      this.call = call;
    }

    @Override
    public Void apply(T value, Throwable failure) {
      call.inFlight = null;
      if (failure != null) {
        call.future.settleExceptionally(Stages.unwrap(failure));
      } else {
        call.future.settle(value);
      }
      return null;
    }
  }

  /** The end event of a call ended from outside while {@code onRetry} was told. */
  @Api24
  static final class UntoldEnd implements BiConsumer<Object, Throwable> {
    private final CallState<?> call;
    private final int attempt;

    UntoldEnd(CallState<?> call, int attempt) {
      this.call = call;
      this.attempt = attempt;
    }

    @Override
    public void accept(Object value, Throwable failure) {
      call.tellListeners(failure, attempt);
    }
  }
}
