package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.util.concurrent.CompletableFuture;

/** Asynchronous methods for the runtime's default scheduler: waits of 0 ms and of 1 ms. */
interface AsyncPool {
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  CompletableFuture<String> now(String key);

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 1))
  CompletableFuture<String> soon(String key);

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 60000))
  CompletableFuture<String> muchLater(String key);
}
