package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * SPEC §7 and §8 for asynchronous calls: events carry the attempt's number, the wait and the
 * elapsed virtual time; every call ends with exactly one {@code onSuccess} or {@code onFailure};
 * listeners run on the thread that observed the outcome.
 */
class AsyncListenerTest {
  private final VirtualTime clock = VirtualTime.start();
  private final ThreadRecorder threads = new ThreadRecorder();
  private final RecordingListener listener = new RecordingListener();
  private final ScriptedAsyncStore delegate = new ScriptedAsyncStore();
  private final StageScript<String> script = delegate.script;
  private final AsyncStore store =
      new AsyncStoreRetrying(
          delegate,
          RetryOptions.builder()
              .sleeper(clock)
              .ticker(clock)
              .scheduler(clock)
              .listener(new ThrowingListener()) // changes nothing
              .listener(listener)
              .listener(threads)
              .build());

  @Test
  void eventsCarryAttemptDelayAndElapsedTime() {
    script.fail(new IOException("1")).hang().fail(new IOException("3"));

    CompletableFuture<String> future = store.fetch("k");
    assertTrue(clock.runNext());
    clock.advanceBy(30);
    script.stage(2).completeExceptionally(new FileNotFoundException("2"));
    clock.runUntilIdle();

    assertEquals(asList(100L, 100L), clock.scheduledDelays());
    List<RetryEvent> events = listener.events();
    assertEquals(3, events.size());
    assertEquals(asList(1, 2, 3), asList(
        events.get(0).attempt(), events.get(1).attempt(), events.get(2).attempt()));
    assertEquals(asList(100L, 100L, 0L), asList(
        events.get(0).delayMillis(), events.get(1).delayMillis(), events.get(2).delayMillis()));
    assertEquals(asList(0L, 130_000_000L, 230_000_000L), asList(
        events.get(0).elapsedNanos(), events.get(1).elapsedNanos(),
        events.get(2).elapsedNanos()));
    assertEquals("AsyncStore.fetch", events.get(2).label());
    assertSame(Outcomes.failureOf(future), events.get(2).failure());
  }

  /** One call of each way to end: each gets exactly one end event, and none before it ends. */
  @Test
  void everyCallEndsWithExactlyOneEndEvent() {
    List<Supplier<CompletableFuture<String>>> calls = new ArrayList<>();
    // success at once
    calls.add(() -> {
      script.succeed("v");
      return store.fetch("k");
    });
    // success after a retry
    calls.add(() -> {
      script.fail(new IOException("1")).succeed("v");
      return store.fetch("k");
    });
    // attempts exhausted
    calls.add(() -> {
      script.fail(new IOException("1")).fail(new IOException("2")).fail(new IOException("3"));
      return store.fetch("k");
    });
    // not retryable
    calls.add(() -> {
      script.fail(new IllegalStateException("x"));
      return store.fetch("k");
    });
    // rejected results exhausted
    calls.add(() -> {
      script.succeed("pending").succeed("pending").succeed("pending");
      return store.status("k");
    });
    // cancelled during the wait
    calls.add(() -> {
      script.fail(new IOException("1"));
      CompletableFuture<String> future = store.fetch("k");
      future.cancel(true);
      return future;
    });
    // cancelled in flight, twice
    calls.add(() -> {
      script.fail(new IOException("1")).hang();
      CompletableFuture<String> future = store.fetch("k");
      assertTrue(clock.runNext());
      future.cancel(true);
      future.cancel(true);
      return future;
    });

    for (int i = 0; i < calls.size(); i++) {
      int before = ends();
      CompletableFuture<String> future = calls.get(i).get();
      clock.runUntilIdle();
      assertEquals(true, future.isDone(), "call " + i);
      assertEquals(before + 1, ends(), "end events of call " + i + ": " + listener.lines());
    }
    assertEquals(0, script.left());
  }

  private int ends() {
    int ends = 0;
    for (String line : listener.lines()) {
      if (!line.startsWith("onRetry")) {
        ends++;
      }
    }
    return ends;
  }

  /**
   * The outcome of an attempt is observed on the thread that completes its future, a scheduled
   * attempt's synchronous outcome on the thread that runs it; listeners run there.
   */
  @Test
  void listenersRunOnTheThreadThatObservedTheOutcome() throws Exception {
    script.hang().fail(new IOException("2")).hang();
    CompletableFuture<String> future = store.fetch("k");

    onThread("completer-1", () -> script.stage(1).completeExceptionally(new IOException("1")));
    onThread("scheduler-1", clock::runNext); // attempt 2 fails at once, here
    onThread("scheduler-2", clock::runNext); // attempt 3 hangs
    onThread("completer-3", () -> script.stage(3).complete("v"));

    assertEquals("v", Outcomes.valueOf(future));
    assertEquals(
        asList(
            "onRetry #1 on completer-1",
            "onRetry #2 on scheduler-1",
            "onSuccess #3 on completer-3"),
        threads.lines());
    assertSame(Thread.currentThread(), script.threads().get(0));
    assertEquals("scheduler-1", script.threads().get(1).getName());
    assertEquals("scheduler-2", script.threads().get(2).getName());
  }

  @Test
  void cancellationIsToldOnTheCancellingThread() throws Exception {
    script.hang();
    CompletableFuture<String> future = store.fetch("k");

    onThread("canceller", () -> future.cancel(true));

    assertEquals(asList("onFailure #1 on canceller"), threads.lines());
  }

  /** Runs {@code action} on a new thread called {@code name} and waits for it to end. */
  private static void onThread(String name, Runnable action) throws InterruptedException {
    Throwable[] thrown = new Throwable[1];
    CountDownLatch done = new CountDownLatch(1);
    Thread thread =
        new Thread(
            () -> {
              try {
                action.run();
              } catch (Throwable t) {
                thrown[0] = t;
              } finally {
                done.countDown();
              }
            },
            name);
    thread.start();
    if (!done.await(Outcomes.TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      throw new AssertionError(name + " did not end");
    }
    thread.join();
    if (thrown[0] != null) {
      throw new AssertionError(name + " failed", thrown[0]);
    }
  }

  /** Records the thread of each event. */
  static final class ThreadRecorder implements RetryListener {
    private final List<String> lines = Collections.synchronizedList(new ArrayList<String>());

    @Override
    public void onRetry(RetryEvent event) {
      record("onRetry", event);
    }

    @Override
    public void onSuccess(RetryEvent event) {
      record("onSuccess", event);
    }

    @Override
    public void onFailure(RetryEvent event) {
      record("onFailure", event);
    }

    private void record(String kind, RetryEvent event) {
      lines.add(kind + " #" + event.attempt() + " on " + Thread.currentThread().getName());
    }

    List<String> lines() {
      synchronized (lines) {
        return new ArrayList<>(lines);
      }
    }
  }
}
