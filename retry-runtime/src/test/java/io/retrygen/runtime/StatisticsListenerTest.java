package io.retrygen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryEvent;
import io.retrygen.runtime.testing.FakeClock;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class StatisticsListenerTest {
  private static final String LABEL = "PaymentClient.charge";
  private static final IOException FAILURE = new IOException("attempt failed");

  private final StatisticsListener statistics = new StatisticsListener();

  @Test
  void successOnTheFirstAttemptIsWithoutRetry() {
    statistics.onSuccess(event(LABEL, 1));

    assertCounts(statistics.statistics(LABEL), 1, 0, 0, 0);
  }

  @Test
  void successOnALaterAttemptIsWithRetry() {
    statistics.onSuccess(event(LABEL, 2));
    statistics.onSuccess(event(LABEL, 5));
    statistics.onSuccess(event(LABEL, Integer.MAX_VALUE));

    assertCounts(statistics.statistics(LABEL), 0, 3, 0, 0);
  }

  @Test
  void failureOnTheFirstAttemptIsWithoutRetry() {
    statistics.onFailure(failure(LABEL, 1));
    statistics.onFailure(resultFailure(LABEL, 1));

    assertCounts(statistics.statistics(LABEL), 0, 0, 2, 0);
  }

  @Test
  void failureOnALaterAttemptIsWithRetry() {
    statistics.onFailure(failure(LABEL, 3));
    statistics.onFailure(resultFailure(LABEL, 2));

    assertCounts(statistics.statistics(LABEL), 0, 0, 0, 2);
  }

  @Test
  void retriesAloneAreNotCalls() {
    statistics.onRetry(RetryEvent.of(LABEL, 1, new IOException(), 100L, 0L));
    statistics.onRetry(RetryEvent.of(LABEL, 2, new IOException(), 200L, 0L));

    assertCounts(statistics.statistics(LABEL), 0, 0, 0, 0);
  }

  @Test
  void allFourCountersTogether() {
    statistics.onSuccess(event(LABEL, 1));
    statistics.onSuccess(event(LABEL, 1));
    statistics.onRetry(RetryEvent.of(LABEL, 1, new IOException(), 10L, 0L));
    statistics.onSuccess(event(LABEL, 2));
    statistics.onFailure(failure(LABEL, 1));
    statistics.onFailure(failure(LABEL, 1));
    statistics.onFailure(failure(LABEL, 1));
    statistics.onFailure(failure(LABEL, 3));
    statistics.onFailure(failure(LABEL, 3));
    statistics.onFailure(failure(LABEL, 3));
    statistics.onFailure(failure(LABEL, 3));

    RetryStatistics counts = statistics.statistics(LABEL);
    assertCounts(counts, 2, 1, 3, 4);
    assertEquals(new RetryStatistics(2, 1, 3, 4), counts);
    assertEquals(new RetryStatistics(2, 1, 3, 4).hashCode(), counts.hashCode());
    assertNotEquals(new RetryStatistics(2, 1, 4, 3), counts);
    assertEquals(
        "RetryStatistics{successfulWithoutRetry=2, successfulWithRetry=1, failedWithoutRetry=3,"
            + " failedWithRetry=4}",
        counts.toString());
  }

  @Test
  void countsAreKeptPerLabel() {
    statistics.onSuccess(event("A.call", 1));
    statistics.onSuccess(event("B.call", 2));
    statistics.onFailure(failure("B.call", 1));
    statistics.onFailure(failure("C.call", 4));

    assertCounts(statistics.statistics("A.call"), 1, 0, 0, 0);
    assertCounts(statistics.statistics("B.call"), 0, 1, 1, 0);
    assertCounts(statistics.statistics("C.call"), 0, 0, 0, 1);
  }

  @Test
  void unknownLabelIsAllZero() {
    statistics.onSuccess(event(LABEL, 1));

    assertCounts(statistics.statistics("Other.call"), 0, 0, 0, 0);
    assertCounts(new StatisticsListener().statistics(LABEL), 0, 0, 0, 0);
    assertCounts(statistics.statistics(""), 0, 0, 0, 0);
  }

  @Test
  void statisticsAreASnapshot() {
    statistics.onSuccess(event(LABEL, 1));
    RetryStatistics before = statistics.statistics(LABEL);

    statistics.onSuccess(event(LABEL, 1));
    statistics.onFailure(failure(LABEL, 2));

    assertCounts(before, 1, 0, 0, 0);
    assertCounts(statistics.statistics(LABEL), 2, 0, 0, 1);
  }

  @Test
  void countsCallsDrivenThroughATemplate() throws Exception {
    FakeClock clock = new FakeClock();
    RetryTemplate template =
        RetryTemplate.builder()
            .label(LABEL)
            .backoff(BackoffPolicy.fixed(10L))
            .options(
                RetryOptions.builder().sleeper(clock).ticker(clock).listener(statistics).build())
            .build();

    template.execute(ScriptedCallback.failing()); // succeeds at once
    template.execute(ScriptedCallback.failing(new IOException())); // fails once, then succeeds
    try {
      template.execute( // fails three times and gives up
          ScriptedCallback.failing(new IOException(), new IOException(), new IOException()));
    } catch (IOException expected) {
      // counted as failed with retry
    }
    template.execute( // a failure that is not retried, recovered
        ScriptedCallback.failing(new Error("not retried")), context -> "recovered");

    assertCounts(statistics.statistics(LABEL), 1, 1, 1, 1);
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void concurrentEventsAreNotLost() throws Exception {
    final int threads = 8;
    final int callsPerThread = 20_000;
    final int freshLabels = 20_000;
    final CountDownLatch ready = new CountDownLatch(threads);
    final CountDownLatch go = new CountDownLatch(1);
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> results = new ArrayList<Future<Void>>();
      for (int t = 0; t < threads; t++) {
        final int thread = t;
        results.add(
            executor.submit(
                new Callable<Void>() {
                  @Override
                  public Void call() throws InterruptedException {
                    ready.countDown();
                    go.await();
                    for (int i = 0; i < freshLabels; i++) {
                      // every thread counts the first call of a new label at about the same time
                      statistics.onSuccess(event("Fresh.call" + i, 1));
                    }
                    for (int i = 0; i < callsPerThread; i++) {
                      // a label first seen by all threads at once, and one of this thread only
                      String label = "Shared.call" + (i % 4);
                      statistics.onSuccess(event(label, 1 + (i & 1)));
                      statistics.onFailure(failure(label, 1 + (i % 3 == 0 ? 0 : 1)));
                      statistics.onSuccess(event("Own.call" + thread, 1));
                    }
                    return null;
                  }
                }));
      }
      assertTrue(ready.await(30, TimeUnit.SECONDS));
      go.countDown();
      for (Future<Void> result : results) {
        result.get(30, TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
    }

    // per thread and shared label: callsPerThread / 4 calls, half of them on attempt 1;
    // failures on attempt 1 when i % 3 == 0.
    for (int shared = 0; shared < 4; shared++) {
      long withoutRetry = 0;
      long failedWithout = 0;
      int calls = 0;
      for (int i = shared; i < callsPerThread; i += 4) {
        calls++;
        if ((i & 1) == 0) {
          withoutRetry++;
        }
        if (i % 3 == 0) {
          failedWithout++;
        }
      }
      assertCounts(
          statistics.statistics("Shared.call" + shared),
          threads * withoutRetry,
          threads * (calls - withoutRetry),
          threads * failedWithout,
          threads * (calls - failedWithout));
    }
    long totalShared = 0;
    for (int shared = 0; shared < 4; shared++) {
      RetryStatistics counts = statistics.statistics("Shared.call" + shared);
      totalShared += counts.successfulWithoutRetry() + counts.successfulWithRetry();
    }
    assertEquals((long) threads * callsPerThread, totalShared);
    for (int t = 0; t < threads; t++) {
      assertCounts(statistics.statistics("Own.call" + t), callsPerThread, 0, 0, 0);
    }
    for (int i = 0; i < freshLabels; i++) {
      assertCounts(statistics.statistics("Fresh.call" + i), threads, 0, 0, 0);
    }
  }

  private static RetryEvent event(String label, int attempt) {
    return RetryEvent.of(label, attempt, null, 0L, 0L);
  }

  private static RetryEvent failure(String label, int attempt) {
    return RetryEvent.of(label, attempt, FAILURE, 0L, 0L);
  }

  private static RetryEvent resultFailure(String label, int attempt) {
    return RetryEvent.of(label, attempt, null, 0L, 0L);
  }

  private static void assertCounts(
      RetryStatistics counts,
      long successfulWithoutRetry,
      long successfulWithRetry,
      long failedWithoutRetry,
      long failedWithRetry) {
    assertEquals(successfulWithoutRetry, counts.successfulWithoutRetry(), "successfulWithoutRetry");
    assertEquals(successfulWithRetry, counts.successfulWithRetry(), "successfulWithRetry");
    assertEquals(failedWithoutRetry, counts.failedWithoutRetry(), "failedWithoutRetry");
    assertEquals(failedWithRetry, counts.failedWithRetry(), "failedWithRetry");
  }
}
