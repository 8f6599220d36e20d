package io.retrygen.runtime.internal;

import io.retrygen.runtime.AttemptTimeoutException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Not API. The {@code @Timeout} of one guarded method of one generated instance, made by {@link
 * TimeoutPolicy#bind}: the innermost guard around each attempt.
 *
 * <p><b>Synchronous attempts.</b> The generated code runs, in effect,
 *
 * <pre>{@code
 * long ticket = timer.arm();          // the calling thread's deadline
 * try {
 *   result = delegate.call(args);
 * } catch (Throwable failure) {
 *   timer.threw(ticket);              // AttemptTimeoutException if the attempt ran out
 *   throw failure;
 * }
 * timer.returned(ticket);             // AttemptTimeoutException if it ran out: the result is dropped
 * }</pre>
 *
 * At the deadline the runtime interrupts the calling thread; {@link #returned} and {@link #threw}
 * clear that interrupt before they throw. An interrupt from anyone else is kept; a deadline that
 * comes after the attempt ended does nothing: no stray interrupt, ever.
 *
 * <p><b>Deferred attempts</b> (a stage, a subscription): the driver asks {@link #atDeadline} to run
 * its cancellation after the limit, on the options' scheduler when one was set, else on the
 * runtime's timer, and fails the attempt with {@link #timeout()}.
 */
public final class AttemptTimer {
  private final String label;
  private final long millis;
  /** {@link #millis} in nanoseconds, saturated. */
  private final long nanos;
  /** The options' own scheduler, null for the runtime's timer. */
  private final ScheduledExecutorService scheduler;

  AttemptTimer(String label, long millis, ScheduledExecutorService scheduler) {
    this.label = label;
    this.millis = millis;
    this.nanos = millis > Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : millis * 1_000_000L;
    this.scheduler = scheduler;
  }

  /** The guarded method's label, for messages. */
  public String label() {
    return label;
  }

  /** The limit of each attempt, in milliseconds. */
  public long millis() {
    return millis;
  }

  /** The failure of an attempt that ran out of time: a new exception each time. */
  public AttemptTimeoutException timeout() {
    return new AttemptTimeoutException(label, millis);
  }

  /**
   * Before a synchronous attempt on the calling thread: arms its deadline.
   *
   * @return the ticket to pass to {@link #returned} or {@link #threw}
   */
  public long arm() {
    return Watchdog.arm(nanos);
  }

  /**
   * The synchronous attempt of {@code ticket} returned: disarms its deadline.
   *
   * @throws AttemptTimeoutException when it ran out first (its interrupt cleared; the result is
   *     dropped)
   */
  public void returned(long ticket) {
    if (Watchdog.disarm(ticket)) {
      throw timeout();
    }
  }

  /**
   * The synchronous attempt of {@code ticket} threw: disarms its deadline; the caller then rethrows
   * its failure.
   *
   * @throws AttemptTimeoutException instead, when the attempt ran out first (its interrupt cleared)
   */
  public void threw(long ticket) {
    if (Watchdog.disarm(ticket)) {
      throw timeout();
    }
  }

  /**
   * Runs {@code onDeadline} once the limit has passed, unless the returned task is cancelled first:
   * on the options' scheduler when one was set, else on the runtime's timer (whose tasks must be
   * short: hand anything longer over).
   */
  public Future<?> atDeadline(Runnable onDeadline) {
    ScheduledExecutorService target = scheduler != null ? scheduler : SharedScheduler.TIMER;
    return target.schedule(onDeadline, millis, TimeUnit.MILLISECONDS);
  }

  /** The options' scheduler, null when none was set. */
  ScheduledExecutorService scheduler() {
    return scheduler;
  }

  /** Whether {@link #atDeadline} runs on the runtime's timer, whose tasks must be short. */
  boolean onRuntimeTimer() {
    return scheduler == null;
  }

  @Override
  public String toString() {
    return "AttemptTimer{" + label + ", " + millis + " ms}";
  }
}
