package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/** What an asynchronous call ended with, read without blocking (or with a timeout). */
final class Outcomes {
  /** Real-thread tests never wait longer than this for a future. */
  static final long TIMEOUT_SECONDS = 10;

  private Outcomes() {}

  /** The value of a stage that must have completed normally already. */
  static <T> T valueOf(CompletionStage<T> stage) {
    CompletableFuture<T> future = stage.toCompletableFuture();
    assertTrue(future.isDone(), "not completed yet");
    try {
      return future.get();
    } catch (ExecutionException e) {
      throw new AssertionError("completed exceptionally", e.getCause());
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * The failure of a stage that must have completed exceptionally already: the cause of the
   * {@link ExecutionException} of {@code get()}, checked to be the very throwable that {@code
   * whenComplete} reports too.
   */
  static Throwable failureOf(CompletionStage<?> stage) {
    CompletableFuture<?> future = stage.toCompletableFuture();
    assertTrue(future.isDone(), "not completed yet");
    assertFalse(future.isCancelled(), "cancelled");
    ExecutionException thrown = assertThrows(ExecutionException.class, future::get);
    AtomicReference<Throwable> seen = new AtomicReference<>();
    stage.whenComplete((value, failure) -> seen.set(failure));
    assertSame(thrown.getCause(), seen.get(), "whenComplete saw another throwable than get()");
    return thrown.getCause();
  }

  /** {@link #failureOf}, checked to be an instance of {@code type} with {@code message}. */
  static <X extends Throwable> X failureOf(
      CompletionStage<?> stage, Class<X> type, String message) {
    Throwable failure = failureOf(stage);
    if (!type.isInstance(failure)) {
      throw new AssertionError("expected " + type.getName() + " but got " + failure, failure);
    }
    assertEquals(message, failure.getMessage());
    return type.cast(failure);
  }

  /** The value of a stage that completes within {@link #TIMEOUT_SECONDS} (real threads). */
  static <T> T await(CompletionStage<T> stage) throws InterruptedException {
    try {
      return stage.toCompletableFuture().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new AssertionError("completed exceptionally", e.getCause());
    } catch (TimeoutException e) {
      fail("not completed within " + TIMEOUT_SECONDS + " s");
      throw new AssertionError(e);
    }
  }

  /** The failure of a stage that completes within {@link #TIMEOUT_SECONDS} (real threads). */
  static Throwable awaitFailure(CompletionStage<?> stage) throws InterruptedException {
    try {
      Object value = stage.toCompletableFuture().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      throw new AssertionError("completed with " + value);
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (TimeoutException e) {
      fail("not completed within " + TIMEOUT_SECONDS + " s");
      throw new AssertionError(e);
    }
  }
}
