package io.retrygen.it;

import io.retrygen.test.VirtualTime;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A real scheduler whose thread always wins the race against the thread that schedules: each task
 * runs at once on the scheduler's thread, and {@code schedule} returns only once it has run, as a
 * scheduling thread that was preempted right after handing over a 0 ms task would see it. The
 * virtual clock still advances by the delay asked for, as the task starts.
 */
final class PromptScheduler extends ScheduledThreadPoolExecutor {
  private final VirtualTime clock;

  PromptScheduler(VirtualTime clock) {
    super(1);
    this.clock = clock;
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    long nanos = unit.toNanos(delay);
    ScheduledFuture<?> future =
        super.schedule(
            () -> {
              clock.advanceBy(nanos, TimeUnit.NANOSECONDS);
              command.run();
            },
            0,
            TimeUnit.MILLISECONDS);
    try {
      future.get(Outcomes.TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    } catch (ExecutionException | TimeoutException e) {
      throw new AssertionError("the task did not run", e);
    }
    return future;
  }
}
