package io.retrygen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.testing.EventLog;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.QueueRandom;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link RetryTemplate} in virtual time (SPEC §3 steps 7 to 9, §4, §8): {@code maxDuration}
 * before and after a wait, the exact waits with a scripted {@link RandomSource}, listener events,
 * the context during each attempt, and one template used by several threads at once.
 */
class RetryTemplateScheduleTest {
  private static final long MS = 1_000_000L;

  private final FakeClock clock = new FakeClock(5_000 * MS); // an arbitrary origin, not 0
  private final EventLog events = new EventLog();

  private RetryOptions options(Sleeper sleeper, RandomSource random) {
    return RetryOptions.builder().sleeper(sleeper).ticker(clock).random(random).listener(events)
        .build();
  }

  private RetryTemplate.Builder builder(int maxAttempts, BackoffPolicy backoff) {
    return RetryTemplate.builder()
        .maxAttempts(maxAttempts)
        .backoff(backoff)
        .options(options(clock, QueueRandom.none()));
  }

  private static List<Long> millis(long... values) {
    List<Long> list = new ArrayList<Long>();
    for (long value : values) {
      list.add(value);
    }
    return list;
  }

  private static IOException[] failures(int count) {
    IOException[] failures = new IOException[count];
    for (int i = 0; i < count; i++) {
      failures[i] = new IOException("failure " + (i + 1));
    }
    return failures;
  }

  // -------------------------------------------------------------------------- maxDuration

  @Test
  void aWaitThatWouldEndAtOrBeyondMaxDurationIsNotTaken() {
    // Attempts take 30 ms: 0-30, wait 100 (130 < 250), 130-160, then 160 + 100 >= 250.
    ScriptedCallback callback = ScriptedCallback.failing(failures(5)).taking(clock, 30L);
    RetryTemplate template = builder(5, BackoffPolicy.fixed(100L)).maxDuration(250L).build();

    IOException thrown = assertThrows(IOException.class, () -> template.execute(callback));

    assertEquals("failure 2", thrown.getMessage());
    assertEquals(millis(100L), clock.sleeps);
    assertEquals(
        Arrays.asList(
            "onRetry RetryTemplate #1 IOException delay=100 elapsedMs=30",
            "onFailure RetryTemplate #2 IOException delay=0 elapsedMs=160"),
        events.lines());
  }

  @Test
  void aWaitEndingExactlyAtMaxDurationIsNotTaken() {
    ScriptedCallback callback = ScriptedCallback.failing(failures(5));
    RetryTemplate template = builder(5, BackoffPolicy.fixed(100L)).maxDuration(200L).build();

    assertThrows(IOException.class, () -> template.execute(callback));

    assertEquals(2, callback.calls()); // 0 + 100 < 200, then 100 + 100 >= 200
    assertEquals(millis(100L), clock.sleeps);
  }

  @Test
  void aWaitThatOverranMaxDurationStartsNoAttempt() {
    List<Long> asked = new ArrayList<Long>();
    Sleeper overrunning = millis -> {
      asked.add(millis);
      clock.advanceMillis(millis * 3); // the wait takes three times as long as asked
    };
    RetryTemplate template =
        RetryTemplate.builder()
            .maxAttempts(5)
            .maxDuration(250L)
            .backoff(BackoffPolicy.fixed(100L))
            .options(options(overrunning, QueueRandom.none()))
            .build();
    IOException first = new IOException();
    ScriptedCallback callback = ScriptedCallback.failing(first, new IOException());

    assertSame(first, assertThrows(IOException.class, () -> template.execute(callback)));

    assertEquals(1, callback.calls()); // 300 ms elapsed after the wait: no attempt 2
    assertEquals(millis(100L), asked);
    assertEquals(
        Arrays.asList(
            "onRetry RetryTemplate #1 IOException delay=100 elapsedMs=0",
            "onFailure RetryTemplate #1 IOException delay=0 elapsedMs=300"),
        events.lines());
  }

  // ------------------------------------------------------------------------------- waits

