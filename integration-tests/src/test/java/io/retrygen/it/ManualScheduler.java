package io.retrygen.it;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler in virtual time for asynchronous retries: {@link #schedule(Runnable, long,
 * TimeUnit)} only queues the task; {@link #runNext()} advances the {@link FakeClock} (the one the
 * options use as their {@code Ticker}) to the task's due time, which is its delay after it was
 * scheduled, and runs it on the calling thread. A cancelled task leaves the queue. Thread-safe, so
 * that an attempt completed on another thread may schedule the next one; the other methods of
 * {@link ScheduledExecutorService} throw {@link UnsupportedOperationException}.
 */
final class ManualScheduler implements ScheduledExecutorService {
  private final FakeClock clock;
  private final List<Task> queue = new ArrayList<>();
  /** Every delay asked for, in ms, in the order asked; cancelled ones included. */
  private final List<Long> delays = new ArrayList<>();
  private long sequence;

  ManualScheduler(FakeClock clock) {
    this.clock = clock;
  }

  /** Tasks scheduled and neither run nor cancelled. */
  synchronized int pending() {
    return queue.size();
  }

  /** Every delay asked for so far, in ms. */
  synchronized List<Long> delays() {
    return new ArrayList<>(delays);
  }

  /**
   * Advances the clock to the due time of the earliest task (never backwards) and runs it here.
   *
   * @return the delay the task was scheduled with, in ms
   * @throws AssertionError when nothing is pending
   */
  long runNext() {
    Task next;
    synchronized (this) {
      if (queue.isEmpty()) {
        throw new AssertionError("no task pending");
      }
      next = queue.get(0);
      for (Task task : queue) {
        if (task.dueNanos < next.dueNanos) {
          next = task;
        }
      }
      queue.remove(next);
    }
    long ahead = next.dueNanos - clock.nanoTime();
    if (ahead > 0) {
      clock.advanceNanos(ahead);
    }
    next.run();
    return next.delayMillis;
  }

  /** Runs tasks until none is pending, at most {@code limit} of them; returns how many ran. */
  int runAll(int limit) {
    int ran = 0;
    while (pending() > 0) {
      if (ran == limit) {
        throw new AssertionError("still " + pending() + " pending after " + limit + " tasks");
      }
      runNext();
      ran++;
    }
    return ran;
  }

  @Override
  public synchronized ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    if (command == null || unit == null) {
      throw new NullPointerException();
    }
    long delayMillis = unit.toMillis(delay);
    delays.add(delayMillis);
    Task task = new Task(command, delayMillis, clock.nanoTime() + unit.toNanos(delay), sequence++);
    queue.add(task);
    return task;
  }

  private synchronized boolean dequeue(Task task) {
    return queue.remove(task);
  }

  /** One scheduled task: done once run or cancelled. */
  private final class Task implements ScheduledFuture<Object> {
    private final Runnable command;
    private final long delayMillis;
    private final long dueNanos;
    private final long order;
    private volatile boolean done;
    private volatile boolean cancelled;

    Task(Runnable command, long delayMillis, long dueNanos, long order) {
      this.command = command;
      this.delayMillis = delayMillis;
      this.dueNanos = dueNanos;
      this.order = order;
    }

    void run() {
      done = true;
      command.run();
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      if (!dequeue(this)) {
        return false;
      }
      cancelled = true;
      done = true;
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public boolean isDone() {
      return done;
    }

    @Override
    public Object get() throws ExecutionException {
      if (cancelled) {
        throw new CancellationException();
      }
      if (!done) {
        throw new UnsupportedOperationException("would block: call runNext()");
      }
      return null;
    }

    @Override
    public Object get(long timeout, TimeUnit unit) throws ExecutionException {
      return get();
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(dueNanos - clock.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
      long mine = getDelay(TimeUnit.NANOSECONDS);
      long theirs = other.getDelay(TimeUnit.NANOSECONDS);
      if (mine != theirs) {
        return mine < theirs ? -1 : 1;
      }
      return other instanceof Task ? Long.compare(order, ((Task) other).order) : 0;
    }

    @Override
    public String toString() {
      return "Task{delay=" + delayMillis + "ms, due=" + dueNanos + "ns}";
    }
  }

  // --- not used by the runtime

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
  public <T> Future<T> submit(Callable<T> task) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> Future<T> submit(Runnable task, T result) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Future<?> submit(Runnable task) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> List<Future<T>> invokeAll(
      Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void execute(Runnable command) {
    throw new UnsupportedOperationException();
  }
}
