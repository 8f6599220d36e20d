package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The generated synchronous loop allocates nothing without listeners, on its success path and on
 * its fail-once path (a failure, the decision to retry at once, a success), with or without hooks
 * and a result test: counted in bytes over many calls, by the JVM's per-thread counter.
 */
class SyncAllocationTest {
  private static final int CALLS = 100_000;
  private static final long NOISE_BYTES = 1_000;
  /** Preallocated and stackless: the delegate's throw must not count against the loop. */
  private static final RuntimeException FAILURE =
      new RuntimeException("fails", null, false, false) {};

  /** Fails on every odd call when {@code failing}, as the benchmarks' backend does. */
  private static final class Backend implements CountingService {
    private final boolean failing;
    private int calls;

    Backend(boolean failing) {
      this.failing = failing;
    }

    @Override
    public int call(int input) {
      if (failing && (calls++ & 1) == 0) {
        throw FAILURE;
      }
      return input;
    }

    @Override
    public int checked(int input) {
      return call(input);
    }
  }

  @Test
  void theSuccessPathAllocatesNothing() {
    CountingService service = new CountingServiceRetrying(new Backend(false));
    assertNothingAllocated(service::call);
    assertNothingAllocated(service::checked);
  }

  @Test
  void theFailOncePathAllocatesNothing() {
    CountingService service = new CountingServiceRetrying(new Backend(true));
    assertNothingAllocated(service::call);
    assertNothingAllocated(service::checked);
  }

  private static void assertNothingAllocated(IntUnaryOperator call) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    assertTrue(threads instanceof com.sun.management.ThreadMXBean, "no allocation counter");
    com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) threads;
    long thread = Thread.currentThread().getId();
    for (int i = 0; i < CALLS; i++) { // warm up
      assertEquals(i, call.applyAsInt(i));
    }
    long before = counter.getThreadAllocatedBytes(thread);
    long sum = 0;
    for (int i = 0; i < CALLS; i++) {
      sum += call.applyAsInt(1);
    }
    long allocated = counter.getThreadAllocatedBytes(thread) - before;

    assertEquals(CALLS, sum);
    assertTrue(allocated < NOISE_BYTES, allocated + " bytes for " + CALLS + " calls");
  }
}
