package io.retrygen.it;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;

/**
 * The attempts a fake asynchronous delegate made: it counts them, fails each as told ({@link
 * AsyncFailing}) and keeps the stages to fail later until the test completes them.
 */
final class AsyncAttempts {
  private final Deque<Later> later = new ArrayDeque<>();
  private int calls;
  private Throwable lastFailure;

  synchronized int calls() {
    return calls;
  }

  /** The failure of the latest attempt. */
  synchronized Throwable lastFailure() {
    return lastFailure;
  }

  /** One attempt that fails with {@code failure}, as {@code how} says. */
  <T> CompletableFuture<T> fail(AsyncFailing how, RuntimeException failure) {
    CompletableFuture<T> future = new CompletableFuture<>();
    synchronized (this) {
      calls++;
      lastFailure = failure;
      if (how == AsyncFailing.FAILED_LATER) {
        later.addLast(new Later(future, failure));
        return future;
      }
    }
    if (how == AsyncFailing.THROWN) {
      throw failure;
    }
    future.completeExceptionally(failure);
    return future;
  }

  /** One attempt that succeeds at once with {@code value}. */
  synchronized <T> CompletableFuture<T> succeed(T value) {
    calls++;
    lastFailure = null;
    return CompletableFuture.completedFuture(value);
  }

  /** Stages still to be failed. */
  synchronized int waiting() {
    return later.size();
  }

  /** Fails the oldest stage still to be failed, on this thread; false when there is none. */
  boolean failNext() {
    Later next;
    synchronized (this) {
      next = later.pollFirst();
    }
    if (next == null) {
      return false;
    }
    next.future.completeExceptionally(next.failure);
    return true;
  }

  private static final class Later {
    final CompletableFuture<?> future;
    final Throwable failure;

    Later(CompletableFuture<?> future, Throwable failure) {
      this.future = future;
      this.failure = failure;
    }
  }
}
