package io.retrygen.benchmarks;

import java.util.concurrent.CompletableFuture;

/**
 * The asynchronous service every async row calls. It returns futures that are already complete,
 * made once per trial: {@code completedFuture(input)}, and on the fail-once path, on every odd
 * call, {@code failedFuture(BenchmarkFailure.INSTANCE)}. So the backend allocates nothing and
 * every byte a row reports is its library's (a real client allocates its own future per call,
 * the same for every row). Completed futures are never mutated by a dependent stage, so sharing
 * them across calls is safe.
 *
 * <p>On the fail-once path the second attempt runs on another thread (a scheduler's or the common
 * pool's); {@link #calls} is a plain field all the same, because the attempts of one operation
 * are ordered by the executor hand-off and the operation's {@code join()}.
 */
public final class AsyncBackend implements AsyncService {
  private final boolean failOnce;
  private final CompletableFuture<String> succeeded;
  private final CompletableFuture<String> failed;
  private int calls;

  public AsyncBackend(boolean failOnce, String input) {
    this.failOnce = failOnce;
    this.succeeded = CompletableFuture.completedFuture(input);
    this.failed = CompletableFuture.failedFuture(BenchmarkFailure.INSTANCE);
  }

  @Override
  public CompletableFuture<String> call(String input) {
    if (failOnce && (calls++ & 1) == 0) {
      return failed;
    }
    return succeeded;
  }

  /** Calls so far (counted only on the fail-once path). */
  public int calls() {
    return calls;
  }
}
