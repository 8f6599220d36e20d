package io.retrygen.runtime.internal;

import static io.retrygen.runtime.CircuitBreakerState.OPEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.ManualScheduler;
import io.retrygen.runtime.testing.QueueRandom;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code @Timeout} on the asynchronous driver (SPEC §16, deferred methods): the deadline of each
 * attempt on the options' {@link ManualScheduler}, in virtual time, and once on the runtime's
 * timer.
 */
class AsyncCallTimeoutTest {
  private static final long MS = 1_000_000L;
  private static final long ORIGIN = 3_000 * MS;
  private static int counter;

  private final String label = "AsyncCallTimeoutTest.call" + (counter++);
  private final FakeClock clock = new FakeClock(ORIGIN);
  private final ManualScheduler scheduler = new ManualScheduler(clock);
  private final List<String> log = new ArrayList<String>();
  private final List<RetryEvent> events = new ArrayList<RetryEvent>();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(QueueRandom.none())
          .scheduler(scheduler)
          .listener(new Recording())
          .build();
  private final Deque<CompletionStage<String>> script = new ArrayDeque<CompletionStage<String>>();
  private int calls;

  private Retrier retrier(int maxAttempts) {
    return new RetryPolicy(label, maxAttempts, 0L, BackoffPolicy.fixed(100L)).bind(options);
  }

  private AttemptTimer timer(RetryOptions bound) {
    return new TimeoutPolicy(label, 500L).bind(bound);
  }

  private AttemptTimer timer() {
    return timer(options);
  }

  /** What generated code makes: retryFor = Exception, failOn = Exception, maybe a recovery. */
  private AsyncCall<String> guarded(
      Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer, final boolean recovers) {
    return new AsyncCall<String>(retrier, breaker, timer) {
      @Override
      protected CompletionStage<String> call() {
        calls++;
        CompletionStage<String> next = script.pollFirst();
        if (next == null) {
          throw new AssertionError("unexpected attempt " + calls);
        }
        return next;
      }

      @Override
      protected boolean retryable(Throwable failure) {
        return failure instanceof Exception;
      }

      @Override
      protected boolean breakerFailure(Throwable failure) {
        return failure instanceof Exception;
      }

      @Override
      protected CompletionStage<String> recover(Throwable failure) throws Throwable {
        if (!recovers) {
          throw failure;
        }
        return CompletableFuture.completedFuture("recovered from " + failure.getMessage());
      }
    };
  }

  private static Throwable failureOf(CompletableFuture<?> future) {
    assertTrue(future.isCompletedExceptionally(), "not failed: " + future);
    AtomicReference<Throwable> seen = new AtomicReference<Throwable>();
    future.whenComplete((value, failure) -> seen.set(failure));
    return seen.get();
  }

  /** A stage that cannot be cancelled: its outcome comes whatever happens. */
  private static CompletableFuture<String> stubborn() {
    return new CompletableFuture<String>() {
      @Override
      public boolean cancel(boolean mayInterruptIfRunning) {
        return false;
      }
    };
  }

  @Test
  void aHungAttemptFailsAtTheLimitIsCancelledAndTheNextAttemptWins() {
    CompletableFuture<String> hung = new CompletableFuture<String>();
    CompletableFuture<String> second = new CompletableFuture<String>();
    script.add(hung);
    script.add(second);

    CompletableFuture<String> call = guarded(retrier(3), null, timer(), false).start();
    assertEquals(Arrays.asList(500L), scheduler.delays); // armed when the attempt started
    scheduler.runNext(); // the deadline, 500 ms later

    assertTrue(hung.isCancelled());
    assertEquals(Arrays.asList("retry:1:AttemptTimeoutException:100"), log);
    AttemptTimeoutException timeout = (AttemptTimeoutException) events.get(0).failure();
    assertEquals(label, timeout.label());
    assertEquals(500L, timeout.timeoutMillis());
    assertEquals(500 * MS, events.get(0).elapsedNanos()); // exactly the limit
    assertFalse(call.isDone());

    scheduler.runNext(); // the wait: attempt 2, its own deadline
    assertEquals(2, calls);
    assertEquals(Arrays.asList(500L, 100L, 500L), scheduler.delays);
    second.complete("ok"); // in time

    assertEquals("ok", call.getNow(null));
    assertEquals(0, scheduler.pending()); // its deadline cancelled
    assertEquals(1, scheduler.cancelled);
    assertEquals(Arrays.asList("retry:1:AttemptTimeoutException:100", "success:2:-:0"), log);
  }

