package io.retrygen.rxjava3;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The options' own scheduler in a test: it keeps what it is given, with its delay, for the test to
 * run by hand; it starts no thread.
 *
 * <p>Kept beside retry-test's {@code VirtualTime}, which the other tests use, for one thing it
 * rightly does not offer: running the command of a wait the call has cancelled, as a scheduler
 * that lost the race with {@code cancel} would ({@code
 * SingleLoopGuardsTest.disposingDuringAWaitOnTheOptionsSchedulerCancelsIt}).
 */
class ManualScheduler extends ScheduledThreadPoolExecutor {
  final List<Task> tasks = new ArrayList<>();

  ManualScheduler() {
    super(1);
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Task task = new Task(command, unit.toMillis(delay));
    tasks.add(task);
    return task;
  }

  /** One wait given to the scheduler. */
  static final class Task implements ScheduledFuture<Object> {
    final Runnable command;
    final long delayMillis;
    volatile boolean cancelled;

    Task(Runnable command, long delayMillis) {
      this.command = command;
      this.delayMillis = delayMillis;
    }

    void run() {
      if (!cancelled) {
        command.run();
      }
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(delayMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
      return Long.compare(getDelay(TimeUnit.MILLISECONDS), other.getDelay(TimeUnit.MILLISECONDS));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      cancelled = true;
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public boolean isDone() {
      return cancelled;
    }

    @Override
    public Object get() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Object get(long timeout, TimeUnit unit) {
      throw new UnsupportedOperationException();
    }
  }
}
