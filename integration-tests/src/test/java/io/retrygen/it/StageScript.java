package io.retrygen.it;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What a fake asynchronous delegate does on each call, one scripted step per call: return a stage
 * already completed (normally or exceptionally), throw, or return a stage that the test completes
 * later. Records the stages it returned and the threads it was called on. A call beyond the script
 * fails loudly.
 */
final class StageScript<T> {
  private final Deque<Step<T>> steps = new ArrayDeque<>();
  private final List<CompletableFuture<T>> returned = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();

  /** Returns a stage completed with {@code value}. */
  StageScript<T> succeed(T value) {
    return then(() -> CompletableFuture.completedFuture(value));
  }

  /** Returns a stage completed exceptionally with {@code failure}. */
  StageScript<T> fail(Throwable failure) {
    return then(
        () -> {
          CompletableFuture<T> future = new CompletableFuture<>();
          future.completeExceptionally(failure);
          return future;
        });
  }

  /** Throws {@code failure} instead of returning a stage. */
  StageScript<T> raise(Throwable failure) {
    return then(
        () -> {
          throw failure;
        });
  }

  /** Returns a new incomplete stage, for the test to complete: {@link #stage(int)}. */
  StageScript<T> hang() {
    return then(CompletableFuture::new);
  }

  /** Returns {@code future}, as it is. */
  StageScript<T> answer(CompletableFuture<T> future) {
    return then(() -> future);
  }

  /** Returns null instead of a stage. */
  StageScript<T> returnNull() {
    return then(() -> null);
  }

  synchronized StageScript<T> then(Step<T> step) {
    steps.addLast(step);
    return this;
  }

  /** One call: the next step's stage; its throw, if it throws. */
  CompletableFuture<T> next() throws IOException {
    Step<T> step;
    synchronized (this) {
      threads.add(Thread.currentThread());
      step = steps.pollFirst();
      if (step == null) {
        throw new AssertionError("unexpected call #" + threads.size());
      }
    }
    CompletableFuture<T> future;
    try {
      future = step.run();
    } catch (IOException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new AssertionError("a step may throw only IOException or unchecked", e);
    }
    synchronized (this) {
      returned.add(future);
    }
    return future;
  }

  /** Calls made so far. */
  synchronized int calls() {
    return threads.size();
  }

  /** Steps not taken yet. */
  synchronized int left() {
    return steps.size();
  }

  /** The stage the {@code n}-th call returned (1-based; calls that threw return none). */
  synchronized CompletableFuture<T> stage(int n) {
    return returned.get(n - 1);
  }

  /** The stage the latest call returned. */
  synchronized CompletableFuture<T> last() {
    return returned.get(returned.size() - 1);
  }

  /** The thread of each call. */
  synchronized List<Thread> threads() {
    return new ArrayList<>(threads);
  }

  /** One call's behaviour. */
  interface Step<T> {
    CompletableFuture<T> run() throws Throwable;
  }
}