  @Test
  void anAttemptThatEndsInTimeCancelsItsDeadline() {
    CompletableFuture<String> pending = new CompletableFuture<String>();
    script.add(pending);

    CompletableFuture<String> call = guarded(retrier(3), null, timer(), false).start();
    assertEquals(1, scheduler.pending());
    pending.complete("ok");

    assertEquals("ok", call.getNow(null));
    assertEquals(0, scheduler.pending());
    assertEquals(1, scheduler.cancelled);
    assertEquals(Arrays.asList("success:1:-:0"), log);
  }

  @Test
  void aLateOutcomeOfAnAttemptThatTimedOutCountsNothing() {
    CompletableFuture<String> hung = stubborn();
    CompletableFuture<String> second = new CompletableFuture<String>();
    script.add(hung);
    script.add(second);
    CircuitBreakerGate breaker =
        new CircuitBreakerPolicy("", 10, 0.5, 1000L, 1).bind(options, label);

    CompletableFuture<String> call = guarded(retrier(3), breaker, timer(), false).start();
    scheduler.runNext(); // the deadline
    scheduler.runNext(); // the wait: attempt 2 in flight
    assertEquals(2, calls);
    hung.complete("late"); // attempt 1 ends after all, during attempt 2

    assertFalse(call.isDone()); // not taken for attempt 2's outcome
    assertEquals(1, breaker.windowCount()); // attempt 1 recorded once, as its timeout
    assertEquals(1, breaker.windowFailures());
    second.complete("ok");
    assertEquals("ok", call.getNow(null));
    assertEquals(2, breaker.windowCount());
    assertEquals(1, breaker.windowFailures());
  }

  @Test
  void theBreakerCountsTheTimeout() {
    script.add(new CompletableFuture<String>());
    CircuitBreakerGate breaker =
        new CircuitBreakerPolicy("", 1, 1.0, 1000L, 1).bind(options, label);

    CompletableFuture<String> call = guarded(null, breaker, timer(), false).start();
    scheduler.runNext();

    assertInstanceOf(AttemptTimeoutException.class, failureOf(call));
    assertEquals(OPEN, breaker.state());
  }

  @Test
  void theRecoveryGetsTheTimeout() {
    script.add(new CompletableFuture<String>());
    script.add(new CompletableFuture<String>());

    CompletableFuture<String> call = guarded(retrier(2), null, timer(), true).start();
    scheduler.runNext(); // deadline 1
    scheduler.runNext(); // wait
    scheduler.runNext(); // deadline 2

    assertEquals("recovered from " + timeoutMessage(), call.getNow(null));
    assertEquals(
        Arrays.asList(
            "retry:1:AttemptTimeoutException:100", "failure:2:AttemptTimeoutException:0"),
        log);
  }

  /** The message of the exception, whatever its wording. */
  private String timeoutMessage() {
    return new AttemptTimeoutException(label, 500L).getMessage();
  }

  @Test
  void aTimerAloneGuardsTheSingleCallAndItsRecovery() {
    script.add(new CompletableFuture<String>());
    CompletableFuture<String> failed = guarded(null, null, timer(), false).start();
    scheduler.runNext();
    Throwable failure = failureOf(failed);
    assertInstanceOf(AttemptTimeoutException.class, failure);
    assertEquals(1, calls);

    script.add(new CompletableFuture<String>());
    CompletableFuture<String> recovered = guarded(null, null, timer(), true).start();
    scheduler.runNext();
    assertEquals("recovered from " + timeoutMessage(), recovered.getNow(null));
    assertEquals(2, calls);
    assertEquals(0, scheduler.pending());
    assertTrue(log.isEmpty()); // no retrier, no events
  }

