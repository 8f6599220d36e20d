package io.retrygen.runtime.testing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler run by the test in virtual time: {@link #schedule(Runnable, long, TimeUnit)} only
 * queues the task and records its delay; {@link #runNext} advances the {@link FakeClock} by that
 * delay, then runs the task on the calling thread. Cancelling a returned future removes its task
 * from the queue. Only that method is supported; the others throw {@link
 * UnsupportedOperationException}. Confined to the test's thread.
 *
 * <p>retry-test depends on this module, so its tests keep their own scheduler instead of
 * retry-test's {@code VirtualTime}.
 */
public final class ManualScheduler extends AbstractExecutorService implements ScheduledExecutorService {
  private final FakeClock clock;
  private final Deque<Task> queue = new ArrayDeque<Task>();
  /** The delay of every task scheduled, in ms, in order. */
  public final List<Long> delays = new ArrayList<Long>();
  /** Tasks whose future was cancelled while they were queued. */
  public int cancelled;
  /** When set, {@link #schedule} throws it instead of queueing. */
  public RuntimeException rejectWith;
  /**
   * When set, {@link #schedule} runs the task before it returns, as a pool thread may do with
   * a short wait before the scheduling thread gets to run again.
   */
  public boolean runBeforeReturning;
  /** When set, cancelling a future neither removes its task nor marks it cancelled. */
  public boolean ignoreCancel;

  public ManualScheduler(FakeClock clock) {
    this.clock = clock;
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    if (command == null || unit == null) {
      throw new NullPointerException();
    }
    if (rejectWith != null) {
      throw rejectWith;
    }
    long delayMillis = unit.toMillis(delay);
    delays.add(delayMillis);
    Task task = new Task(command, delayMillis);
    if (runBeforeReturning) {
      task.run();
    } else {
      queue.addLast(task);
    }
    return task;
  }

  /** Advances the clock by the first queued task's delay and runs it; fails when none is queued. */
  public void runNext() {
    Task task = queue.pollFirst();
    if (task == null) {
      throw new AssertionError("no task scheduled");
    }
    task.run();
  }

  /**
   * Advances the clock by {@code millis} instead of the first queued task's delay (a wait that
   * overran, or ended early), then runs that task.
   */
  public void runNextAfter(long millis) {
    Task task = queue.pollFirst();
    if (task == null) {
      throw new AssertionError("no task scheduled");
    }
    task.run(millis);
  }

  /** The tasks waiting to run. */
  public int pending() {
    return queue.size();
  }

  private final class Task implements ScheduledFuture<Object> {
    private final Runnable command;
    private final long delayMillis;
    private boolean done;
    private boolean wasCancelled;

    Task(Runnable command, long delayMillis) {
      this.command = command;
      this.delayMillis = delayMillis;
    }

    void run() {
      run(delayMillis);
    }

    void run(long advanceMillis) {
      clock.advanceMillis(advanceMillis);
      done = true;
      command.run();
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      if (done || ignoreCancel) {
        return false;
      }
      done = true;
      wasCancelled = true;
      if (queue.remove(this)) {
        cancelled++;
      }
      return true;
    }

    @Override
    public boolean isCancelled() {
      return wasCancelled;
    }

    @Override
    public boolean isDone() {
      return done;
    }

    @Override
    public Object get() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Object get(long timeout, TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(delayMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }
  }

  // ------------------------------------------------------------------ not supported

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void execute(Runnable command) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void shutdown() {
    throw new UnsupportedOperationException();
  }

  @Override
  public List<Runnable> shutdownNow() {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }
}
