package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.RetryOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * SPEC §16's "no stray interrupt, ever" under contention: threads making short attempts with a
 * 1 ms deadline, of lengths chosen so that deadlines race the ends of attempts, some nested, a few
 * blocked until the watchdog interrupts them. After every call the thread's flag must be clear
 * (nothing else interrupts these threads), and a blocked attempt must be interrupted.
 *
 * <p>{@code -Dretrygen.watchdog.threads=16 -Dretrygen.watchdog.calls=20000000} for a bigger run.
 */
class WatchdogContentionTest {
  /** Never counted down: awaiting it is an interruptible wait, as a sleep. */
  private static final CountDownLatch BLOCKED = new CountDownLatch(1);

  private static final int THREADS = Integer.getInteger("retrygen.watchdog.threads", 8);
  private static final long CALLS = Long.getLong("retrygen.watchdog.calls", 2_000_000L);
  private static final long LONGEST_NANOS = TimeUnit.SECONDS.toNanos(2);

  private final AttemptTimer outer = timer(1);
  private final AttemptTimer inner = timer(1);

  private final AtomicLong timeouts = new AtomicLong();
  private final AtomicLong strays = new AtomicLong();
  private final AtomicLong missed = new AtomicLong();
  private final AtomicLong crashed = new AtomicLong();

  private static AttemptTimer timer(long millis) {
    return new TimeoutPolicy("Client.call", millis).bind(RetryOptions.defaults());
  }

  @Test
  void noStrayInterruptWhileDeadlinesRaceTheEndsOfAttempts() {
    assertTimeoutPreemptively(Duration.ofMinutes(10), () -> {
      final CountDownLatch start = new CountDownLatch(1);
      List<Thread> threads = new ArrayList<Thread>();
      for (int t = 0; t < THREADS; t++) {
        final long seed = 0x9E3779B97F4A7C15L * (t + 1);
        final long calls = CALLS / THREADS;
        Thread thread = new Thread(() -> {
          try {
            start.await();
            hammer(seed, calls);
          } catch (Throwable e) {
            crashed.incrementAndGet();
            e.printStackTrace();
          }
        }, "contention-" + t);
        threads.add(thread);
        thread.start();
      }
      long began = System.nanoTime();
      start.countDown();
      for (Thread thread : threads) {
        thread.join();
      }
      long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);

      System.out.printf(
          "WatchdogContentionTest: %d threads, %d calls, %d timeouts, %d stray interrupts,"
              + " %d missed deadlines, %d ms%n",
          THREADS, CALLS / THREADS * THREADS, timeouts.get(), strays.get(), missed.get(), elapsed);
      assertEquals(0, crashed.get(), "crashed threads");
      assertEquals(0, strays.get(), "stray interrupts");
      assertEquals(0, missed.get(), "blocked attempts the watchdog never interrupted");
      assertTrue(timeouts.get() > 0, "no deadline raced an attempt: the test tests nothing");
    });
  }

  private void hammer(long seed, long calls) {
    long random = seed;
    for (long i = 0; i < calls; i++) {
      random ^= random << 13;
      random ^= random >>> 7;
      random ^= random << 17;
      boolean nested = (random & 7) == 0;
      int kind = (int) ((random >>> 3) & 1023);
      try {
        call(outer, nested ? -1 : kind, random);
      } catch (AttemptTimeoutException e) {
        timeouts.incrementAndGet();
      } catch (InterruptedException e) {
        strays.incrementAndGet(); // an interrupt that no timeout explains
      }
      if (Thread.interrupted()) {
        strays.incrementAndGet();
      }
    }
  }

  /** One guarded attempt; kind -1 nests an attempt of {@link #inner} with a random kind. */
  private void call(AttemptTimer timer, int kind, long random) throws InterruptedException {
    long ticket = timer.arm();
    try {
      if (kind < 0) {
        call(inner, (int) ((random >>> 13) & 1023), random);
      } else {
        attempt(kind, random);
      }
    } catch (Throwable failure) {
      timer.threw(ticket);
      throw failure;
    }
    timer.returned(ticket);
  }

  /**
   * Mostly a spin of up to ~1 µs; 1 in 32 lasts about the deadline (a spin, a park or a sleep
   * around 1 ms); 1 in 1024 blocks until interrupted.
   */
  private void attempt(int kind, long random) throws InterruptedException {
    if (kind == 0) {
      long began = System.nanoTime();
      while (!Thread.currentThread().isInterrupted()) {
        if (System.nanoTime() - began > LONGEST_NANOS) {
          missed.incrementAndGet();
          return;
        }
        LockSupport.parkNanos(LONGEST_NANOS);
      }
    } else if (kind < 32) {
      long nanos = 700_000 + ((random >>> 23) & 0x7FFFF); // 0.7 ms to 1.2 ms
      if (kind < 6) { // few: on 2 CPUs, spinning threads slow every other one down
        spin(nanos);
      } else if (kind < 19) {
        LockSupport.parkNanos(nanos);
      } else {
        BLOCKED.await(1, TimeUnit.MILLISECONDS); // a 1 ms sleep, interruptible
      }
    } else {
      spin((random >>> 23) & 1023);
    }
  }

  private static void spin(long nanos) {
    long began = System.nanoTime();
    while (System.nanoTime() - began < nanos) {
      // the attempt's work
    }
  }
}
