package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Collections;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * SPEC §5 and §7: when an asynchronous call gives up, the recover method whose failure type is the
 * most specific match decides its outcome; it may return the value or the method's own future
 * type; {@code notRecoverable} failures end the call as they are.
 */
class AsyncRecoverTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .scheduler(clock)
          .listener(listener)
          .build();
  private final StageScript<String> script = new StageScript<>();
  private final AsyncRecoveringStore store = new AsyncRecoveringStoreRetrying(options, script);

  private CompletableFuture<String> load(String key) throws IOException {
    CompletableFuture<String> future = store.load(key);
    clock.runUntilIdle();
    return future;
  }

  @Test
  void recoverReturningTheValueCompletesTheCallWithIt() throws IOException {
    script.fail(new IOException("busy")).fail(new IOException("still busy"));

    CompletableFuture<String> future = load("k");

    assertEquals("io k", Outcomes.valueOf(future));
    assertEquals(asList("fromIo still busy k"), store.recoveries);
    assertEquals(2, script.calls());
    assertEquals(
        asList(
            "onRetry AsyncRecoveringStore.load #1 IOException delay=100 elapsedMs=0",
            "onFailure AsyncRecoveringStore.load #2 IOException delay=0 elapsedMs=100"),
        listener.lines());
  }

  @Test
  void mostSpecificFailureTypeWins() throws IOException {
    script.fail(new IOException("busy")).fail(new FileNotFoundException("gone"));

    CompletableFuture<String> future = load("k");

    assertEquals("fallback", Outcomes.valueOf(future));
    assertEquals(asList("fromMissing gone k"), store.recoveries);
  }

  @Test
  void recoverReturningAFutureCompletesTheCallWhenThatFutureDoes() throws IOException {
    CompletableFuture<String> fallback = new CompletableFuture<>();
    store.fallback = fallback;
    script.raise(new FileNotFoundException("gone"));
    script.raise(new FileNotFoundException("gone again"));

    CompletableFuture<String> future = load("k");
    assertEquals(asList("fromMissing gone again k"), store.recoveries);
    assertFalse(future.isDone());

    fallback.complete("late fallback");

    assertEquals("late fallback", Outcomes.valueOf(future));
    assertEquals(
        asList(
            "onRetry AsyncRecoveringStore.load #1 FileNotFoundException delay=100 elapsedMs=0",
            "onFailure AsyncRecoveringStore.load #2 FileNotFoundException delay=0 elapsedMs=100"),
        listener.lines(),
        "one end event, before the recovery");
  }

  @Test
  void recoveryFutureThatFailsEndsTheCallWithItsUnwrappedFailure() throws IOException {
    CompletableFuture<String> fallback = new CompletableFuture<>();
    store.fallback = fallback;
    script.fail(new FileNotFoundException("a")).fail(new FileNotFoundException("b"));
    IllegalStateException failure = new IllegalStateException("no fallback either");

    CompletableFuture<String> future = load("k");
    fallback.completeExceptionally(new CompletionException(failure));

    assertSame(failure, Outcomes.failureOf(future));
  }

  @Test
  void catchAllRecoversWhatNoTypedOneMatches() throws IOException {
    script.fail(new IllegalStateException("odd")).fail(new UnsupportedOperationException("odd"));

    CompletableFuture<String> future = load("k");

    assertEquals("any k", Outcomes.valueOf(future));
    assertEquals(asList("fromAnything k"), store.recoveries);
  }

  /** Cancellation is never retried nor recovered, though retryFor (Exception) covers it. */
  @Test
  void aCancellationEndsTheCallAtOnceUnrecovered() throws IOException {
    CancellationException cancelled = new CancellationException("cancelled by the callee");
    script.fail(cancelled).fail(new IOException("never reached"));

    CompletableFuture<String> future = load("k");

    assertTrue(future.isCancelled());
    AtomicReference<Throwable> seen = new AtomicReference<>();
    future.whenComplete((value, failure) -> seen.set(failure));
    assertSame(cancelled, seen.get());
    assertEquals(1, script.calls());
    assertEquals(Collections.emptyList(), store.recoveries);
    assertEquals(
        asList("onFailure AsyncRecoveringStore.load #1 CancellationException delay=0 elapsedMs=0"),
        listener.lines());
  }

  @Test
  void notRecoverableFailureEndsTheCallAsItIs() throws IOException {
    IllegalArgumentException failure = new IllegalArgumentException("bad key");
    script.fail(new IOException("busy")).fail(failure);

    CompletableFuture<String> future = load("k");

    assertSame(failure, Outcomes.failureOf(future));
    assertEquals(Collections.<String>emptyList(), store.recoveries);
    assertEquals(2, script.calls(), "notRecoverable does not stop retries");
  }

  @Test
  void recoverThatThrowsEndsTheCallWithItsException() throws IOException {
    script.fail(new IllegalStateException("x")).fail(new IllegalStateException("y"));

    CompletableFuture<String> future = load("boom");

    Throwable failure = Outcomes.failureOf(future);
    assertEquals(IllegalStateException.class, failure.getClass());
    assertEquals("recovery failed for boom", failure.getMessage());
    assertEquals(2, listener.events().size());
    assertEquals("y", listener.events().get(1).failure().getMessage());
  }

  @Test
  void cancellingDuringTheRecoveryCancelsTheRecoveryFuture() throws IOException {
    CompletableFuture<String> fallback = new CompletableFuture<>();
    store.fallback = fallback;
    script.fail(new FileNotFoundException("a")).fail(new FileNotFoundException("b"));

    CompletableFuture<String> future = load("k");
    assertTrue(future.cancel(true));

    assertTrue(fallback.isCancelled());
    assertEquals(2, listener.events().size(), "the call had ended already: no second end event");
    assertTrue(listener.events().get(1).failure() instanceof FileNotFoundException);
    assertTrue(future.isCancelled());
  }

  /**
   * An InterruptedException is not retried (retryFor is the default, Exception); recovered, it
   * sets no thread's interrupt flag again: the flag belongs to a thread, not to the call.
   */
  @Test
  void recoveredInterruptionSetsNoInterruptFlag() throws Exception {
    script.hang();

    CompletableFuture<String> future = store.load("k");
    script.stage(1).completeExceptionally(new InterruptedException("stop"));

    assertEquals("any k", Outcomes.valueOf(future));
    assertFalse(Thread.currentThread().isInterrupted());
    assertEquals(1, script.calls());
    assertEquals(0, clock.pendingTasks());
    assertEquals(asList("fromAnything k"), store.recoveries);
  }

  // --- an interface: default recover methods, called on the delegate

  private final StageScript<String> lookups = new StageScript<>();
  private final StageScript<Integer> sizes = new StageScript<>();
  private final AsyncRecoverClient client =
      new AsyncRecoverClientRetrying(
          new AsyncRecoverClient() {
            @Override
            public CompletionStage<String> lookup(String key) {
              return call(lookups);
            }

            @Override
            public CompletableFuture<Integer> size(String key) {
              return call(sizes);
            }

            private <T> CompletableFuture<T> call(StageScript<T> script) {
              try {
                return script.next();
              } catch (IOException e) {
                throw new AssertionError(e);
              }
            }
          },
          options);

  @Test
  void namedRecoverReturningACompletableFutureForACompletionStage() {
    lookups.fail(new IOException("busy")).fail(new IOException("down"));

    CompletionStage<String> stage = client.lookup("k");
    clock.runUntilIdle();

    assertEquals("cached k after down", Outcomes.valueOf(stage));
  }

  @Test
  void namedCatchAllRecoversAFailureThatIsNotRetried() {
    lookups.fail(new IllegalStateException("not I/O"));

    CompletionStage<String> stage = client.lookup("k");

    assertEquals("stale k", Outcomes.valueOf(stage));
    assertEquals(0, clock.pendingTasks());
  }

  @Test
  void breakerOnlyMethodRecoversFromTheOpenBreakerWithABoxedValue() {
    IOException failure = new IOException("down");
    sizes.fail(failure);

    assertSame(failure, Outcomes.failureOf(client.size("a")), "not recovered: not open");
    assertEquals(Integer.valueOf(-1), Outcomes.valueOf(client.size("b")));
    assertEquals(1, sizes.calls());
  }
}
