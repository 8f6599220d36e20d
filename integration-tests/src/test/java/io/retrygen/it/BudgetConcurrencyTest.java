package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * SPEC §10: "lock-free and exact under concurrent calls". Four threads call through their own
 * generated instances at once; whatever the interleaving, every attempt the dependency saw took
 * exactly one token and every success gave exactly 0.001 back.
 */
class BudgetConcurrencyTest {
  private static final int THREADS = 4;

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void noTokenIsLostOrCountedTwice() throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    BulkClient dependency =
        fail -> {
          attempts.incrementAndGet();
          if (fail) {
            throw new IOException("down");
          }
          return "ok";
        };
    // Created with the first generated instance: full.
    runConcurrently(() -> new BulkClientRetrying(dependency, RetryOptions.defaults()), false, 0);
    assertEquals(1000.0, RetryBudgets.tokens(BulkClient.BUDGET), 0.0);
    attempts.set(0);

    runConcurrently(
        () -> new BulkClientRetrying(dependency, RetryOptions.defaults()), true, 100);
    int failedAttempts = attempts.get();
    // 400 first attempts, and retries only while more than 500 tokens were left after a take.
    assertTrue(failedAttempts > 400 && failedAttempts <= 400 + 500, "" + failedAttempts);
    assertEquals(1000.0 - failedAttempts, RetryBudgets.tokens(BulkClient.BUDGET), 0.0);

    runConcurrently(
        () -> new BulkClientRetrying(dependency, RetryOptions.defaults()), false, 1000);
    assertEquals(
        1000.0 - failedAttempts + 4.0, RetryBudgets.tokens(BulkClient.BUDGET), 1e-9,
        "4000 successes gave back 4 tokens");
    assertEquals("" + (1000 - failedAttempts + 4) + ".0",
        String.valueOf(RetryBudgets.tokens(BulkClient.BUDGET)), "exact in thousandths");
  }

  private interface Factory {
    BulkClient create();
  }

  /** Each thread makes {@code calls} calls through an instance of its own, all starting at once. */
  private static void runConcurrently(Factory factory, boolean fail, int calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CyclicBarrier start = new CyclicBarrier(THREADS);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        done.add(
            pool.submit(
                () -> {
                  BulkClient client = factory.create();
                  start.await();
                  for (int i = 0; i < calls; i++) {
                    if (fail) {
                      assertThrows(IOException.class, () -> client.send(true));
                    } else {
                      assertEquals("ok", client.send(false));
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> each : done) {
        each.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
