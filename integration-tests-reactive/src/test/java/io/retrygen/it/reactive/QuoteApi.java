package io.retrygen.it.reactive;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;
import java.io.IOException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** A quote service over a reactive client (a {@code WebClient}, say): Reactor return types. */
public interface QuoteApi {
  @Retryable(retryFor = IOException.class, maxAttempts = 4,
      backoff = @Backoff(delay = 100, multiplier = 2))
  Mono<String> quote(String symbol);

  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 50))
  Flux<Integer> ticks(String symbol);

  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 10),
      retryOnResult = "isStale")
  Mono<String> fresh(String symbol);

  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1.0, delay = 1000)
  Mono<String> guarded(String symbol);

  @Retryable(retryFor = IOException.class, maxAttempts = 5, backoff = @Backoff(delay = 10))
  @RetryBudget(name = "reactive-quotes", maxTokens = 4)
  Mono<String> budgeted(String symbol);

  default boolean isStale(String quote) {
    return quote.startsWith("stale");
  }
}
