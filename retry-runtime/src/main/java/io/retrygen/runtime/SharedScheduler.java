package io.retrygen.runtime;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;

/**
 * The runtime's default scheduler for asynchronous retries: one daemon thread, created when first
 * used (the holder idiom keeps synchronous users from ever starting it).
 */
final class SharedScheduler {
  static final ScheduledExecutorService INSTANCE = create();

  private SharedScheduler() {}

  private static ScheduledExecutorService create() {
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            new ThreadFactory() {
              @Override
              public Thread newThread(Runnable runnable) {
                Thread thread = new Thread(runnable, "retrygen-scheduler");
                thread.setDaemon(true);
                return thread;
              }
            });
    executor.setRemoveOnCancelPolicy(true);
    return executor;
  }
}
