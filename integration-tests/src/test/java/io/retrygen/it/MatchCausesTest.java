package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * {@code matchCauses = true}: {@code retryFor}/{@code noRetryFor} match the failure and every
 * cause in its chain; interruption, cancellation and recovery still look at the failure itself.
 */
class MatchCausesTest {
  private final VirtualTime clock = VirtualTime.start();
  private final Scripted delegate = new Scripted();
  private final CauseClient client =
      new CauseClientRetrying(
          delegate,
          RetryOptions.builder().sleeper(clock).ticker(clock).scheduler(clock).build());

  @Test
  void aWrappedIoExceptionIsRetriedByItsCause() {
    delegate.failWith(new UncheckedIOException(new IOException("down")), null);
    assertEquals("ok", client.byCause());
    assertEquals(2, delegate.calls);
    assertEquals(asList(10L), clock.sleeps());
  }

  @Test
  void aCauseDeepInTheChainCounts() {
    RuntimeException deep =
        new IllegalStateException("outer", new RuntimeException("mid", new IOException("root")));
    delegate.failWith(deep, deep, deep);
    assertSame(deep, assertThrows(IllegalStateException.class, client::byCause));
    assertEquals(3, delegate.calls);
  }

  @Test
  void withoutMatchCausesOnlyTheFailureItselfIsClassified() {
    UncheckedIOException wrapped = new UncheckedIOException(new IOException("down"));
    delegate.failWith(wrapped);
    assertSame(wrapped, assertThrows(UncheckedIOException.class, client::byFailureAlone));
    assertEquals(1, delegate.calls);
  }

  @Test
  void anExcludedCauseWinsOverAnIncludedFailure() {
    UncheckedIOException wrapped = new UncheckedIOException(new FileNotFoundException("gone"));
    delegate.failWith(wrapped);
    assertSame(wrapped, assertThrows(UncheckedIOException.class, client::excludedByCause));
    assertEquals(1, delegate.calls);
  }

  @Test
  void aRetryIfOfTheRetryForTypeRejectsAFailureLetThroughByItsCause() throws Exception {
    UncheckedIOException wrapped = new UncheckedIOException(new IOException("down"));
    delegate.failWith(wrapped);
    // Not a ClassCastException from casting the wrapper to the IOException retryIf takes.
    assertSame(wrapped, assertThrows(UncheckedIOException.class, client::byCauseWithRetryIf));
    assertEquals(1, delegate.calls);

    delegate.calls = 0;
    delegate.failWith(new IOException("itself"), null);
    assertEquals("ok", client.byCauseWithRetryIf());
    assertEquals(2, delegate.calls);
  }

  @Test
  void interruptionIsNeverRetriedWhateverItsCause() throws Exception {
    InterruptedException interrupted = new InterruptedException("stop");
    interrupted.initCause(new IOException("while reading"));
    delegate.failWith(interrupted);
    assertSame(interrupted, assertThrows(InterruptedException.class, client::defaults));
    assertEquals(1, delegate.calls);
    assertFalse(Thread.currentThread().isInterrupted());
  }

  @Test
  void recoveryLooksAtTheFailureItself() {
    UncheckedIOException wrapped = new UncheckedIOException("wrapper", new IOException("down"));
    delegate.failWith(wrapped, wrapped, wrapped);
    CauseRecoveringClient recovering =
        new CauseRecoveringClientRetrying(
            delegate::unchecked, RetryOptions.builder().sleeper(clock).ticker(clock).build());
    assertEquals("runtime: wrapper", recovering.recovered());
    assertEquals(3, delegate.calls);
  }

  @Test
  void anAsynchronousFailureIsClassifiedByItsCauseToo() throws Exception {
    delegate.failWith(new UncheckedIOException(new IOException("down")), null);
    CompletableFuture<String> call = client.byCauseAsync();
    assertEquals(1, clock.pendingTasks());
    assertTrue(clock.runNext());
    assertEquals(10, clock.nowMillis(), "the task waited 10 ms");
    assertEquals("ok", call.get());
    assertEquals(2, delegate.calls);

    delegate.calls = 0;
    RuntimeException unrelated = new RuntimeException("unrelated");
    delegate.failWith(unrelated);
    ExecutionException failed =
        assertThrows(ExecutionException.class, () -> client.byCauseAsync().get());
    assertSame(unrelated, failed.getCause());
    assertEquals(1, delegate.calls);
  }

  /** Fails with the given failures in turn (null: succeed), then succeeds. */
  private static final class Scripted implements CauseClient {
    private final Deque<Throwable> failures = new ArrayDeque<>();
    int calls;

    void failWith(Throwable... next) {
      for (Throwable failure : next) {
        failures.add(failure == null ? new NoFailure() : failure);
      }
    }

    private String next() throws Exception {
      calls++;
      Throwable failure = failures.poll();
      if (failure == null || failure instanceof NoFailure) {
        return "ok";
      }
      if (failure instanceof Exception) {
        throw (Exception) failure;
      }
      throw (Error) failure;
    }

    String unchecked() {
      try {
        return next();
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new AssertionError("a checked failure where none can be thrown", e);
      }
    }

    @Override
    public String byCause() {
      return unchecked();
    }

    @Override
    public String byFailureAlone() throws IOException {
      return unchecked();
    }

    @Override
    public String excludedByCause() {
      return unchecked();
    }

    @Override
    public String defaults() throws InterruptedException {
      try {
        return next();
      } catch (InterruptedException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }

    @Override
    public String byCauseWithRetryIf() throws IOException {
      try {
        return next();
      } catch (IOException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }

    @Override
    public CompletableFuture<String> byCauseAsync() {
      try {
        return CompletableFuture.completedFuture(next());
      } catch (Exception e) {
        CompletableFuture<String> failed = new CompletableFuture<>();
        failed.completeExceptionally(e);
        return failed;
      }
    }
  }

  /** A marker for "succeed this time". */
  private static final class NoFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
  }
}
