package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Cancellations racing the attempts and waits of asynchronous calls on real threads: callers start
 * calls that retry at once, for ever, on a scheduler of four threads, with attempts failing now or
 * on another thread a moment later, and cancel each after a random spin. Once the threads are
 * done, each call must have heard exactly one end event, last (no {@code onRetry} after it), and a
 * call whose {@code cancel} returned true must have started no attempt after the cancel: its end
 * event names the last attempt that started. Bounded: a few thousand calls, a few seconds at most.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AsyncCancellationContentionTest {
  private static final int CALLERS = 4;
  private static final int CALLS_PER_CALLER = 5_000;

  /** Every event of every call, by label (one label per call). */
  private final Map<String, List<String>> events = new HashMap<String, List<String>>();

  private final RetryListener recorder =
      new RetryListener() {
        @Override
        public void onRetry(RetryEvent event) {
          record(event.label(), "retry " + event.attempt());
        }

        @Override
        public void onSuccess(RetryEvent event) {
          record(event.label(), "success " + event.attempt());
        }

        @Override
        public void onFailure(RetryEvent event) {
          Throwable failure = event.failure();
          String type = failure == null ? "-" : failure.getClass().getSimpleName();
          record(event.label(), "failure " + event.attempt() + " " + type);
        }
      };

  private void record(String label, String event) {
    synchronized (events) {
      List<String> ofCall = events.get(label);
      if (ofCall == null) {
        ofCall = new ArrayList<String>();
        events.put(label, ofCall);
      }
      ofCall.add(event);
    }
  }

  /** One call: its own label, its attempts counted as they start. */
  private static final class Call extends AsyncCall<String> {
    final String label;
    final AtomicInteger attempts = new AtomicInteger();
    private final ExecutorService completer;
    private final int id;

    Call(Retrier retrier, String label, int id, ExecutorService completer) {
      super(retrier, null);
      this.label = label;
      this.id = id;
      this.completer = completer;
    }

    @Override
    protected CompletionStage<String> call() {
      int attempt = attempts.incrementAndGet();
      final CompletableFuture<String> stage = new CompletableFuture<String>();
      if ((attempt + id) % 3 == 0) {
        completer.execute(() -> stage.completeExceptionally(new IOException("later")));
      } else {
        stage.completeExceptionally(new IOException("now"));
      }
      return stage;
    }

    @Override
    protected boolean retryable(Throwable failure) {
      return failure instanceof IOException;
    }
  }

  @Test
  void noAttemptStartsAfterCancelReturnedTrueAndNothingIsHeardAfterTheEnd() throws Exception {
    ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(4);
    ExecutorService completer = Executors.newFixedThreadPool(2);
    final RetryOptions options =
        RetryOptions.builder().scheduler(scheduler).listener(recorder).build();
    final List<Call> calls = new ArrayList<Call>();
    final List<Boolean> cancelled = new ArrayList<Boolean>();
    final CountDownLatch go = new CountDownLatch(1);
    final AtomicInteger crashed = new AtomicInteger();
    List<Thread> callers = new ArrayList<Thread>();
    for (int c = 0; c < CALLERS; c++) {
      final int caller = c;
      callers.add(
          new Thread(
              () -> {
                Random random = new Random(caller);
                List<Call> mine = new ArrayList<Call>();
                List<Boolean> outcomes = new ArrayList<Boolean>();
                try {
                  go.await();
                  for (int i = 0; i < CALLS_PER_CALLER; i++) {
                    int id = caller * CALLS_PER_CALLER + i;
                    String label = "CancelContention.call" + id;
                    Retrier retrier =
                        new RetryPolicy(label, Integer.MAX_VALUE, 0L, BackoffPolicy.fixed(0L))
                            .bind(options);
                    Call call = new Call(retrier, label, id, completer);
                    CompletableFuture<String> future = call.start();
                    spin(random.nextInt(100_000));
                    outcomes.add(future.cancel(random.nextBoolean()));
                    mine.add(call);
                  }
                } catch (Throwable e) {
                  crashed.incrementAndGet();
                  e.printStackTrace();
                }
                synchronized (calls) {
                  calls.addAll(mine);
                  cancelled.addAll(outcomes);
                }
              }));
    }
    long began = System.nanoTime();
    for (Thread caller : callers) {
      caller.start();
    }
    go.countDown();
    for (Thread caller : callers) {
      caller.join();
    }
    // Let every task and completion that was under way when its call was cancelled run out.
    scheduler.shutdown();
    completer.shutdown();
    assertTrue(scheduler.awaitTermination(20, TimeUnit.SECONDS));
    assertTrue(completer.awaitTermination(20, TimeUnit.SECONDS));
    long took = System.nanoTime() - began;

    assertEquals(0, crashed.get());
    assertEquals(CALLERS * CALLS_PER_CALLER, calls.size());
    long attempts = 0;
    int notCancelled = 0;
    int notOneEnd = 0;
    int heardAfterTheEnd = 0;
    int startedAfterTheCancel = 0;
    String example = null;
    for (int i = 0; i < calls.size(); i++) {
      Call call = calls.get(i);
      attempts += call.attempts.get();
      List<String> heard;
      synchronized (events) {
        heard = events.get(call.label);
      }
      if (heard == null) {
        heard = new ArrayList<String>();
      }
      int ends = 0;
      for (String event : heard) {
        if (!event.startsWith("retry ")) {
          ends++;
        }
      }
      String last = heard.isEmpty() ? "none" : heard.get(heard.size() - 1);
      String end = "failure " + call.attempts.get() + " CancellationException";
      boolean wrong = false;
      if (!cancelled.get(i)) { // nothing ends these calls but the cancel
        notCancelled++;
        wrong = true;
      }
      if (ends != 1) {
        notOneEnd++;
        wrong = true;
      }
      if (last.startsWith("retry ")) {
        heardAfterTheEnd++;
        wrong = true;
      }
      if (!heard.contains(end)) { // the cancel's event names the last attempt that started
        startedAfterTheCancel++;
        wrong = true;
      }
      if (wrong && example == null) {
        example = call.label + " made " + call.attempts.get() + " attempts, heard " + heard;
      }
    }
    System.out.printf(
        "contention, async cancel: %d callers, %d calls, %d attempts, %d ms; not cancelled %d,"
            + " not one end event %d, events after the end %d, attempts after the cancel %d%n",
        CALLERS, calls.size(), attempts, took / 1_000_000L, notCancelled, notOneEnd,
        heardAfterTheEnd, startedAfterTheCancel);
    assertEquals(0, notCancelled + notOneEnd + heardAfterTheEnd + startedAfterTheCancel, example);
  }

  private static volatile int sink;

  /** Busy-waits about {@code rounds} steps, so that cancels land anywhere in a call's life. */
  private static void spin(int rounds) {
    int value = 0;
    for (int i = 0; i < rounds; i++) {
      value += i ^ sink;
    }
    sink = value;
  }
}
