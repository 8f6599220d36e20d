package io.retrygen.oracle;

import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A deterministic scheduler on the world's virtual clock: {@link #runUntilIdle} runs the tasks on
 * the calling thread in the order they are due (then in the order they were scheduled), moving
 * the clock to each. What the runtime schedules goes through the world, which traces it and may
 * make it late or throw; {@link #later} is the script's own, untraced.
 *
 * <p>Not retry-test's {@code VirtualTime}: the oracle needs what no user's test does, every wait
 * traced and made late or refused as the case's script says, deadlines told from waits, and
 * unexpected calls written into the trace instead of thrown.
 */
final class ManualScheduler extends AbstractExecutorService implements ScheduledExecutorService {
  /** Tasks run after which a call is a runaway. */
  private static final int LIMIT = 20_000;

  private final World world;
  private final PriorityQueue<Task> queue = new PriorityQueue<>();
  private long sequence;

  ManualScheduler(World world) {
    this.world = world;
  }

  /**
   * A wait of the runtime's, traced and as the script makes it go; or an attempt's {@code @Timeout}
   * deadline (SPEC §16), due after exactly its delay and untraced: what it does shows (the
   * attempt cancelled, its failure).
   */
  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    if (isDeadline(command)) {
      return enqueue(command, world.nanoTime() + unit.toNanos(delay));
    }
    return enqueue(command, world.scheduled(unit.toMillis(delay)));
  }

  /**
   * Whether {@code command} is an attempt's deadline: told by the runtime's classes that time one,
   * the asynchronous driver's and the reactive loop's (renaming them shows as waits that differ).
   */
  private static boolean isDeadline(Runnable command) {
    String name = command.getClass().getName();
    return name.equals("io.retrygen.runtime.internal.TimedAttempt")
        || name.equals("io.retrygen.runtime.internal.ReactiveLoop$Deadline");
  }

  /**
   * Runs {@code completion} {@code millis} ms from now, untraced; cancelling the returned task
   * keeps it from running (and from moving the clock).
   */
  ScheduledFuture<?> later(long millis, Runnable completion) {
    return enqueue(completion, world.nanoTime() + millis * 1_000_000L);
  }

  private Task enqueue(Runnable command, long dueNanos) {
    Task task = new Task(command, dueNanos, sequence++);
    queue.add(task);
    return task;
  }

  /** Runs every task due, in time order, until none is left. */
  void runUntilIdle() {
    for (int run = 0; !queue.isEmpty(); run++) {
      if (run == LIMIT) {
        world.trace.note("runaway: " + LIMIT + " scheduled tasks");
        queue.clear();
        return;
      }
      Task task = queue.poll();
      if (!task.cancelled) {
        world.advanceTo(task.dueNanos);
        task.command.run();
      }
    }
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    world.trace.note("unexpected schedule(Callable)");
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    world.trace.note("unexpected scheduleAtFixedRate");
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    world.trace.note("unexpected scheduleWithFixedDelay");
    throw new UnsupportedOperationException();
  }

  /** Not expected from the runtime: traced, then run as a task due now. */
  @Override
  public void execute(Runnable command) {
    world.trace.note("execute");
    enqueue(command, world.nanoTime());
  }

  @Override
  public void shutdown() {}

  @Override
  public List<Runnable> shutdownNow() {
    return Collections.emptyList();
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
    return true;
  }

  /** A scheduled task; cancelling it only keeps it from running. */
  private static final class Task implements ScheduledFuture<Object> {
    final Runnable command;
    final long dueNanos;
    final long sequence;
    boolean cancelled;

    Task(Runnable command, long dueNanos, long sequence) {
      this.command = command;
      this.dueNanos = dueNanos;
      this.sequence = sequence;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(dueNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
      Task that = (Task) other;
      int byTime = Long.compare(dueNanos, that.dueNanos);
      return byTime != 0 ? byTime : Long.compare(sequence, that.sequence);
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
      return null;
    }

    @Override
    public Object get(long timeout, TimeUnit unit) {
      return null;
    }
  }
}
