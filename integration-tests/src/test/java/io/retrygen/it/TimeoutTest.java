package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * {@code @Timeout} on synchronous methods (SPEC §16): the watchdog interrupts an attempt that
 * blocks past its limit, the attempt fails with {@code AttemptTimeoutException}, which is retried
 * or recovered; the watchdog's interrupt is cleared, the caller's own is kept. Waits between
 * attempts are virtual; the blocked attempts are ended by the real watchdog at 50 ms.
 */
class TimeoutTest {
  private static final Duration BOUND = Duration.ofSeconds(10);

  private final VirtualTime clock = VirtualTime.start();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).random(new QueueRandom()).build();

  /**
   * Blocks as a call that waits for I/O would, for up to 5 s, until the thread is interrupted;
   * then throws {@code InterruptedException}, its flag cleared, as {@code Thread.sleep} does.
   */
  static String blockUntilInterrupted() throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (!Thread.interrupted()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return "not interrupted";
      }
      LockSupport.parkNanos(left);
    }
    throw new InterruptedException("interrupted while blocked");
  }

  @Test
  void attemptsThatBlockPastTheLimitAreInterruptedAndRetriedUntilOneSucceeds() {
    AtomicInteger calls = new AtomicInteger();
    AttemptLimitedClient delegate =
        new AttemptLimitedClient() {
          @Override
          public String fetch(String key) throws InterruptedException {
            if (calls.incrementAndGet() < 3) {
              return blockUntilInterrupted();
            }
            return "value of " + key;
          }

          @Override
          public String interruptsItself(String key) {
            throw new AssertionError("not called");
          }
        };
    AttemptLimitedClient client = new AttemptLimitedClientRetrying(delegate, options);

    String result = assertTimeoutPreemptively(BOUND, () -> client.fetch("k"));

    assertEquals("value of k", result);
    assertEquals(3, calls.get());
    assertEquals(2, clock.sleeps().size(), "two virtual waits between the three attempts");
  }

  @Test
  void aTimeoutIsRecoveredAndLeavesNoInterruptBehind() {
    AtomicInteger calls = new AtomicInteger();
    TimedFallbackClient client =
        new TimedFallbackClientRetrying(
            key -> {
              calls.incrementAndGet();
              return blockUntilInterrupted();
            },
            options);

    String result =
        assertTimeoutPreemptively(
            BOUND,
            () -> {
              String recovered = client.lookup("k");
              assertFalse(Thread.currentThread().isInterrupted(), "the watchdog's interrupt");
              return recovered;
            });

    assertEquals("fallback k after 50 ms", result);
    assertEquals(1, calls.get());
  }

  @Test
  void theCallersOwnInterruptIsKept() {
    AttemptLimitedClient delegate =
        new AttemptLimitedClient() {
          @Override
          public String fetch(String key) {
            throw new AssertionError("not called");
          }

          @Override
          public String interruptsItself(String key) {
            Thread.currentThread().interrupt();
            return "done " + key;
          }
        };
    AttemptLimitedClient client = new AttemptLimitedClientRetrying(delegate, options);

    boolean interrupted =
        assertTimeoutPreemptively(
            BOUND,
            () -> {
              assertEquals("done k", client.interruptsItself("k"));
              return Thread.interrupted();
            });

    assertTrue(interrupted, "an interrupt the watchdog did not cause stays set");
  }
}
