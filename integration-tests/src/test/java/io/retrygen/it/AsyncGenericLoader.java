package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Asynchronous guarded methods with generic and wildcard future types. */
interface AsyncGenericLoader {
  /** A generic method: the future's value is the method's type variable. */
  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 100))
  <T> CompletableFuture<T> load(Class<T> type);

  /** A wildcard: the value is a Number; negative counts are retried. */
  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 100), retryOnResult = "isNegative")
  CompletionStage<? extends Number> count(String table);

  /** A nested parameterized value with a wildcard inside. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  CompletableFuture<List<Map<String, ?>>> rows(String table);

  static boolean isNegative(Number count) {
    return count.longValue() < 0;
  }

  /** A {@code long} for a future of {@code ? extends Number}. */
  @Recover
  default long noCount(IllegalStateException failure, String table) {
    return -1L;
  }
}