  @Test
  void exponentialWaitsAreCappedAtMaxDelay() throws Exception {
    RetryTemplate template = builder(6, BackoffPolicy.exponential(100L, 2.0, 500L)).build();

    assertEquals("ok#6", template.execute(ScriptedCallback.failing(failures(5))));
    assertEquals(millis(100L, 200L, 400L, 500L, 500L), clock.sleeps);
  }

  @Test
  void exponentialWithoutMaxDelayIsCappedAt30Seconds() throws Exception {
    RetryTemplate template = builder(5, BackoffPolicy.exponential(10_000L, 2.0)).build();

    assertEquals("ok#5", template.execute(ScriptedCallback.failing(failures(4))));
    assertEquals(millis(10_000L, 20_000L, 30_000L, 30_000L), clock.sleeps);
  }

  @Test
  void randomThenJitterDrawInOrderAndStayUnderTheCap() throws Exception {
    QueueRandom random = new QueueRandom(0.5, 0.0, 0.25, 0.75, 0.1, 0.5);
    RetryTemplate template =
        RetryTemplate.builder()
            .maxAttempts(4)
            .backoff(BackoffPolicy.exponential(1000L, 2.0, 3000L).withRandom().withJitter(0.5))
            .options(options(clock, random))
            .build();

    assertEquals("ok#4", template.execute(ScriptedCallback.failing(failures(3))));

    // 1: [1000, 2000] at 0.5 = 1500, times 0.5 = 750. 2: [2000, 4000] at 0.25 = 2500, times
    // 1.25 = 3125, capped 3000. 3: 4000 capped 3000, [3000, 6000] at 0.1 capped 3000, times 1.
    assertEquals(millis(750L, 3000L, 3000L), clock.sleeps);
    assertEquals(6, random.draws);
    assertEquals(0, random.remaining());
  }

  @Test
  void uniformWaitsAreLinearInTheDrawAndTruncated() throws Exception {
    QueueRandom random = new QueueRandom(0.0, 0.5, 0.9999);
    RetryTemplate template =
        RetryTemplate.builder()
            .maxAttempts(4)
            .backoff(BackoffPolicy.uniform(100L, 300L))
            .options(options(clock, random))
            .build();

    assertEquals("ok#4", template.execute(ScriptedCallback.failing(failures(3))));
    assertEquals(millis(100L, 200L, 299L), clock.sleeps);
    assertEquals(0, random.remaining());
  }

  @Test
  void nothingIsDrawnWhenNoWaitFollows() throws Exception {
    RetryTemplate template =
        RetryTemplate.builder()
            .maxAttempts(2)
            .backoff(BackoffPolicy.uniform(100L, 300L))
            .retryOn(IOException.class)
            .retryIf(failure -> !"no".equals(failure.getMessage()))
            .options(options(clock, QueueRandom.none())) // any draw fails the test
            .build();

    assertThrows(IllegalStateException.class,
        () -> template.execute(ScriptedCallback.failing(new IllegalStateException())));
    assertThrows(IOException.class,
        () -> template.execute(ScriptedCallback.failing(new IOException("no"))));
    assertEquals("ok#1", template.execute(ScriptedCallback.failing()));
    assertEquals(Collections.<Long>emptyList(), clock.sleeps);
  }

  @Test
  void aZeroWaitRetriesAtOnceWithoutCallingTheSleeper() throws Exception {
    RetryTemplate template =
        RetryTemplate.builder()
            .maxAttempts(3)
            .backoff(BackoffPolicy.fixed(0L))
            .options(options(millis -> {
              throw new AssertionError("slept " + millis);
            }, QueueRandom.none()))
            .build();

    assertEquals("ok#3", template.execute(ScriptedCallback.failing(failures(2))));
    assertEquals("onRetry RetryTemplate #2 IOException delay=0 elapsedMs=0", events.lines().get(1));
  }

  // ------------------------------------------------------------------------------ events

