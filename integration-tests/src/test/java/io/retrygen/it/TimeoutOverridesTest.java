package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The {@code retrygen.timeout.<label>.value} override (SPEC §17): a synchronous attempt blocked on
 * a latch nobody releases is interrupted by the runtime's watchdog at the overridden limit, not the
 * compiled 60 s; an asynchronous attempt's deadline is scheduled, with the overridden limit, on
 * the options' manual scheduler.
 */
class TimeoutOverridesTest {
  private static final Duration PATIENCE = Duration.ofSeconds(10);

  private final VirtualTime clock = VirtualTime.start();
  private final CompletableFuture<String> never = new CompletableFuture<>();

  private TimedKnobs client(String... keysAndValues) {
    return new TimedKnobsRetrying(
        new TimedKnobs() {
          @Override
          public String blocking() throws InterruptedException {
            new CountDownLatch(1).await();
            return "released";
          }

          @Override
          public CompletableFuture<String> later() {
            return never;
          }
        },
        RetryOptions.builder()
            .sleeper(clock)
            .ticker(clock)
            .scheduler(clock)
            .overrides(RetryOverridesTest.overrides(keysAndValues))
            .build());
  }

  @Test
  void aSynchronousAttemptIsInterruptedAtTheOverriddenLimit() {
    TimedKnobs client = client("retrygen.timeout.TimedKnobs.blocking.value", "50");

    long startNanos = System.nanoTime();
    AttemptTimeoutException thrown =
        assertTimeoutPreemptively(
            PATIENCE,
            () -> {
              AttemptTimeoutException timeout =
                  assertThrows(AttemptTimeoutException.class, client::blocking);
              assertFalse(Thread.currentThread().isInterrupted(), "the watchdog's interrupt");
              return timeout;
            });
    long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);

    assertEquals(50, thrown.timeoutMillis());
    assertEquals("TimedKnobs.blocking", thrown.label());
    assertTrue(elapsedMillis >= 50, "interrupted after " + elapsedMillis + " ms");
  }

  @Test
  void anAsynchronousAttemptsDeadlineIsScheduledWithTheOverriddenLimit() {
    TimedKnobs client = client("retrygen.timeout.TimedKnobs.later.value", "250");

    CompletableFuture<String> result = client.later();
    assertEquals(asList(250L), clock.scheduledDelays());
    assertFalse(result.isDone());
    assertTrue(clock.runNext());

    AttemptTimeoutException thrown = (AttemptTimeoutException) Outcomes.failureOf(result);
    assertEquals(250, thrown.timeoutMillis());
    assertTrue(never.isCancelled(), "the attempt's future is cancelled at the deadline");
  }

  @Test
  void aLongerLimit() {
    TimedKnobs client = client("retrygen.timeout.TimedKnobs.later.value", "5000");

    CompletableFuture<String> result = client.later();

    assertEquals(asList(5000L), clock.scheduledDelays());
    assertTrue(clock.runNext());
    assertEquals(5000, ((AttemptTimeoutException) Outcomes.failureOf(result)).timeoutMillis());
  }

  @Test
  void theOverrideOfOneMethodLeavesTheOtherAlone() {
    TimedKnobs client = client("retrygen.timeout.TimedKnobs.blocking.value", "50");

    client.later();

    assertEquals(asList(1000L), clock.scheduledDelays());
  }
}
