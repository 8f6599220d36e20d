package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * MicroProfile Fault Tolerance TCK {@code CircuitBreakerRetryTest}, its asynchronous tests, in
 * virtual time: every attempt passes the breaker, an attempt's outcome is recorded when its future
 * completes, and {@code CircuitBreakerOpenException} is an attempt failure that is retried or
 * ends the call as {@code retryFor}/{@code noRetryFor} say (SPEC §6, §7).
 */
class AsyncCircuitBreakerRetryTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RecordingBreakerListener breakerListener =
      new RecordingBreakerListener(
          "AsyncBreakerRetryClient.serviceA",
          "AsyncBreakerRetryClient.serviceC",
          "AsyncBreakerRetryClient.serviceWithRetryOnCbOpen");
  private final AsyncAttempts attempts = new AsyncAttempts();
  /** serviceC's attempts, for the test to time out. */
  private final List<CompletableFuture<String>> timing = new ArrayList<>();
  private final AsyncBreakerRetryClient client =
      new AsyncBreakerRetryClientRetrying(
          new AsyncBreakerRetryClient() {
            @Override
            public CompletableFuture<String> serviceA(AsyncFailing how) {
              return attempts.fail(how, new TckTestException("Connection failed"));
            }

            @Override
            public CompletableFuture<String> serviceB(AsyncFailing how) {
              return attempts.fail(how, new TckTestException("Connection failed"));
            }

            @Override
            public CompletableFuture<String> serviceC() {
              CompletableFuture<String> future = new CompletableFuture<>();
              timing.add(future);
              return future;
            }

            @Override
            public CompletableFuture<String> serviceWithRetryOnCbOpen(boolean throwException) {
              return outcome(throwException);
            }

            @Override
            public CompletableFuture<String> serviceWithRetryOnTimeout(boolean throwException) {
              return outcome(throwException);
            }

            @Override
            public CompletableFuture<String> serviceWithRetryFailOnCbOpen(
                boolean throwException) {
              return outcome(throwException);
            }

            private CompletableFuture<String> outcome(boolean throwException) {
              if (throwException) {
                return attempts.fail(AsyncFailing.THROWN, new TckTestException("Test Exception"));
              }
              return attempts.succeed("OK");
            }
          },
          RetryOptions.builder()
              .sleeper(clock)
              .ticker(clock)
              .scheduler(clock)
              .listener(listener)
              .build());

  /** Every instance shares one breaker per method: each test starts with none. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  @BeforeEach
  void watchBreakers() {
    CircuitBreakers.addListener(breakerListener);
  }

  @AfterEach
  void stopWatching() {
    CircuitBreakers.removeListener(breakerListener);
  }

  /** Fails the stages left to fail and runs the scheduled attempts until {@code future} is done. */
  private void drive(CompletableFuture<?> future) {
    for (int step = 0; !future.isDone(); step++) {
      if (step == 100) {
        throw new AssertionError("not done after 100 steps");
      }
      if (!attempts.failNext()) {
        assertTrue(clock.runNext());
      }
    }
    assertEquals(0, clock.pendingTasks());
  }

  /**
   * testCircuitOpenWithMoreRetriesAsync: four attempts reach the delegate and open the breaker;
   * the fifth is refused, and the open exception, not in retryOn, ends the call.
   */
  @ParameterizedTest
  @EnumSource(AsyncFailing.class)
  void circuitOpenWithMoreRetries(AsyncFailing how) {
    CompletableFuture<String> future = client.serviceA(how);
    drive(future);

    CircuitBreakerOpenException open =
        (CircuitBreakerOpenException) Outcomes.failureOf(future);
    assertEquals("AsyncBreakerRetryClient.serviceA", open.name());
    assertEquals(4, attempts.calls());
    assertEquals(Collections.nCopies(4, 100L), clock.scheduledDelays());
    String label = "AsyncBreakerRetryClient.serviceA";
    assertEquals(
        asList(
            "onRetry " + label + " #1 TckTestException delay=100 elapsedMs=0",
            "onRetry " + label + " #2 TckTestException delay=100 elapsedMs=100",
            "onRetry " + label + " #3 TckTestException delay=100 elapsedMs=200",
            "onRetry " + label + " #4 TckTestException delay=100 elapsedMs=300",
            "onFailure " + label + " #5 CircuitBreakerOpenException delay=0 elapsedMs=400"),
        listener.lines());
    assertEquals(asList(label + " CLOSED->OPEN", label + " refused"), breakerListener.lines);
  }

  /** testCircuitOpenWithFewRetriesAsync: three attempts do not fill the window. */
  @ParameterizedTest
  @EnumSource(AsyncFailing.class)
  void circuitOpenWithFewRetries(AsyncFailing how) {
    CompletableFuture<String> future = client.serviceB(how);
    drive(future);

    assertEquals(TckTestException.class, Outcomes.failureOf(future).getClass());
    assertEquals(3, attempts.calls());

    // the next call's first attempt fills the window and opens it; its retry is refused
    CompletableFuture<String> next = client.serviceB(how);
    drive(next);
    assertTrue(Outcomes.failureOf(next) instanceof CircuitBreakerOpenException);
    assertEquals(4, attempts.calls());
  }

  /**
   * testCircuitOpenWithMultiTimeoutsAsync: the attempts time out. Each outcome is recorded when its
   * future completes, not when the delegate returns it: the breaker opens only as the fourth
   * attempt's future fails, and the retry that follows is refused.
   */
  @Test
  void circuitOpenWithMultiTimeouts() {
    CompletableFuture<String> future = client.serviceC();
    String name = "AsyncBreakerRetryClient.serviceC";

    for (int attempt = 1; attempt <= 4; attempt++) {
      assertEquals(attempt, timing.size());
      assertEquals(0, clock.pendingTasks(), "no retry before the attempt's future completes");
      assertEquals(Collections.<String>emptyList(), breakerListener.lines);
      timing.get(attempt - 1).completeExceptionally(new TimeoutException("attempt " + attempt));
      assertEquals(1, clock.pendingTasks());
      if (attempt < 4) {
        assertTrue(clock.runNext());
      }
    }
    assertEquals(asList(name + " CLOSED->OPEN"), breakerListener.lines);
    assertFalse(future.isDone());

    assertTrue(clock.runNext());

    assertTrue(Outcomes.failureOf(future) instanceof CircuitBreakerOpenException);
    assertEquals(4, timing.size());
    assertEquals(asList(name + " CLOSED->OPEN", name + " refused"), breakerListener.lines);
  }

  /**
   * testRetriesSucceedWhenCircuitClosesAsync: the open exception is retried every 100 ms until
   * the 1000 ms delay has passed; the eleventh attempt is the trial, and it succeeds.
   */
  @Test
  void retriesSucceedWhenCircuitCloses() {
    for (int i = 0; i < 4; i++) {
      CompletableFuture<String> failed = client.serviceWithRetryOnCbOpen(true);
      assertEquals(TckTestException.class, Outcomes.failureOf(failed).getClass());
    }
    assertEquals(0, clock.pendingTasks());
    listener.clear();

    CompletableFuture<String> future = client.serviceWithRetryOnCbOpen(false);
    drive(future);

    assertEquals("OK", Outcomes.valueOf(future));
    assertEquals(5, attempts.calls());
    assertEquals(Collections.nCopies(10, 100L), clock.scheduledDelays());
    assertEquals(1_000_000_000L, clock.nanoTime());
    assertEquals(
        "onSuccess AsyncBreakerRetryClient.serviceWithRetryOnCbOpen #11 - delay=0 elapsedMs=1000",
        listener.lines().get(listener.lines().size() - 1));
    String name = "AsyncBreakerRetryClient.serviceWithRetryOnCbOpen";
    assertEquals(name + " CLOSED->OPEN", breakerListener.lines.get(0));
    assertEquals(Collections.nCopies(10, name + " refused"), breakerListener.lines.subList(1, 11));
    assertEquals(name + " OPEN->HALF_OPEN", breakerListener.lines.get(11));
  }

  /**
   * testNoRetriesIfNotRetryOnAsync: the open exception is not in retryOn: the future fails with it
   * at once, without a wait and without calling the delegate.
   */
  @Test
  void noRetriesIfNotRetryOn() {
    for (int i = 0; i < 4; i++) {
      assertEquals(
          TckTestException.class,
          Outcomes.failureOf(client.serviceWithRetryOnTimeout(true)).getClass());
    }

    CompletableFuture<String> future = client.serviceWithRetryOnTimeout(false);

    assertTrue(Outcomes.failureOf(future) instanceof CircuitBreakerOpenException);
    assertEquals(4, attempts.calls());
    assertEquals(0, clock.pendingTasks());
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
  }

  /** testNoRetriesIfAbortOnAsync: the open exception is in abortOn. */
  @Test
  void noRetriesIfAbortOn() {
    for (int i = 0; i < 4; i++) {
      assertEquals(
          TckTestException.class,
          Outcomes.failureOf(client.serviceWithRetryFailOnCbOpen(true)).getClass());
    }

    CompletableFuture<String> future = client.serviceWithRetryFailOnCbOpen(false);

    assertTrue(Outcomes.failureOf(future) instanceof CircuitBreakerOpenException);
    assertEquals(4, attempts.calls());
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
  }
}