  @Test
  void aMethodThatBlocksPastItsDeadlineFailsWhenItReturns() {
    AtomicReference<CompletableFuture<String>> returned =
        new AtomicReference<CompletableFuture<String>>();
    AsyncCall<String> guarded =
        new AsyncCall<String>(null, null, timer()) {
          @Override
          protected CompletionStage<String> call() {
            calls++;
            scheduler.runNext(); // the deadline passes before the method returns its stage
            returned.set(new CompletableFuture<String>());
            return returned.get();
          }
        };

    CompletableFuture<String> call = guarded.start();

    assertInstanceOf(AttemptTimeoutException.class, failureOf(call));
    assertTrue(returned.get().isCancelled());
  }

  @Test
  void aMethodThatThrowsAfterItsDeadlineFailsWithTheTimeout() {
    AsyncCall<String> guarded =
        new AsyncCall<String>(null, null, timer()) {
          @Override
          protected CompletionStage<String> call() throws IOException {
            scheduler.runNext();
            throw new IOException("late");
          }
        };

    assertInstanceOf(AttemptTimeoutException.class, failureOf(guarded.start()));
  }

  @Test
  void aFailureBeforeTheDeadlineIsTheAttemptsOwn() {
    IOException own = new IOException("own");
    CompletableFuture<String> failing = new CompletableFuture<String>();
    script.add(failing);

    CompletableFuture<String> call = guarded(null, null, timer(), false).start();
    failing.completeExceptionally(own);

    assertSame(own, failureOf(call));
    assertEquals(0, scheduler.pending());
  }

  @Test
  void cancellingTheCallCancelsTheAttemptAndItsDeadline() {
    CompletableFuture<String> hung = new CompletableFuture<String>();
    script.add(hung);

    CompletableFuture<String> call = guarded(retrier(3), null, timer(), false).start();
    assertTrue(call.cancel(true));

    assertTrue(hung.isCancelled());
    assertEquals(0, scheduler.pending());
    assertEquals(Arrays.asList("failure:1:CancellationException:0"), log);
  }

  @Test
  @Timeout(20)
  void onTheRuntimesTimerTheTimeoutIsHandedToThePool() throws Exception {
    RetryOptions realTime = RetryOptions.builder().build();
    AttemptTimer timer = new TimeoutPolicy(label, 50L).bind(realTime);
    CompletableFuture<String> hung = new CompletableFuture<String>();
    AtomicReference<Thread> observed = new AtomicReference<Thread>();
    script.add(hung);
    AsyncCall<String> guarded =
        new AsyncCall<String>(null, null, timer) {
          @Override
          protected CompletionStage<String> call() {
            return script.pollFirst();
          }

          @Override
          protected CompletionStage<String> recover(Throwable failure) {
            observed.set(Thread.currentThread());
            return CompletableFuture.completedFuture("recovered");
          }
        };

    CompletableFuture<String> call = guarded.start();

    assertEquals("recovered", call.get(15, TimeUnit.SECONDS));
    assertTrue(hung.isCancelled());
    assertNotSame(Thread.currentThread(), observed.get());
    assertTrue(observed.get().getName().startsWith("retrygen-async-"), observed.get().getName());
  }

  private final class Recording implements RetryListener {
    @Override
    public void onRetry(RetryEvent event) {
      record("retry", event);
    }

    @Override
    public void onSuccess(RetryEvent event) {
      record("success", event);
    }

    @Override
    public void onFailure(RetryEvent event) {
      record("failure", event);
    }

    private synchronized void record(String kind, RetryEvent event) {
      Throwable failure = event.failure();
      log.add(kind + ":" + event.attempt() + ":"
          + (failure == null ? "-" : failure.getClass().getSimpleName()) + ":"
          + event.delayMillis());
      events.add(event);
    }
  }
}