  @Test
  void eventsCarryLabelAttemptFailureDelayAndTimeByTheTicker() throws Exception {
    IOException[] failures = failures(2);
    RetryTemplate template = builder(3, BackoffPolicy.exponential(100L, 3.0))
        .label("inventory.fetch")
        .build();

    String result = template.execute(ScriptedCallback.failing(failures).taking(clock, 7L));

    assertEquals("ok#3", result);
    assertEquals(
        Arrays.asList(
            "onRetry inventory.fetch #1 IOException delay=100 elapsedMs=7",
            "onRetry inventory.fetch #2 IOException delay=300 elapsedMs=114",
            "onSuccess inventory.fetch #3 - delay=0 elapsedMs=421"),
        events.lines());
    assertSame(failures[0], events.event(0).failure());
    assertSame(failures[1], events.event(1).failure());
    assertNull(events.event(2).failure());
    assertEquals(421 * MS, events.event(2).elapsedNanos()); // from 5000 ms, not from 0
  }

  @Test
  void onRetryComesBeforeTheWait() throws Exception {
    List<String> seen = new ArrayList<String>();
    RetryListener probe = new RetryListener() {
      @Override
      public void onRetry(RetryEvent event) {
        seen.add("retry #" + event.attempt() + " after " + clock.sleeps.size() + " sleeps");
      }
    };
    RetryTemplate template = builder(3, BackoffPolicy.fixed(50L)).listener(probe).build();

    template.execute(ScriptedCallback.failing(failures(2)));

    assertEquals(Arrays.asList("retry #1 after 0 sleeps", "retry #2 after 1 sleeps"), seen);
  }

  @Test
  void optionsListenersComeBeforeTheTemplatesInTheOrderAdded() throws Exception {
    List<String> order = new ArrayList<String>();
    RetryOptions options = RetryOptions.builder().sleeper(clock).ticker(clock)
        .listener(new EventLog("options1", order))
        .listener(new EventLog("options2", order))
        .build();
    RetryTemplate template = RetryTemplate.builder()
        .backoff(BackoffPolicy.fixed(1L))
        .listener(new EventLog("template1", order))
        .options(options) // set after a listener: the order of calls does not matter
        .listener(new EventLog("template2", order))
        .build();

    template.execute(ScriptedCallback.failing(new IOException()));

    assertEquals(
        Arrays.asList(
            "options1:onRetry", "options2:onRetry", "template1:onRetry", "template2:onRetry",
            "options1:onSuccess", "options2:onSuccess", "template1:onSuccess",
            "template2:onSuccess"),
        order);
  }

  @Test
  void everyCallEndsWithExactlyOneOutcomeEventAndAThrowingListenerChangesNothing()
      throws Exception {
    RetryListener throwing = new RetryListener() {
      @Override
      public void onRetry(RetryEvent event) {
        throw new IllegalStateException("listener");
      }

      @Override
      public void onFailure(RetryEvent event) {
        throw new IllegalStateException("listener");
      }
    };
    RetryTemplate template = builder(3, BackoffPolicy.fixed(1L)).listener(throwing).build();
    IOException last = new IOException();

    assertEquals("ok#2", template.execute(ScriptedCallback.failing(new IOException())));
    assertSame(last, assertThrows(IOException.class,
        () -> template.execute(ScriptedCallback.failing(new IOException(), last, last))));
    assertEquals("recovered", template.execute(
        ScriptedCallback.failing(new AssertionError()), context -> "recovered"));

    assertEquals(3, events.terminals());
    assertEquals(
        Arrays.asList(
            "onRetry RetryTemplate #1 IOException delay=1 elapsedMs=0",
            "onSuccess RetryTemplate #2 - delay=0 elapsedMs=1",
            "onRetry RetryTemplate #1 IOException delay=1 elapsedMs=0",
            "onRetry RetryTemplate #2 IOException delay=1 elapsedMs=1",
            "onFailure RetryTemplate #3 IOException delay=0 elapsedMs=2",
            "onFailure RetryTemplate #1 AssertionError delay=0 elapsedMs=0"),
        events.lines());
  }

