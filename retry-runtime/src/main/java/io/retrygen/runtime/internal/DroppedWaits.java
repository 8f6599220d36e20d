package io.retrygen.runtime.internal;

import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Watches the waits that asynchronous calls and reactive subscriptions scheduled on the options'
 * own scheduler, and ends a call whose wait that scheduler dropped: a scheduler gives no notice when {@code shutdownNow()}
 * drains its queue or {@code shutdown()} cancels its delayed tasks, and the call would otherwise
 * stay pending for ever.
 *
 * <p>A wait counts as dropped when its task was cancelled by someone else (the call cancels it
 * only once it has ended), or when its scheduler has terminated while the task never ran. Both
 * are read, never changed, so a scheduler that is not shut down, a test's manual one included, is
 * never affected. (After {@code shutdownNow()} a scheduler terminates once the tasks it was running
 * end; a wait it drained is noticed then.)
 *
 * <p>Cheap and idle when unused: registering a wait is one small object and one CAS; the check
 * runs on the runtime's timer every {@value #PERIOD_MILLIS} ms only while waits are registered,
 * and forgets those whose task ran. The call it ends is ended on the runtime's pool, so that its
 * listeners never hold up the timer.
 */
final class DroppedWaits {
  /** How often the registered waits are checked. */
  static final long PERIOD_MILLIS = 100L;

  /** The registered waits: a stack, pushed by CAS, taken whole by each check. */
  private static final AtomicReference<Node> WATCHED = new AtomicReference<Node>();
  /** Whether a check is scheduled on the timer. */
  private static final AtomicBoolean SCHEDULED = new AtomicBoolean();

  private static final Runnable CHECK =
      new Runnable() {
        @Override
        public void run() {
          checkNow();
          SCHEDULED.set(false);
          scheduleCheck(); // again, if waits are left
        }
      };

  private DroppedWaits() {}

  /**
   * Watches the wait of {@code call} in state {@code waiting}, whose task {@code pending} is on
   * {@code scheduler}, until that task runs.
   */
  static void watch(
      WatchedWait call, long waiting, Future<?> pending, ScheduledExecutorService scheduler) {
    push(new Node(call, waiting, pending, scheduler));
    scheduleCheck();
  }

  /**
   * What a call whose wait before {@code nextAttempt} was dropped ends with: a {@link
   * RejectedExecutionException} that says so.
   */
  static RejectedExecutionException dropped(
      String label, int nextAttempt, ScheduledExecutorService scheduler) {
    return new RejectedExecutionException(
        label + ": the scheduler dropped the wait before attempt " + nextAttempt
            + " (it was shut down, or the task cancelled), so no further attempt is made; "
            + scheduler);
  }

  private static void scheduleCheck() {
    if (WATCHED.get() != null && SCHEDULED.compareAndSet(false, true)) {
      SharedScheduler.TIMER.schedule(CHECK, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }
  }

  /** Checks every registered wait once: ends the calls whose wait was dropped. For tests too. */
  static void checkNow() {
    Node node = WATCHED.getAndSet(null);
    while (node != null) {
      Node next = node.next;
      if (node.call.stillWaiting(node.waiting)) {
        if (node.pending.isCancelled() || node.scheduler.isTerminated()) {
          SharedScheduler.POOL.execute(node);
        } else {
          push(node);
        }
      }
      node = next;
    }
  }

  private static void push(Node node) {
    while (true) {
      Node top = WATCHED.get();
      node.next = top;
      if (WATCHED.compareAndSet(top, node)) {
        return;
      }
    }
  }

  /** One watched wait; ends its call when run. */
  private static final class Node implements Runnable {
    final WatchedWait call;
    final long waiting;
    final Future<?> pending;
    final ScheduledExecutorService scheduler;
    Node next;

    Node(WatchedWait call, long waiting, Future<?> pending, ScheduledExecutorService scheduler) {
      this.call = call;
      this.waiting = waiting;
      this.pending = pending;
      this.scheduler = scheduler;
    }

    @Override
    public void run() {
      call.waitDropped(waiting, scheduler);
    }
  }
}
