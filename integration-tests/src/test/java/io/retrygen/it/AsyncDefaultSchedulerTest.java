package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC §7 with no scheduler in the options: the runtime's daemon timer only times the waits and
 * hands each later attempt to the runtime's own pool of daemon threads (never the common pool), so
 * later attempts run off the caller's thread and off the timer's, and a delegate that blocks in one
 * call's retry does not hold up another call's retry. Real threads, but no sleeping: waits of 0
 * and 1 ms, latches, and {@code get} with a timeout.
 */
class AsyncDefaultSchedulerTest {
  private static final String TIMER_THREAD = "retrygen-scheduler";

  private final RecordingListener listener = new RecordingListener();
  private final StageScript<String> nows = new StageScript<>();
  private final StageScript<String> soons = new StageScript<>();
  private final StageScript<String> laters = new StageScript<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private final AsyncPool pool =
      new AsyncPoolRetrying(
          new AsyncPool() {
            @Override
            public CompletableFuture<String> now(String key) {
              return next(nows);
            }

            @Override
            public CompletableFuture<String> soon(String key) {
              return next(soons);
            }

            @Override
            public CompletableFuture<String> muchLater(String key) {
              return next(laters);
            }

            private CompletableFuture<String> next(StageScript<String> script) {
              try {
                return script.next();
              } catch (IOException e) {
                throw new AssertionError(e);
              }
            }
          },
          RetryOptions.builder().listener(listener).build());

  @AfterEach
  void releaseBlockedAttempts() {
    release.countDown();
  }

  /** A step that tells {@code entered} and blocks until the test releases it, then succeeds. */
  private StageScript.Step<String> blocking(CountDownLatch entered, String value) {
    return () -> {
      entered.countDown();
      assertTrue(release.await(Outcomes.TIMEOUT_SECONDS, TimeUnit.SECONDS), "never released");
      return CompletableFuture.completedFuture(value);
    };
  }

  private static void assertAttemptThreads(List<Thread> threads) {
    assertSame(Thread.currentThread(), threads.get(0), "first attempt on the caller's thread");
    for (Thread thread : threads.subList(1, threads.size())) {
      assertNotSame(Thread.currentThread(), thread);
      assertNotEquals(TIMER_THREAD, thread.getName(), "the timer only times the waits");
      assertTrue(thread.getName().startsWith("retrygen-async-"), "the runtime's pool: " + thread);
      assertTrue(thread.isDaemon(), thread.getName());
    }
  }

  @Test
  void laterAttemptsOfAZeroWaitRunOffTheCallersThread() throws InterruptedException {
    nows.fail(new IOException("1")).fail(new IOException("2")).succeed("now");

    assertEquals("now", Outcomes.await(pool.now("k")));

    assertEquals(3, nows.calls());
    assertAttemptThreads(nows.threads());
  }

  @Test
  void laterAttemptsAfterAWaitRunOffTheCallersAndTheTimersThread() throws InterruptedException {
    soons.fail(new IOException("1")).fail(new IOException("2")).succeed("soon");

    assertEquals("soon", Outcomes.await(pool.soon("k")));

    assertEquals(3, soons.calls());
    assertAttemptThreads(soons.threads());
  }

  @Test
  void blockedRetryAfterAZeroWaitDoesNotStallAnotherRetry() throws InterruptedException {
    CountDownLatch blocked = new CountDownLatch(1);
    try {
      nows.fail(new IOException("1")).then(blocking(blocked, "unblocked"));
      soons.fail(new IOException("1")).succeed("soon");

      CompletableFuture<String> stuck = pool.now("a");
      assertTrue(blocked.await(Outcomes.TIMEOUT_SECONDS, TimeUnit.SECONDS));
      assertEquals("soon", Outcomes.await(pool.soon("b")));
      assertFalse(stuck.isDone());
    } finally {
      release.countDown();
    }
  }

  @Test
  void blockedRetryAfterAWaitDoesNotStallAnotherRetryAfterAWait() throws InterruptedException {
    CountDownLatch blocked = new CountDownLatch(1);
    try {
      soons.fail(new IOException("a1")).then(blocking(blocked, "unblocked"));
      CompletableFuture<String> stuck = pool.soon("a");
      assertTrue(blocked.await(Outcomes.TIMEOUT_SECONDS, TimeUnit.SECONDS));

      // the same timer hands this call's retry over while the first call's retry blocks
      soons.fail(new IOException("b1")).succeed("b");
      assertEquals("b", Outcomes.await(pool.soon("b")));
      nows.fail(new IOException("c1")).succeed("c");
      assertEquals("c", Outcomes.await(pool.now("c")));
      assertFalse(stuck.isDone());

      release.countDown();
      assertEquals("unblocked", Outcomes.await(stuck));
    } finally {
      release.countDown();
    }
  }

  @Test
  void cancelDuringARealWaitEndsTheCallAtOnce() {
    laters.fail(new IOException("1"));

    CompletableFuture<String> future = pool.muchLater("k");
    assertFalse(future.isDone());
    assertTrue(future.cancel(false));

    assertTrue(future.isCancelled());
    assertEquals(1, laters.calls());
    assertEquals(
        "onFailure AsyncPool.muchLater #1 CancellationException delay=0",
        listener.lines().get(listener.lines().size() - 1).replaceAll(" elapsedMs=\\d+$", ""));
  }
}