  @Test
  void aListenerThatThrowsAStackOverflowErrorChangesNoOutcome() throws Exception {
    RetryListener overflowing = new RetryListener() {
      @Override
      public void onRetry(RetryEvent event) {
        throw new StackOverflowError("listener");
      }

      @Override
      public void onSuccess(RetryEvent event) {
        throw new StackOverflowError("listener");
      }

      @Override
      public void onFailure(RetryEvent event) {
        throw new StackOverflowError("listener");
      }
    };
    RetryTemplate template = builder(3, BackoffPolicy.fixed(1L)).listener(overflowing).build();
    IOException last = new IOException();

    assertEquals("ok#2", template.execute(ScriptedCallback.failing(new IOException())));
    assertSame(last, assertThrows(IOException.class,
        () -> template.execute(ScriptedCallback.failing(new IOException(), last, last))));
    assertEquals("recovered", template.execute(
        ScriptedCallback.failing(new AssertionError()), context -> "recovered"));

    assertEquals(3, events.terminals());
    assertEquals(millis(1, 1, 1), clock.sleeps);
  }

  // ----------------------------------------------------------------------------- context

  @Test
  void theContextShowsEachAttemptAndTheFailureBeforeIt() throws Exception {
    IOException[] failures = failures(2);
    ScriptedCallback callback = ScriptedCallback.failing(failures);

    builder(3, BackoffPolicy.fixed(1L)).label("ctx").build().execute(callback);

    assertEquals(Arrays.asList(1, 2, 3), callback.attempts);
    assertEquals(Arrays.<Throwable>asList(null, failures[0], failures[1]), callback.lastFailures);
    assertEquals(Arrays.asList("ctx", "ctx", "ctx"), callback.labels);
    assertSame(callback.contexts.get(0), callback.contexts.get(2)); // one per call
    ScriptedCallback next = ScriptedCallback.failing();
    builder(3, BackoffPolicy.fixed(1L)).build().execute(next);
    assertNotSame(callback.contexts.get(0), next.contexts.get(0));
    assertEquals(Collections.<Throwable>singletonList(null), next.lastFailures);
  }

  // ----------------------------------------------------------------------------- threads

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void oneTemplateServesFourThreadsAtOnceWithAPrivateContextPerCall() throws Exception {
    int threads = 4;
    int callsPerThread = 500;
    CountingListener counts = new CountingListener();
    RetryTemplate template =
        RetryTemplate.builder()
            .maxAttempts(3)
            .backoff(BackoffPolicy.fixed(0L)) // retry at once: no sleeper, no shared clock
            .listener(counts)
            .build();
    CyclicBarrier allInside = new CyclicBarrier(threads);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<List<String>>> results = new ArrayList<Future<List<String>>>();
    Map<RetryContext, Boolean> contexts =
        Collections.synchronizedMap(new IdentityHashMap<RetryContext, Boolean>());
    try {
      for (int t = 0; t < threads; t++) {
        final String name = "t" + t;
        results.add(pool.submit(() -> {
          List<String> problems = new ArrayList<String>();
          for (int call = 0; call < callsPerThread; call++) {
            final int callNumber = call;
            List<Integer> seen = new ArrayList<Integer>();
            String result = template.execute(context -> {
              seen.add(context.attempt());
              contexts.put(context, Boolean.TRUE);
              if (callNumber == 0 && context.attempt() == 1) {
                allInside.await(10, TimeUnit.SECONDS); // four calls inside execute at once
              }
              if (context.attempt() < 3) {
                throw new IOException(name + " " + callNumber + " #" + context.attempt());
              }
              return name + " " + callNumber + " after "
                  + context.lastFailure().getMessage();
            });
            if (!result.equals(name + " " + callNumber + " after " + name + " " + callNumber
                + " #2") || !seen.equals(Arrays.asList(1, 2, 3))) {
              problems.add(result + " " + seen);
            }
          }
          return problems;
        }));
      }
      for (Future<List<String>> result : results) {
        assertEquals(Collections.<String>emptyList(), result.get(20, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(threads * callsPerThread, contexts.size()); // never shared between calls
    assertEquals(2L * threads * callsPerThread, counts.retries);
    assertEquals((long) threads * callsPerThread, counts.successes);
    assertEquals(0L, counts.failures);
  }

  /** Counts events from any thread. */
  private static final class CountingListener implements RetryListener {
    long retries;
    long successes;
    long failures;

    @Override
    public synchronized void onRetry(RetryEvent event) {
      retries++;
    }

    @Override
    public synchronized void onSuccess(RetryEvent event) {
      successes++;
    }

    @Override
    public synchronized void onFailure(RetryEvent event) {
      failures++;
    }
  }
}
