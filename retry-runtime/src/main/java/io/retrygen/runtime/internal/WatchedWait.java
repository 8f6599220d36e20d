package io.retrygen.runtime.internal;

import java.util.concurrent.ScheduledExecutorService;

/**
 * A call that waits on a scheduler of the user's ({@link DroppedWaits}): an asynchronous call's
 * steps, or a reactive subscription's loop.
 */
interface WatchedWait {
  /** Whether the call is still in the wait {@code waiting}: its task has not run. */
  boolean stillWaiting(long waiting);

  /**
   * The scheduler dropped the wait {@code waiting}: unless the task ran meanwhile, the call ends
   * with a {@link java.util.concurrent.RejectedExecutionException}, after {@code onFailure} with
   * {@link io.retrygen.GiveUpReason#USER_CODE_FAILED}; not recovered.
   */
  void waitDropped(long waiting, ScheduledExecutorService scheduler);
}
