package io.retrygen.reactor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler for the options whose waits run when the test says: {@link #runDue} runs every
 * wait scheduled so far, at once, whatever its delay; {@link #delays} says which were asked.
 */
final class ManualScheduler extends AbstractExecutorService implements ScheduledExecutorService {
  private final List<Task> tasks = new ArrayList<Task>();
  private final List<Long> delays = new ArrayList<Long>();

  synchronized List<Long> delays() {
    return new ArrayList<Long>(delays);
  }

  /** The waits scheduled and neither run nor cancelled. */
  synchronized int pending() {
    int count = 0;
    for (Task task : tasks) {
      if (!task.isDone()) {
        count++;
      }
    }
    return count;
  }

  /** Runs every wait scheduled so far, cancelled ones included (they then do nothing). */
  void runDue() {
    List<Task> due;
    synchronized (this) {
      due = new ArrayList<Task>(tasks);
      tasks.clear();
    }
    for (Task task : due) {
      task.run();
    }
  }

  @Override
  public synchronized ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Task task = new Task(command, unit.toMillis(delay));
    tasks.add(task);
    delays.add(unit.toMillis(delay));
    return task;
  }

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

  @Override
  public void execute(Runnable command) {
    throw new UnsupportedOperationException();
  }

  private static final class Task extends FutureTask<Void> implements ScheduledFuture<Void> {
    private final long delayMillis;

    Task(Runnable command, long delayMillis) {
      super(command, null);
      this.delayMillis = delayMillis;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(delayMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
      return Long.compare(getDelay(TimeUnit.MILLISECONDS), other.getDelay(TimeUnit.MILLISECONDS));
    }
  }
}
