package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.ManualScheduler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The options' own scheduler dropping a pending wait: shut down with {@code shutdownNow()} (its
 * queued task is drained) or with {@code shutdown()} after {@code
 * setExecuteExistingDelayedTasksAfterShutdownPolicy(false)} (its delayed task is cancelled). The
 * call must end in bounded time, exceptionally, after {@code onFailure}; a scheduler that is not
 * shut down is never affected. Real threads, bounded waits: the point is the runtime's watch.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AsyncSchedulerShutdownTest {
  private static final long WAIT_SECONDS = 10;
  private static int counter;

  private final String label = "ShutdownTest.call" + (counter++);
  private final List<String> heard = Collections.synchronizedList(new ArrayList<String>());
  private final RetryListener listener =
      new RetryListener() {
        @Override
        public void onRetry(RetryEvent event) {
          heard.add("retry " + event.attempt());
        }

        @Override
        public void onSuccess(RetryEvent event) {
          heard.add("success " + event.attempt());
        }

        @Override
        public void onFailure(RetryEvent event) {
          String type = event.failure().getClass().getSimpleName();
          heard.add("failure " + event.attempt() + " " + type + " " + event.reason());
        }
      };
  private final List<ScheduledThreadPoolExecutor> schedulers =
      new ArrayList<ScheduledThreadPoolExecutor>();

  @AfterEach
  void shutDownSchedulers() {
    for (ScheduledThreadPoolExecutor scheduler : schedulers) {
      scheduler.shutdownNow();
    }
  }

  private ScheduledThreadPoolExecutor scheduler() {
    ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);
    schedulers.add(scheduler);
    return scheduler;
  }

  /** Fails its first attempt, succeeds after; the wait between them is an hour. */
  private AsyncCall<String> call(ScheduledExecutorService scheduler) {
    Retrier retrier =
        new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(3_600_000L))
            .bind(RetryOptions.builder().scheduler(scheduler).listener(listener).build());
    final AtomicInteger attempts = new AtomicInteger();
    return new AsyncCall<String>(retrier, null) {
      @Override
      protected CompletionStage<String> call() {
        CompletableFuture<String> stage = new CompletableFuture<String>();
        if (attempts.incrementAndGet() == 1) {
          stage.completeExceptionally(new IOException("first"));
        } else {
          stage.complete("second");
        }
        return stage;
      }

      @Override
      protected boolean retryable(Throwable failure) {
        return true;
      }
    };
  }

  /** The failure the call ended with, in bounded time; onFailure was heard before it ended. */
  private Throwable awaitFailure(CompletableFuture<String> call) throws Exception {
    final List<String> heardWhenItEnded = new ArrayList<String>();
    CompletableFuture<String> observed =
        call.whenComplete((value, failure) -> heardWhenItEnded.addAll(heard));
    try {
      observed.get(WAIT_SECONDS, TimeUnit.SECONDS);
      throw new AssertionError("succeeded");
    } catch (ExecutionException expected) {
      assertEquals(
          Collections.singletonList("failure 1 RejectedExecutionException USER_CODE_FAILED"),
          heardWhenItEnded.subList(1, heardWhenItEnded.size()));
      return expected.getCause();
    }
  }

  @Test
  void shutdownNowWhileARetryWaitsEndsTheCall() throws Exception {
    ScheduledThreadPoolExecutor scheduler = scheduler();
    CompletableFuture<String> call = call(scheduler).start();
    assertEquals(1, scheduler.getQueue().size());

    assertEquals(1, scheduler.shutdownNow().size()); // drained: it will never run

    Throwable failure = awaitFailure(call);
    assertSame(RejectedExecutionException.class, failure.getClass());
    assertTrue(failure.getMessage().startsWith(label + ": "), failure.getMessage());
    assertEquals("retry 1", heard.get(0));
    assertEquals(2, heard.size());
  }

  @Test
  void shutdownThatCancelsDelayedTasksWhileARetryWaitsEndsTheCall() throws Exception {
    ScheduledThreadPoolExecutor scheduler = scheduler();
    scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    CompletableFuture<String> call = call(scheduler).start();

    scheduler.shutdown(); // cancels the delayed task

    Throwable failure = awaitFailure(call);
    assertSame(RejectedExecutionException.class, failure.getClass());
    assertEquals(2, heard.size());
  }

  @Test
  void aShutdownThatStillRunsDelayedTasksLetsTheRetryHappen() throws Exception {
    ScheduledThreadPoolExecutor scheduler = scheduler();
    Retrier retrier =
        new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(50L))
            .bind(RetryOptions.builder().scheduler(scheduler).listener(listener).build());
    final AtomicInteger attempts = new AtomicInteger();
    CompletableFuture<String> call =
        new AsyncCall<String>(retrier, null) {
          @Override
          protected CompletionStage<String> call() {
            CompletableFuture<String> stage = new CompletableFuture<String>();
            if (attempts.incrementAndGet() == 1) {
              stage.completeExceptionally(new IOException("first"));
            } else {
              stage.complete("second");
            }
            return stage;
          }

          @Override
          protected boolean retryable(Throwable failure) {
            return true;
          }
        }.start();

    scheduler.shutdown(); // the default policy: delayed tasks still run

    assertEquals("second", call.get(WAIT_SECONDS, TimeUnit.SECONDS));
    assertEquals(2, attempts.get());
  }

  @Test
  void aManualSchedulerThatIsNotShutDownIsNeverAffected() {
    FakeClock clock = new FakeClock();
    ManualScheduler manual = new ManualScheduler(clock);
    CompletableFuture<String> call = call(manual).start();

    for (int i = 0; i < 3; i++) {
      DroppedWaits.checkNow(); // as the runtime's watch does while waits exist
    }

    assertFalse(call.isDone());
    assertEquals(1, manual.pending());
    manual.runNext();
    assertEquals("second", call.getNow(null));
    assertEquals(Collections.<String>emptyList(), heard.subList(2, heard.size()));
  }
}
