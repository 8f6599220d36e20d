package io.retrygen.runtime.internal;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** What an {@link AsyncCall} asks of the stages and futures user code hands it. */
@Api24
final class Stages {
  private Stages() {}

  /** A stage the user made may refuse to be cancelled (a minimalCompletionStage()): fine. */
  static void cancelQuietly(Future<?> future, boolean mayInterruptIfRunning) {
    if (future == null) {
      return;
    }
    try {
      future.cancel(mayInterruptIfRunning);
    } catch (RuntimeException ignored) {
      // It stays in flight; its outcome is ignored when it comes.
    }
  }

  /**
   * Whether {@code stage} is a plain {@link CompletableFuture} that succeeded already. Not a
   * subclass: {@code minimalCompletionStage()}'s throws from {@code isDone()}.
   */
  static boolean succeededAlready(CompletionStage<?> stage) {
    return stage.getClass() == CompletableFuture.class
        && ((CompletableFuture<?>) stage).isDone()
        && !((CompletableFuture<?>) stage).isCompletedExceptionally();
  }

  /**
   * What {@code done}, a completed future, failed with, as it was completed; null when it holds a
   * value. Not what {@code join()} throws: from JDK 23 on, {@code join()} and {@code get()} throw a
   * new {@link CancellationException} ("join", "get") around the one the future holds.
   */
  static Throwable failureOf(CompletableFuture<?> done) {
    try {
      done.join();
      return null;
    } catch (Throwable thrown) {
      Throwable failure = unwrap(thrown);
      if (failure instanceof CancellationException
          && failure.getCause() instanceof CancellationException
          && "join".equals(failure.getMessage())) {
        return failure.getCause();
      }
      return failure;
    }
  }

  /**
   * The failure itself, without the {@link CompletionException}s and {@link ExecutionException}s
   * around it.
   */
  static Throwable unwrap(Throwable failure) {
    Throwable current = failure;
    while ((current instanceof CompletionException || current instanceof ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }
}
