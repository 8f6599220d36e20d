package io.retrygen.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.AsyncRetryTemplate;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryTemplate;
import java.io.IOException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class VirtualTimeTest {
  private final VirtualTime time = VirtualTime.start();
  private final List<String> ran = new ArrayList<>();

  /** Three attempts in this virtual time, waiting 100 then 200 ms. */
  private RetryTemplate threeAttemptsWaiting100Then200() {
    return RetryTemplate.builder()
        .maxAttempts(3)
        .backoff(BackoffPolicy.exponential(100, 2.0))
        .options(time.options())
        .build();
  }

  @Test
  void aSynchronousRetrysSleepsAdvanceTheTime() throws Exception {
    RetryTemplate template = threeAttemptsWaiting100Then200();
    AtomicInteger calls = new AtomicInteger();
    String result =
        template.execute(
            context -> {
              if (calls.incrementAndGet() < 3) {
                throw new IOException("down");
              }
              return "ok at " + time.nowMillis();
            });
    assertEquals("ok at 300", result);
    assertEquals(300, time.nowMillis());
    assertEquals(300_000_000L, time.nanoTime());
  }

  @Test
  void anAsynchronousRetryRunsItsLaterAttemptsWhenTheTestMovesTheTime() {
    AsyncRetryTemplate template =
        AsyncRetryTemplate.of(
            RetryTemplate.builder()
                .maxAttempts(3)
                .backoff(BackoffPolicy.fixed(500))
                .options(time.options())
                .build());
    AtomicInteger calls = new AtomicInteger();
    CompletableFuture<String> result =
        template.execute(
            context -> {
              CompletableFuture<String> attempt = new CompletableFuture<>();
              if (calls.incrementAndGet() < 3) {
                attempt.completeExceptionally(new IOException("down"));
              } else {
                attempt.complete("ok at " + time.nowMillis());
              }
              return attempt;
            });
    assertFalse(result.isDone());
    time.advanceBy(499);
    assertEquals(1, calls.get(), "the second attempt is due at 500 ms");
    time.runUntilIdle();
    assertEquals("ok at 1000", result.join());
    assertEquals(0, time.pendingTasks());
  }

  @Test
  void advanceByRunsTheDueTasksInTimeOrderEachAtItsTime() {
    time.schedule(() -> ran.add("b at " + time.nowMillis()), 20, TimeUnit.MILLISECONDS);
    time.schedule(() -> ran.add("a at " + time.nowMillis()), 10, TimeUnit.MILLISECONDS);
    time.schedule(() -> ran.add("c at " + time.nowMillis()), 20, TimeUnit.MILLISECONDS);
    time.schedule(() -> ran.add("late"), 31, TimeUnit.MILLISECONDS);

    time.advanceBy(30);

    assertEquals(Arrays.asList("a at 10", "b at 20", "c at 20"), ran);
    assertEquals(30, time.nowMillis());
    assertEquals(1, time.pendingTasks());
  }

  @Test
  void aTaskThatSchedulesAnotherDueWithinTheAdvanceRunsItToo() {
    time.schedule(
        () -> {
          ran.add("first at " + time.nowMillis());
          time.schedule(() -> ran.add("second at " + time.nowMillis()), 5, TimeUnit.MILLISECONDS);
        },
        10,
        TimeUnit.MILLISECONDS);
    time.advanceBy(15);
    assertEquals(Arrays.asList("first at 10", "second at 15"), ran);
  }

  @Test
  void runUntilIdleAdvancesToEachTask() throws Exception {
    ScheduledFuture<String> future =
        time.schedule(() -> "done at " + time.nowMillis(), 2, TimeUnit.SECONDS);
    time.execute(() -> ran.add("now at " + time.nowMillis()));
    time.runUntilIdle();
    assertEquals(Arrays.asList("now at 0"), ran);
    assertEquals("done at 2000", future.get());
    assertEquals(2000, time.nowMillis());
  }

  @Test
  void aCancelledTaskNeverRuns() {
    ScheduledFuture<?> future = time.schedule(() -> ran.add("ran"), 10, TimeUnit.MILLISECONDS);
    assertEquals(10, future.getDelay(TimeUnit.MILLISECONDS));
    assertTrue(future.cancel(false));
    time.runUntilIdle();
    assertTrue(ran.isEmpty());
    assertTrue(future.isCancelled());
    assertEquals(0, time.pendingTasks());
  }

  @Test
  void aPeriodicTaskRunsAtEachPeriodAndRunUntilIdleRefusesToRunItForEver() {
    ScheduledFuture<?> tick =
        time.scheduleAtFixedRate(() -> ran.add("tick at " + time.nowMillis()), 5, 10,
            TimeUnit.MILLISECONDS);
    time.advanceBy(25);
    assertEquals(Arrays.asList("tick at 5", "tick at 15", "tick at 25"), ran);
    assertThrows(IllegalStateException.class, time::runUntilIdle);
    tick.cancel(false);
    assertEquals(0, time.pendingTasks());
  }

  @Test
  void aShutDownTimeRejectsNewTasksAndHandsBackThePendingOnes() {
    time.schedule(() -> ran.add("pending"), 10, TimeUnit.MILLISECONDS);
    assertEquals(1, time.shutdownNow().size());
    assertTrue(time.isShutdown());
    assertTrue(time.isTerminated());
    assertThrows(
        RejectedExecutionException.class,
        () -> time.schedule(() -> ran.add("late"), 1, TimeUnit.MILLISECONDS));
    assertTrue(ran.isEmpty());
  }

  @Test
  void closingDropsThePendingTasksInsteadOfWaitingForTimeThatNeverMoves() throws Exception {
    try (VirtualTime closed = VirtualTime.start()) {
      closed.schedule(() -> ran.add("pending"), 10, TimeUnit.MILLISECONDS);
    }
    assertTrue(ran.isEmpty());
    // From Java 19 on, ExecutorService has a close() that waits for the pending tasks; called
    // through the interface (as a Spring context closing its beans does) it must end at once.
    VirtualTime viaInterface = VirtualTime.start();
    viaInterface.schedule(() -> ran.add("pending"), 10, TimeUnit.MILLISECONDS);
    Method close;
    try {
      close = ExecutorService.class.getMethod("close");
    } catch (NoSuchMethodException beforeJava19) {
      close = AutoCloseable.class.getMethod("close");
    }
    Method closeMethod = close;
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> closeMethod.invoke(viaInterface));
    assertTrue(viaInterface.isTerminated());
    assertEquals(0, viaInterface.pendingTasks());
    assertTrue(ran.isEmpty());
  }

  @Test
  void timeNeverGoesBackAndANegativeAdvanceIsRefused() {
    time.advanceBy(7);
    assertThrows(IllegalArgumentException.class, () -> time.advanceBy(-1));
    assertEquals(7, time.nowMillis());
  }

  @Test
  void optionsUseThisObjectForEverySeam() {
    assertSame(time, time.options().sleeper());
    assertSame(time, time.options().ticker());
    assertSame(time, time.options().schedulerIfSet());
  }

  @Test
  void sleepsRecordsEachSynchronousWaitInOrder() throws Exception {
    RetryTemplate template = threeAttemptsWaiting100Then200();
    assertThrows(
        IOException.class,
        () ->
            template.execute(
                context -> {
                  throw new IOException("down");
                }));
    assertEquals(Arrays.asList(100L, 200L), time.sleeps());
    time.advanceBy(50);
    assertEquals(Arrays.asList(100L, 200L), time.sleeps(), "advanceBy is not a sleep");
    assertThrows(UnsupportedOperationException.class, () -> time.sleeps().add(1L));
  }

  @Test
  void scheduledDelaysRecordsEveryTaskScheduledRunPendingOrCancelled() {
    time.schedule(() -> ran.add("a"), 100, TimeUnit.MILLISECONDS);
    time.schedule(() -> ran.add("b"), 2, TimeUnit.SECONDS).cancel(false);
    time.execute(() -> ran.add("c"));
    time.schedule(() -> ran.add("d"), 1_500, TimeUnit.MICROSECONDS);
    time.advanceBy(100);
    assertEquals(Arrays.asList("c", "d", "a"), ran);
    assertEquals(Arrays.asList(100L, 2_000L, 0L, 1L), time.scheduledDelays());
    assertTrue(time.sleeps().isEmpty(), "a scheduled task is not a sleep");
    assertThrows(UnsupportedOperationException.class, () -> time.scheduledDelays().clear());
  }

  @Test
  void runNextRunsTheEarliestTaskAloneAtItsTime() {
    time.schedule(() -> ran.add("b at " + time.nowMillis()), 20, TimeUnit.MILLISECONDS);
    time.schedule(() -> ran.add("a at " + time.nowMillis()), 10, TimeUnit.MILLISECONDS);
    time.schedule(() -> ran.add("a2 at " + time.nowMillis()), 10, TimeUnit.MILLISECONDS);
    assertTrue(time.runNext());
    assertEquals(Arrays.asList("a at 10"), ran);
    assertEquals(10, time.nowMillis());
    assertEquals(2, time.pendingTasks());
    assertTrue(time.runNext());
    assertTrue(time.runNext());
    assertEquals(Arrays.asList("a at 10", "a2 at 10", "b at 20"), ran);
    assertFalse(time.runNext(), "nothing left");
    assertEquals(20, time.nowMillis());
  }

  @Test
  void runNextNeverMovesTheTimeBack() {
    VirtualTime scheduler = VirtualTime.start();
    scheduler.schedule(() -> ran.add("at " + scheduler.nowMillis()), 10, TimeUnit.MILLISECONDS);
    scheduler.schedule(() -> scheduler.advanceBy(30), 5, TimeUnit.MILLISECONDS);
    assertTrue(scheduler.runNext());
    assertEquals(35, scheduler.nowMillis(), "the task at 10 ran inside the advance, at 10");
    assertEquals(Arrays.asList("at 10"), ran);
    assertFalse(scheduler.runNext());
    assertEquals(35, scheduler.nowMillis());
  }

  @Test
  void advanceByTakesAnyUnit() {
    time.schedule(() -> ran.add("at " + time.nanoTime()), 1, TimeUnit.MILLISECONDS);
    time.advanceBy(999_999, TimeUnit.NANOSECONDS);
    assertTrue(ran.isEmpty());
    assertEquals(999_999L, time.nanoTime());
    time.advanceBy(1, TimeUnit.NANOSECONDS);
    assertEquals(Arrays.asList("at 1000000"), ran);
    time.advanceBy(2, TimeUnit.SECONDS);
    assertEquals(2_001, time.nowMillis());
    assertThrows(IllegalArgumentException.class, () -> time.advanceBy(-1, TimeUnit.NANOSECONDS));
    assertEquals(2_001, time.nowMillis());
  }
}
