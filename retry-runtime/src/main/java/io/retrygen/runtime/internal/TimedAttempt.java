package io.retrygen.runtime.internal;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.BiFunction;

/**
 * One attempt of an {@link AsyncCall} under {@code @Timeout} (SPEC §16): its deadline and its
 * outcome, whichever comes first; the other then counts nothing. Made per attempt, only for a
 * method with a timeout, so that a late outcome of an attempt that timed out is never taken for
 * the next attempt's.
 *
 * <p>The deadline is armed just before the method is called. When it passes while the method is
 * still running on the attempt's thread (it blocks before returning its stage), that thread fails
 * the attempt once the method returns, its stage cancelled; when it passes while the stage is
 * pending, the stage is cancelled and the attempt fails with {@link AttemptTimer#timeout()}, on
 * the options' scheduler, or on the runtime's pool (the runtime's timer only times it).
 *
 * @param <T> the value of the call
 */
@Api24
final class TimedAttempt<T> implements BiFunction<T, Throwable, Void>, Runnable {
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicIntegerFieldUpdater<TimedAttempt> STATE =
      AtomicIntegerFieldUpdater.newUpdater(TimedAttempt.class, "state");

  /** The method is being called, on the attempt's thread. */
  private static final int CALLING = 0;
  /** Its stage is pending: the first of its completion and the deadline ends the attempt. */
  private static final int WATCHING = 1;
  /** Ended: by the stage's outcome, by the method's return or throw, or by the deadline. */
  private static final int ENDED = 2;
  /** The deadline passed while the method was being called: its caller fails the attempt. */
  private static final int LATE = 3;
  /** The deadline ended the attempt and its failure is handed to the runtime's pool. */
  private static final int EXPIRING = 4;

  private final AsyncCall<T> call;
  private volatile int state;
  private volatile Future<?> deadline;
  private CompletionStage<? extends T> stage;

  TimedAttempt(AsyncCall<T> call) {
    this.call = call;
  }

  /**
   * Arms the deadline.
   *
   * @throws java.util.concurrent.RejectedExecutionException when the options' scheduler refuses it
   */
  void arm() {
    deadline = call.timer.atDeadline(this);
  }

  /**
   * The method returned or threw without a stage to watch: true when the attempt ended so, its
   * deadline disarmed; false when the deadline had passed (the attempt then failed by timeout).
   */
  boolean endCalling() {
    if (STATE.compareAndSet(this, CALLING, ENDED)) {
      disarm();
      return true;
    }
    return false;
  }

  /**
   * The method returned {@code pending}, watched already: true when its outcome or the deadline
   * now ends the attempt (its callback registered by the caller); false when the deadline had
   * passed.
   */
  boolean watching(CompletionStage<? extends T> pending) {
    stage = pending; // published by the CAS
    return STATE.compareAndSet(this, CALLING, WATCHING);
  }

  /** The stage completed: the attempt's outcome, unless the deadline came first. */
  @Override
  public Void apply(T result, Throwable failure) {
    if (!STATE.compareAndSet(this, WATCHING, ENDED)) {
      return null; // the attempt timed out: its late outcome counts nothing
    }
    disarm();
    try {
      call.attemptCompleted(result, failure);
    } catch (Throwable unexpected) {
      call.crash(unexpected);
    }
    return null;
  }

  /** The deadline (on the scheduler or the runtime's timer), or the hand-off to the pool. */
  @Override
  public void run() {
    if (state == EXPIRING) {
      expire(); // on the runtime's pool
      return;
    }
    if (STATE.compareAndSet(this, CALLING, LATE)) {
      return; // the attempt's thread fails it once the method returns
    }
    if (!STATE.compareAndSet(this, WATCHING, EXPIRING)) {
      return; // ended first
    }
    if (!call.timer.onRuntimeTimer()) {
      expire();
      return;
    }
    try {
      SharedScheduler.POOL.execute(this); // the timer's tasks must be short
    } catch (Throwable refused) {
      call.crash(refused);
    }
  }

  private void expire() {
    try {
      cancelStage(stage);
      call.attemptCompleted(null, call.timer.timeout());
    } catch (Throwable unexpected) {
      call.crash(unexpected);
    }
  }

  /** Cancels {@code pending} when it is a {@link Future}: the attempt that ran out of time. */
  static void cancelStage(CompletionStage<?> pending) {
    if (pending instanceof Future) {
      Stages.cancelQuietly((Future<?>) pending, true);
    }
  }

  private void disarm() {
    Future<?> armed = deadline;
    if (armed != null) {
      armed.cancel(false);
    }
  }
}
