package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.RetryOptions;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Synchronous deadlines, as the generated code drives them: {@code arm}, the attempt, then {@code
 * returned} or {@code threw}. The attempts block for real here (that is what the watchdog
 * interrupts); the test thread waits with {@code parkNanos} loops that look at its flag.
 */
class AttemptTimerTest {
  /** Never counted down: awaiting it blocks until the deadline's interrupt, as a long sleep. */
  private static final CountDownLatch BLOCKED = new CountDownLatch(1);

  private static final Duration BOUND = Duration.ofSeconds(10);

  @AfterEach
  void clearFlag() {
    Thread.interrupted(); // a failed test must not leave its interrupt to the next one
  }

  private static AttemptTimer timer(long millis) {
    return new TimeoutPolicy("Client.call", millis).bind(RetryOptions.defaults());
  }

  @Test
  void aDeadlineInterruptsABlockedAttemptWhichThenFailsWithTheTimeout() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer timer = timer(50);
      long ticket = timer.arm();
      try {
        BLOCKED.await(10, TimeUnit.SECONDS); // as Thread.sleep: interruptible
        fail("not interrupted");
      } catch (InterruptedException expected) {
        AttemptTimeoutException timeout =
            assertThrows(AttemptTimeoutException.class, () -> timer.threw(ticket));
        assertEquals("Client.call: the attempt did not end within 50 ms", timeout.getMessage());
      }
      assertFalse(Thread.currentThread().isInterrupted());
    });
  }

  @Test
  void anAttemptThatReturnsAfterItsDeadlineFailsAndItsInterruptIsCleared() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer timer = timer(20);
      long ticket = timer.arm();
      while (!Thread.currentThread().isInterrupted()) { // an attempt that ignores interrupts
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
      assertThrows(AttemptTimeoutException.class, () -> timer.returned(ticket));
      assertFalse(Thread.currentThread().isInterrupted());
    });
  }

  @Test
  void anAttemptThatEndsInTimeSeesNoInterruptEvenLongAfter() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer timer = timer(10);
      for (int i = 0; i < 100; i++) {
        timer.returned(timer.arm());
      }
      long ticket = timer.arm();
      timer.threw(ticket); // returns: the caller rethrows its own failure
      assertNotInterruptedFor(200);
    });
  }

  @Test
  void someoneElsesInterruptIsKeptWhenTheDeadlineDoesNotFire() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer timer = timer(1_000);
      long ticket = timer.arm();
      Thread.currentThread().interrupt();
      timer.returned(ticket); // no timeout: the interrupt is not the watchdog's

      assertTrue(Thread.interrupted());
    });
  }

  @Test
  void someoneElsesInterruptIsKeptWhenTheDeadlineFiresAfterIt() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer timer = timer(20);
      long ticket = timer.arm();
      Thread.currentThread().interrupt();
      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
      while (System.nanoTime() - until < 0) {
        Thread.yield(); // parkNanos would return at once: the flag is set
      }
      assertThrows(AttemptTimeoutException.class, () -> timer.returned(ticket));

      assertTrue(Thread.interrupted(), "the watchdog cleared an interrupt it did not send");
    });
  }

  @Test
  void aStaleTicketChangesNothing() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer timer = timer(1_000);
      long ticket = timer.arm();
      timer.returned(ticket);
      long next = timer.arm();
      timer.returned(ticket); // the earlier attempt's: ignored, the next one stays armed
      timer.returned(next);
      assertNotInterruptedFor(20);
    });
  }

  @Test
  void anInnerAttemptTimesOutInsideAnOuterOneThatEndsInTime() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer outer = timer(5_000);
      AttemptTimer inner = timer(30);
      long outerTicket = outer.arm();
      long innerTicket = inner.arm();
      try {
        BLOCKED.await(10, TimeUnit.SECONDS); // as Thread.sleep: interruptible
        fail("not interrupted");
      } catch (InterruptedException expected) {
        assertThrows(AttemptTimeoutException.class, () -> inner.threw(innerTicket));
      }
      outer.returned(outerTicket);
      assertNotInterruptedFor(50);
    });
  }

  @Test
  void anOuterDeadlineInterruptsAnInnerAttemptAndOnlyTheOuterTimesOut() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer outer = timer(30);
      AttemptTimer inner = timer(5_000);
      long outerTicket = outer.arm();
      long innerTicket = inner.arm();
      try {
        BLOCKED.await(10, TimeUnit.SECONDS); // as Thread.sleep: interruptible
        fail("not interrupted");
      } catch (InterruptedException expected) {
        inner.threw(innerTicket); // not its deadline: the InterruptedException goes on
      }
      assertThrows(AttemptTimeoutException.class, () -> outer.threw(outerTicket));
      assertNotInterruptedFor(50);
    });
  }

  @Test
  void threeLevelsNestedEachDisarmed() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer timer = timer(20);
      for (int round = 0; round < 3; round++) {
        long first = timer.arm();
        long second = timer.arm();
        long third = timer.arm();
        timer.returned(third);
        timer.returned(second);
        timer.returned(first);
      }
      assertNotInterruptedFor(100);
    });
  }

  @Test
  void endingAnOuterAttemptDisarmsAnInnerOneLeftArmed() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer timer = timer(20);
      long outer = timer.arm();
      timer.arm(); // never ended: a bug in the caller, not a stray interrupt later
      timer.returned(outer);
      assertNotInterruptedFor(100);
    });
  }

  @Test
  void withNothingArmedTheWatchdogParksWithoutADeadline() {
    assertTimeoutPreemptively(BOUND, () -> {
      AttemptTimer timer = timer(10);
      timer.returned(timer.arm());
      while (Watchdog.wakeAt != Watchdog.NEVER
          || Watchdog.Daemon.THREAD.getState() != Thread.State.WAITING) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
    });
  }

  @Test
  void theRegistrationOfAThreadThatEndedIsNotKept() {
    assertTimeoutPreemptively(BOUND, () -> {
      final AttemptTimer timer = timer(10);
      Thread thread = new Thread(() -> timer.returned(timer.arm()));
      thread.start();
      thread.join();
      WeakReference<Thread> ended = new WeakReference<Thread>(thread);
      thread = null;
      while (ended.get() != null) {
        System.gc();
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
      }
    });
  }

  /** Waits {@code millis} ms and fails as soon as the flag is set. */
  private static void assertNotInterruptedFor(long millis) {
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    for (long left; (left = until - System.nanoTime()) > 0; ) {
      LockSupport.parkNanos(left);
      assertFalse(Thread.currentThread().isInterrupted(), "a stray interrupt");
    }
  }
}
