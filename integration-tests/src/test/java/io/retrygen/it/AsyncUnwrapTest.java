package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryEvent;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * SPEC §7: a synchronous throw and an exceptional completion are both failures; {@link
 * CompletionException} and {@link ExecutionException} are unwrapped before classification, and the
 * returned future fails with the unwrapped failure itself. The generated method never throws.
 */
class AsyncUnwrapTest {
  private final VirtualTime clock = VirtualTime.start();
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
              .listener(listener)
              .build());

  private void runScheduled() {
    clock.runUntilIdle();
  }

  private void assertFailsWithItself(CompletionStage<?> stage, Throwable expected) {
    assertSame(expected, Outcomes.failureOf(stage));
    assertSame(expected, listener.events().get(listener.events().size() - 1).failure());
  }

  @Test
  void completionExceptionIsUnwrappedForRetryAndResult() {
    IOException first = new IOException("first");
    IOException last = new IOException("last");
    script
        .fail(new CompletionException(first))
        .fail(new CompletionException(new IOException("second")))
        .fail(new CompletionException(last));

    CompletableFuture<String> future = store.fetch("k");
    runScheduled();

    assertEquals(3, script.calls(), "the wrapped IOException was retried");
    assertFailsWithItself(future, last);
    assertSame(first, listener.events().get(0).failure());
  }

  @Test
  void executionExceptionIsUnwrappedForRetryAndResult() {
    IOException last = new IOException("last");
    script
        .fail(new ExecutionException(new IOException("first")))
        .fail(new ExecutionException(new IOException("second")))
        .fail(new ExecutionException(last));

    CompletableFuture<String> future = store.fetch("k");
    runScheduled();

    assertEquals(3, script.calls());
    assertFailsWithItself(future, last);
  }

  @Test
  void nestedWrappersAreAllUnwrappedAlsoWhenCompletedLater() {
    IOException failure = new IOException("deep");
    script.hang();

    CompletableFuture<String> future = store.fetch("k");
    script
        .stage(1)
        .completeExceptionally(new CompletionException(new ExecutionException(failure)));

    assertEquals(1, clock.pendingTasks(), "classified as the IOException: retried");
    assertSame(failure, listener.events().get(0).failure());
    script.fail(failure).fail(failure);
    runScheduled();
    assertFailsWithItself(future, failure);
  }

  @Test
  void wrappedFailureThatIsNotRetryableEndsTheCallWithItself() {
    IllegalStateException failure = new IllegalStateException("not I/O");
    script.fail(new CompletionException(failure));

    CompletableFuture<String> future = store.fetch("k");

    assertEquals(0, clock.pendingTasks());
    assertFailsWithItself(future, failure);
  }

  @Test
  void wrapperThrownSynchronouslyIsUnwrappedToo() {
    IOException failure = new IOException("thrown wrapped");
    script.raise(new CompletionException(failure)).succeed("second");

    CompletableFuture<String> future = store.fetch("k");
    assertSame(failure, listener.events().get(0).failure());
    runScheduled();

    assertEquals("second", Outcomes.valueOf(future));
  }

  @Test
  void wrapperWithoutCauseIsTheFailureItself() {
    CompletionException bare = new CompletionException("no cause", null);
    script.fail(bare);

    CompletableFuture<String> future = store.fetch("k");

    assertEquals(0, clock.pendingTasks(), "a CompletionException is not an IOException");
    assertFailsWithItself(future, bare);
  }

  /** The delegate's own future is completed exceptionally by its thread: same instance reported. */
  @Test
  void whenCompleteSeesTheUnwrappedFailure() {
    IOException failure = new IOException("down");
    script.fail(failure).fail(new CompletionException(failure)).fail(failure);

    CompletableFuture<String> future = store.fetch("k");
    Throwable[] seen = new Throwable[1];
    future.whenComplete((value, thrown) -> seen[0] = thrown);
    runScheduled();

    assertSame(failure, seen[0]);
    assertSame(failure, assertThrows(CompletionException.class, future::join).getCause());
  }

  /** A checked exception the method declares, thrown before a stage: retried, never thrown. */
  @Test
  void synchronousCheckedThrowIsRetriedAndNeverThrownToTheCaller() throws IOException {
    IOException first = new IOException("first");
    IOException last = new IOException("last");
    script.raise(first).raise(new IOException("second")).raise(last);

    CompletionStage<String> stage = store.read("k"); // throws nothing
    assertFalse(stage.toCompletableFuture().isDone());
    runScheduled();

    assertEquals(3, script.calls());
    assertFailsWithItself(stage, last);
    assertEquals(asList(100L, 100L), clock.scheduledDelays());
  }

  @Test
  void synchronousThrowThenSuccess() throws IOException {
    script.raise(new IOException("once")).succeed("read");

    CompletionStage<String> stage = store.read("k");
    runScheduled();

    assertEquals("read", Outcomes.valueOf(stage));
    assertEquals(
        asList(
            "onRetry AsyncStore.read #1 IOException delay=100 elapsedMs=0",
            "onSuccess AsyncStore.read #2 - delay=0 elapsedMs=100"),
        listener.lines());
  }

  /** An unchecked throw that is not retryable ends the call through the future, not the call. */
  @Test
  void synchronousUncheckedThrowEndsTheFuture() {
    IllegalArgumentException failure = new IllegalArgumentException("bad key");
    script.raise(failure);

    CompletableFuture<String> future = store.fetch("k");

    assertFailsWithItself(future, failure);
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
  }

  /** An Error thrown by the delegate is a failure too (not retried: retryFor is IOException). */
  @Test
  void synchronousErrorEndsTheFuture() {
    SimulatedError failure = new SimulatedError("out of luck");
    script.raise(failure);

    CompletableFuture<String> future = store.fetch("k");

    assertFailsWithItself(future, failure);
  }

  /** A delegate that returns null instead of a stage: a NullPointerException that names it. */
  @Test
  void nullStageIsANullPointerFailure() {
    script.returnNull();

    CompletableFuture<String> future = store.fetch("k");

    Throwable failure = Outcomes.failureOf(future);
    assertTrue(failure instanceof NullPointerException);
    assertTrue(failure.getMessage().contains("AsyncStore.fetch"), failure.getMessage());
    RetryEvent end = listener.events().get(0);
    assertSame(failure, end.failure());
    assertEquals(1, end.attempt());
  }

  /** A method without annotations is forwarded: the delegate's own future comes back. */
  @Test
  void unguardedMethodReturnsTheDelegatesFuture() {
    script.hang();

    CompletableFuture<String> future = store.plain("k");

    assertSame(script.stage(1), future);
    assertEquals(Collections.<String>emptyList(), listener.lines());
  }
}
