package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Calls its asynchronous guarded method from its own constructor, before the generated subclass
 * has set its fields: that call is the plain method, with no retry.
 */
class AsyncSelfStarting {
  final AtomicInteger calls = new AtomicInteger();
  /** What the method returned to the constructor. */
  final CompletableFuture<String> warmUp;
  /** What the method returned last, before any retrying wrapper saw it. */
  volatile CompletableFuture<String> lastReturned;

  AsyncSelfStarting() {
    this.warmUp = refresh("boot");
  }

  /** Always fails with an IOException. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  CompletableFuture<String> refresh(String key) {
    calls.incrementAndGet();
    CompletableFuture<String> future = new CompletableFuture<>();
    future.completeExceptionally(new IOException("cannot refresh " + key));
    lastReturned = future;
    return future;
  }
}
