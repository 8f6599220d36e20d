package io.retrygen.it;

import static io.retrygen.it.EquivalentDelegate.thrownAtOnce;
import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.AsyncRetryTemplate;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * Issue 11, asynchronously: {@code EquivalentClient.async()} as generated and an {@link
 * AsyncRetryTemplate} with the same settings ({@code retryFor = IOException}, 3 attempts, 100 ms),
 * each run in virtual time with a {@link VirtualTime} over the same script, compared by their
 * event lines, scheduled waits, delegate calls and outcome.
 */
class AsyncTemplateEquivalenceTest {

  /** What one side did with {@code script}; cancels the call after the first attempt if asked. */
  private static Side run(boolean generated, boolean cancelAfterFirst, Object... script)
      throws Exception {
    Side side = new Side(asList(script));
    CompletableFuture<String> call;
    if (generated) {
      call = new EquivalentClientRetrying(side.delegate, side.options).async();
    } else {
      RetryTemplate template = RetryTemplate.builder()
          .maxAttempts(3)
          .backoff(BackoffPolicy.fixed(100L))
          .retryOn(IOException.class)
          .label("EquivalentClient.async")
          .options(side.options)
          .build();
      call = AsyncRetryTemplate.of(template).execute(context -> side.delegate.nextStage());
    }
    side.firstCallOnCallersThread =
        asList(Thread.currentThread()).equals(side.delegate.threads); // and only that one yet
    side.doneAtOnce = call.isDone();
    if (cancelAfterFirst) {
      side.cancelled = call.cancel(true);
    }
    side.clock.runUntilIdle();
    if (call.isCancelled()) {
      side.outcome = "cancelled";
    } else if (call.isCompletedExceptionally()) {
      side.failure = Outcomes.failureOf(call);
      side.outcome = "failed with " + side.failure;
    } else {
      side.outcome = "returned " + Outcomes.valueOf(call);
    }
    return side;
  }

  /** Runs {@code script} both ways, asserts they did the same, and returns the generated side. */
  private static Side compare(boolean cancelAfterFirst, Object... script) throws Exception {
    Side generated = run(true, cancelAfterFirst, script);
    Side template = run(false, cancelAfterFirst, script);
    assertEquals(generated.summary(), template.summary());
    assertSame(generated.failure, template.failure);
    return generated;
  }

  @Test
  void failuresThrownOrWrappedThenASuccess() throws Exception {
    Side run = compare(false,
        new CompletionException(new IOException("wrapped")),
        thrownAtOnce(new IOException("thrown")),
        "ok");

    assertEquals("returned ok", run.outcome);
    assertEquals(asList(100L, 100L), run.clock.scheduledDelays());
    assertEquals(asList(
        "onRetry EquivalentClient.async #1 IOException delay=100 elapsedMs=0",
        "onRetry EquivalentClient.async #2 IOException delay=100 elapsedMs=100",
        "onSuccess EquivalentClient.async #3 - delay=0 elapsedMs=200"), run.listener.lines());
    assertTrue(run.firstCallOnCallersThread);
    assertFalse(run.doneAtOnce);
  }

  @Test
  void theLastFailureUnwrappedAsTheSameInstance() throws Exception {
    IOException last = new IOException("last");
    Side run = compare(false,
        new IOException("1"), new IOException("2"), new ExecutionException(last));

    assertSame(last, run.failure);
    assertEquals(3, run.delegate.calls.size());
  }

  @Test
  void aFailureOutsideRetryForEndsTheCall() throws Exception {
    IllegalStateException state = new IllegalStateException("state");
    Side run = compare(false, new IOException("1"), state, "ok");

    assertSame(state, run.failure);
    assertEquals(asList(100L), run.clock.scheduledDelays());
  }

  @Test
  void cancellingDuringTheWaitStopsTheRetries() throws Exception {
    Side run = compare(true, new IOException("1"), "ok");

    assertEquals("cancelled", run.outcome);
    assertTrue(run.cancelled);
    assertEquals(1, run.delegate.calls.size());
    assertEquals(asList(
        "onRetry EquivalentClient.async #1 IOException delay=100 elapsedMs=0",
        "onFailure EquivalentClient.async #1 CancellationException delay=0 elapsedMs=0"),
        run.listener.lines());
  }

  /** One side of a scenario. */
  private static final class Side {
    final VirtualTime clock = VirtualTime.start();
    final RecordingListener listener = new RecordingListener();
    final EquivalentDelegate delegate;
    final RetryOptions options;
    boolean firstCallOnCallersThread;
    boolean doneAtOnce;
    boolean cancelled;
    String outcome;
    Throwable failure;

    Side(List<Object> script) {
      delegate = new EquivalentDelegate(script, clock, 0L);
      options = RetryOptions.builder()
          .sleeper(millis -> {
            throw new AssertionError("slept " + millis + " ms");
          })
          .ticker(clock)
          .scheduler(clock)
          .listener(listener)
          .build();
    }

    String summary() {
      return "events " + listener.lines() + "\nwaits " + clock.scheduledDelays() + "\ncalls "
          + delegate.calls + "\nfirst call on the caller's thread " + firstCallOnCallersThread
          + "\ndone at once " + doneAtOnce + "\ncancel " + cancelled + "\npending "
          + clock.pendingTasks() + "\n" + outcome;
    }
  }
}
