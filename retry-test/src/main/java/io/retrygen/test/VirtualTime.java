package io.retrygen.test;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Time that passes only when a test says so: a {@link Sleeper}, a {@link Ticker} and a {@link
 * ScheduledExecutorService} in one object, so that a retry schedule runs at once and exactly.
 *
 * <pre>{@code
 * VirtualTime time = VirtualTime.start();
 * PaymentClient client = new PaymentClientRetrying(flaky, time.options());
 * client.charge("acct-42", 1999);                  // sleeps advance the time: no real wait
 * assertEquals(300, time.nowMillis());             // waited 100, then 200 ms
 *
 * CompletableFuture<Receipt> receipt = asyncClient.charge("acct-42", 1999);
 * time.runUntilIdle();                             // runs every scheduled retry, in time order
 * }</pre>
 *
 * <p>A synchronous retry's {@link #sleep} advances the time (and runs the tasks that fall due);
 * an asynchronous one schedules its later attempts here, which run on the thread that calls
 * {@link #advanceBy} or {@link #runUntilIdle}. Tasks due at the same time run in the order they
 * were scheduled. Thread-safe; tasks never run under its lock.
 */
public final class VirtualTime extends AbstractExecutorService
    implements Sleeper, Ticker, ScheduledExecutorService, AutoCloseable {
  /** A task that reschedules itself for ever would keep {@link #runUntilIdle} going. */
  private static final int MAX_TASKS_UNTIL_IDLE = 100_000;

  /** Guarded by this. */
  private long nanos;
  /** Guarded by this. */
  private long sequence;
  /** Guarded by this. */
  private boolean shutdown;
  /** Guarded by this. */
  private final PriorityQueue<Task<?>> tasks = new PriorityQueue<Task<?>>();
  /** Guarded by this. */
  private final List<Long> sleeps = new ArrayList<Long>();
  /** Guarded by this. */
  private final List<Long> scheduledDelays = new ArrayList<Long>();

  private VirtualTime() {}

  /** Time 0, with nothing scheduled. */
  public static VirtualTime start() {
    return new VirtualTime();
  }

  /** Options whose {@code Sleeper}, {@code Ticker} and scheduler are this object. */
  public RetryOptions options() {
    return RetryOptions.builder().sleeper(this).ticker(this).scheduler(this).build();
  }

  /** The milliseconds that have passed since {@link #start()}. */
  public synchronized long nowMillis() {
    return TimeUnit.NANOSECONDS.toMillis(nanos);
  }

  @Override
  public synchronized long nanoTime() {
    return nanos;
  }

  /** A wait of a synchronous retry: {@link #advanceBy} {@code millis}, at once. */
  @Override
  public void sleep(long millis) {
    synchronized (this) {
      sleeps.add(millis);
    }
    advanceBy(millis);
  }

  /**
   * Every wait asked of {@link #sleep} so far, in ms, in the order asked: a synchronous retry's
   * schedule, e.g. {@code [100, 200]}. A copy that later sleeps do not change.
   */
  public synchronized List<Long> sleeps() {
    return Collections.unmodifiableList(new ArrayList<Long>(sleeps));
  }

  /**
   * The delay of every task scheduled so far, in ms (truncated), in the order scheduled, whether
   * it has run, is pending or was cancelled: an asynchronous retry's waits (and the deadlines of
   * its timed attempts). {@link #execute} counts as a delay of 0; a periodic task counts once,
   * with its initial delay. A copy that later tasks do not change.
   */
  public synchronized List<Long> scheduledDelays() {
    return Collections.unmodifiableList(new ArrayList<Long>(scheduledDelays));
  }

  /**
   * Moves the time {@code millis} forward, running every task that falls due on the way, in time
   * order, each at its own time (a task scheduled by one of them runs too if it falls due).
   *
   * @throws IllegalArgumentException for a negative {@code millis}
   */
  public void advanceBy(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("millis < 0: " + millis);
    }
    long target;
    synchronized (this) {
      target = nanos + TimeUnit.MILLISECONDS.toNanos(millis);
    }
    runDueUntil(target);
  }

  /** Runs every task due at or before {@code target}, each at its time, then moves to it. */
  private void runDueUntil(long target) {
    for (Task<?> due = nextDue(target); due != null; due = nextDue(target)) {
      due.runAt();
    }
    synchronized (this) {
      nanos = Math.max(nanos, target);
    }
  }

  /**
   * {@link #advanceBy(long)} in any unit, e.g. {@code advanceBy(999_999, TimeUnit.NANOSECONDS)} to
   * stop just short of a deadline.
   *
   * @throws IllegalArgumentException for a negative {@code amount}
   */
  public void advanceBy(long amount, TimeUnit unit) {
    if (amount < 0) {
      throw new IllegalArgumentException("amount < 0: " + amount);
    }
    long target;
    synchronized (this) {
      target = nanos + unit.toNanos(amount);
    }
    runDueUntil(target);
  }

  /**
   * Advances to the earliest scheduled task (the time never goes back: one due in the past runs
   * now) and runs it, one task at a time, to look at what happens between them.
   *
   * @return whether a task ran (false when nothing is scheduled)
   */
  public boolean runNext() {
    Task<?> next = nextDue(Long.MAX_VALUE);
    if (next == null) {
      return false;
    }
    next.runAt();
    return true;
  }

  /**
   * Advances to each scheduled task in turn and runs it, until none is left (tasks scheduled by
   * the tasks included).
   *
   * @throws IllegalStateException when tasks keep scheduling tasks (100,000 run without an end,
   *     e.g. a periodic one)
   */
  public void runUntilIdle() {
    for (int run = 0; ; run++) {
      Task<?> next = nextDue(Long.MAX_VALUE);
      if (next == null) {
        return;
      }
      if (run == MAX_TASKS_UNTIL_IDLE) {
        throw new IllegalStateException(
            "still not idle after " + MAX_TASKS_UNTIL_IDLE + " tasks: a task that reschedules"
                + " itself for ever (a periodic one?); use advanceBy");
      }
      next.runAt();
    }
  }

  /** The tasks scheduled and not yet run or cancelled. */
  public synchronized int pendingTasks() {
    return tasks.size();
  }

  /** Takes the earliest task due at or before {@code target}, moving the time to it; or null. */
  private synchronized Task<?> nextDue(long target) {
    Task<?> first = tasks.peek();
    if (first == null || first.dueNanos > target) {
      return null;
    }
    tasks.poll();
    nanos = Math.max(nanos, first.dueNanos);
    return first;
  }

  private synchronized <V> Task<V> enqueue(Task<V> task) {
    if (shutdown) {
      throw new RejectedExecutionException("VirtualTime is shut down");
    }
    tasks.add(task);
    return task;
  }

  /** The due time of a task scheduled now with this delay, which it records. */
  private synchronized long dueIn(long delay, TimeUnit unit) {
    if (shutdown) {
      throw new RejectedExecutionException("VirtualTime is shut down");
    }
    scheduledDelays.add(unit.toMillis(delay));
    return nanos + Math.max(0L, unit.toNanos(delay));
  }

  private synchronized long nextSequence() {
    return sequence++;
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Callable<Object> callable = Executors.callable(command);
    return enqueue(new Task<Object>(callable, dueIn(delay, unit), 0L));
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    if (callable == null) {
      throw new NullPointerException("callable == null");
    }
    return enqueue(new Task<V>(callable, dueIn(delay, unit), 0L));
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    return schedulePeriodic(command, initialDelay, period, unit);
  }

  /** As {@link #scheduleAtFixedRate}: in virtual time a task takes no time, so they agree. */
  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    return schedulePeriodic(command, initialDelay, delay, unit);
  }

  private ScheduledFuture<?> schedulePeriodic(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    if (period <= 0) {
      throw new IllegalArgumentException("period <= 0: " + period);
    }
    Callable<Object> callable = Executors.callable(command);
    return enqueue(new Task<Object>(callable, dueIn(initialDelay, unit), unit.toNanos(period)));
  }

  /** Runs {@code command} when the time next moves (at the current time). */
  @Override
  public void execute(Runnable command) {
    schedule(command, 0L, TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void shutdown() {
    shutdown = true;
  }

  @Override
  public List<Runnable> shutdownNow() {
    List<Runnable> left;
    synchronized (this) {
      shutdown = true;
      left = new ArrayList<Runnable>(tasks);
      tasks.clear();
    }
    return Collections.unmodifiableList(left);
  }

  /**
   * Shuts down and drops the tasks still scheduled, as {@link #shutdownNow}: the time does not
   * move by itself, so waiting for them, as {@code ExecutorService.close()} does from Java 19 on,
   * would never end. Try-with-resources and a container closing its beans call this one.
   */
  @Override
  public void close() {
    shutdownNow();
  }

  @Override
  public synchronized boolean isShutdown() {
    return shutdown;
  }

  @Override
  public synchronized boolean isTerminated() {
    return shutdown && tasks.isEmpty();
  }

  /** Never waits: the time moves only when the test moves it. */
  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return isTerminated();
  }

  @Override
  public synchronized String toString() {
    return "VirtualTime{" + nowMillis() + " ms, " + tasks.size() + " tasks}";
  }

  /** A scheduled task: a {@code FutureTask} with its due time and its place in the order. */
  private final class Task<V> extends FutureTask<V> implements RunnableScheduledFuture<V> {
    /** Guarded by the VirtualTime; changed only while the task is out of the queue. */
    private long dueNanos;
    private final long seq;
    /** 0 for a one-shot task. */
    private final long periodNanos;

    Task(Callable<V> callable, long dueNanos, long periodNanos) {
      super(callable);
      this.dueNanos = dueNanos;
      this.periodNanos = periodNanos;
      this.seq = nextSequence();
    }

    /** Runs it at its time, out of the queue; a periodic one goes back for its next time. */
    void runAt() {
      if (periodNanos == 0L) {
        run();
        return;
      }
      if (runAndReset()) {
        synchronized (VirtualTime.this) {
          dueNanos += periodNanos;
          if (!shutdown) {
            tasks.add(this);
          }
        }
      }
    }

    @Override
    public boolean isPeriodic() {
      return periodNanos != 0L;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      boolean cancelled = super.cancel(mayInterruptIfRunning);
      if (cancelled) {
        synchronized (VirtualTime.this) {
          tasks.remove(this);
        }
      }
      return cancelled;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      synchronized (VirtualTime.this) {
        return unit.convert(dueNanos - nanos, TimeUnit.NANOSECONDS);
      }
    }

    @Override
    public int compareTo(Delayed other) {
      if (other == this) {
        return 0;
      }
      if (other instanceof Task) {
        Task<?> that = (Task<?>) other;
        int byTime = Long.compare(dueNanos, that.dueNanos);
        return byTime != 0 ? byTime : Long.compare(seq, that.seq);
      }
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }
  }
}
