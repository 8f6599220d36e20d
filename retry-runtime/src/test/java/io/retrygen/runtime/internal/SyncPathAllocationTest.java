package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

/**
 * The synchronous path allocates nothing without listeners: a success, a failure followed by a
 * success (the decision order deciding, and answering with a wait, allocates nothing), and a call
 * that gives up (the reason is a code, not an object). Counted in bytes over many calls, as the
 * JVM's per-thread allocation counter sees them, so the test cannot pass by timing.
 */
class SyncPathAllocationTest {
  private static final int CALLS = 100_000;
  /** What a call may allocate at most, all calls together: noise from the counter itself. */
  private static final long NOISE_BYTES = 1_000;

  /** Preallocated and stackless, as a benchmark's: the loop must not be charged for the throw. */
  private static final RuntimeException FAILURE =
      new RuntimeException("fails", null, false, false) {};

  @Test
  void theSuccessPathAllocatesNothing() {
    Retrier retrier = policy(BackoffPolicy.fixed(0L)).bind(RetryOptions.defaults());

    assertNothingAllocated(() -> call(retrier, 0));
  }

  @Test
  void theFailOncePathAllocatesNothing() {
    Retrier retrier = policy(BackoffPolicy.fixed(0L)).bind(RetryOptions.defaults());

    assertNothingAllocated(() -> call(retrier, 1));
  }

  /**
   * The whole decision order runs: a budget, hooks, a wait (a sleeper that does not sleep) and a
   * {@code maxDuration}, which reads the ticker.
   */
  @Test
  void theFailOncePathWithEveryStepAllocatesNothing() {
    RetryOptions options = RetryOptions.builder().sleeper(millis -> {}).build();
    Retrier retrier =
        new RetryPolicy("Client.call", 3, 60_000L, BackoffPolicy.exponential(5L, 2.0))
            .withBudget("SyncPathAllocationTest", 1000, 1.0)
            .bind(options, new RetryHooks<Integer>() {
              @Override
              protected boolean retryIf(Throwable failure) {
                return failure == FAILURE;
              }
            });

    assertNothingAllocated(() -> call(retrier, 1));
  }

  @Test
  void givingUpAllocatesNothing() {
    Retrier retrier = policy(BackoffPolicy.fixed(0L)).bind(RetryOptions.defaults());

    assertNothingAllocated(() -> call(retrier, 3)); // three failures: attempts exhausted
  }

  /** SPEC §16: arming and disarming a synchronous deadline reuses the thread's registration. */
  @Test
  void aTimedAttemptAllocatesNothing() {
    AttemptTimer timer = new TimeoutPolicy("Client.call", 60_000L).bind(RetryOptions.defaults());

    assertNothingAllocated(() -> {
      long ticket = timer.arm();
      int result = delegate(1, 0);
      timer.returned(ticket);
      return result;
    });
  }

  private static RetryPolicy policy(BackoffPolicy backoff) {
    return new RetryPolicy("Client.call", 3, 0L, backoff);
  }

  /**
   * What a generated method does, its delegate failing {@code failures} times first: -1 when the
   * call gave up, else the attempt that succeeded.
   */
  private static int call(Retrier retrier, int failures) {
    long startNanos = retrier.start();
    for (int attempt = 1; ; attempt++) {
      int result;
      try {
        result = delegate(attempt, failures);
      } catch (Throwable failure) {
        if (failure instanceof Exception) {
          if (retrier.retryAfter(attempt, startNanos, failure)) {
            continue;
          }
        } else {
          retrier.notRetryable(attempt, startNanos, failure);
        }
        return -1;
      }
      retrier.succeeded(attempt, startNanos);
      return result;
    }
  }

  private static int delegate(int attempt, int failures) {
    if (attempt <= failures) {
      throw FAILURE;
    }
    return attempt;
  }

  private interface Call {
    int run();
  }

  private static void assertNothingAllocated(Call call) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    assertTrue(threads instanceof com.sun.management.ThreadMXBean, "no allocation counter");
    com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) threads;
    long thread = Thread.currentThread().getId();
    int expected = call.run();
    for (int i = 0; i < CALLS; i++) { // warm up
      assertEquals(expected, call.run());
    }
    long before = counter.getThreadAllocatedBytes(thread);
    int sum = 0;
    for (int i = 0; i < CALLS; i++) {
      sum += call.run();
    }
    long allocated = counter.getThreadAllocatedBytes(thread) - before;

    assertEquals((long) expected * CALLS, sum);
    assertTrue(allocated < NOISE_BYTES, allocated + " bytes for " + CALLS + " calls");
  }
}
