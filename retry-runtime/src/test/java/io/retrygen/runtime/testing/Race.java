package io.retrygen.runtime.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** Threads released together on one signal, for contention tests. */
public final class Race {
  /** What one thread does, given its index. */
  public interface Body {
    void run(int thread) throws Exception;
  }

  private Race() {}

  /**
   * Runs {@code body} on {@code threads} threads released at once, waits for all, fails if one
   * threw, and returns the nanoseconds from the release to the last one's end.
   */
  public static long run(int threads, final Body body) throws InterruptedException {
    final CountDownLatch start = new CountDownLatch(1);
    final AtomicInteger crashed = new AtomicInteger();
    List<Thread> workers = new ArrayList<Thread>();
    for (int t = 0; t < threads; t++) {
      final int thread = t;
      Thread worker =
          new Thread(
              () -> {
                try {
                  start.await();
                  body.run(thread);
                } catch (Throwable e) {
                  crashed.incrementAndGet();
                  e.printStackTrace();
                }
              });
      workers.add(worker);
      worker.start();
    }
    long began = System.nanoTime();
    start.countDown();
    for (Thread worker : workers) {
      worker.join();
    }
    long took = System.nanoTime() - began;
    assertEquals(0, crashed.get(), "threads that threw");
    return took;
  }
}
