package io.retrygen.docs;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/** An asynchronous method: retried without blocking a thread. */
public interface QuoteService {
  @Retryable(retryFor = IOException.class, maxAttempts = 4, backoff = @Backoff(delay = 200))
  CompletableFuture<String> quote(String symbol);
}
