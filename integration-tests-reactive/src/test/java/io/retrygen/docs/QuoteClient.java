package io.retrygen.docs;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Reactor methods, retried the reactive way. */
public interface QuoteClient {
  @Retryable(retryFor = IOException.class, maxAttempts = 4,
      backoff = @Backoff(delay = 100, multiplier = 2))
  @CircuitBreaker(name = "quotes")
  Mono<String> quote(String symbol);          // webClient.get()...bodyToMono(String.class)

  @Retryable(retryFor = IOException.class)
  Flux<Integer> ticks(String symbol);

  @Recover
  default Mono<String> fromCache(IOException failure, String symbol) {   // a Mono, or
    return Mono.just(symbol + " (cached)");
  }

  @Recover
  default Integer noTick(IOException failure, String symbol) {           // a value
    return -1;
  }
}
