package io.retrygen.runtime.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Not API: the runtime's own threads for asynchronous retries when the options set no scheduler, created
 * when first used (the holder idiom keeps synchronous users from ever loading them).
 *
 * <p>{@link #TIMER}, one daemon thread, only times waits: what it runs must be short, so it hands
 * each later attempt to {@link #POOL}. The pool has a daemon thread per attempt that runs at the
 * same moment: it starts one when none is idle, so an attempt that blocks never delays another
 * call's, and lets a thread go after {@value #IDLE_SECONDS} s without work, so a quiet process
 * keeps none. Never {@code ForkJoinPool.commonPool()}: its size and whether {@code
 * CompletableFuture} uses it at all depend on the JDK and the number of CPUs (on two CPUs, one
 * blocking task stalls it on JDK 25), and code that blocks there delays the whole process.
 */
public final class SharedScheduler {
  /** How long an idle pool thread waits for work before it ends. */
  static final long IDLE_SECONDS = 60L;

  /** Times the waits; its tasks hand the attempts over to {@link #POOL}. */
  static final ScheduledExecutorService TIMER = newTimer();

  /** Runs later attempts: grows while attempts block, shrinks when they are idle. */
  static final ExecutorService POOL = newPool();

  private SharedScheduler() {}

  /** {@link #TIMER}: what {@code RetryOptions.scheduler()} returns when the options set none. */
  public static ScheduledExecutorService timer() {
    return TIMER;
  }

  private static ScheduledExecutorService newTimer() {
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(1, new DaemonThreads("retrygen-scheduler", false));
    executor.setRemoveOnCancelPolicy(true);
    return executor;
  }

  private static ExecutorService newPool() {
    // Executors.newCachedThreadPool's shape: no queue, so a task either finds an idle thread or
    // gets a new one, and never waits behind an attempt that blocks.
    return new ThreadPoolExecutor(
        0,
        Integer.MAX_VALUE,
        IDLE_SECONDS,
        TimeUnit.SECONDS,
        new SynchronousQueue<Runnable>(),
        new DaemonThreads("retrygen-async-", true));
  }

  /** Daemon threads, so that the runtime never keeps a process alive. */
  private static final class DaemonThreads implements ThreadFactory {
    private final String name;
    private final boolean numbered;
    private final AtomicInteger count = new AtomicInteger();

    DaemonThreads(String name, boolean numbered) {
      this.name = name;
      this.numbered = numbered;
    }

    @Override
    public Thread newThread(Runnable runnable) {
      Thread thread =
          new Thread(runnable, numbered ? name + count.incrementAndGet() : name);
      thread.setDaemon(true);
      return thread;
    }
  }
}
