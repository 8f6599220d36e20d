package io.retrygen.it.reactive;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Reactor methods with recover methods: to the publisher type, and to the value. */
public interface FallbackApi {
  @Retryable(retryFor = IOException.class, maxAttempts = 2, backoff = @Backoff(delay = 10),
      recover = "cachedQuote")
  Mono<String> quote(String symbol);

  @Retryable(retryFor = IOException.class, maxAttempts = 2, backoff = @Backoff(delay = 10),
      recover = "lastKnown")
  Mono<String> price(String symbol);

  @Retryable(retryFor = IOException.class, maxAttempts = 2, backoff = @Backoff(delay = 10))
  Flux<Integer> ticks(String symbol);

  @Recover
  default Mono<String> cachedQuote(IOException failure, String symbol) {
    return Mono.just("cached " + symbol + " after " + failure.getMessage());
  }

  @Recover
  default String lastKnown(IOException failure, String symbol) {
    return "last " + symbol;
  }

  @Recover
  default Flux<Integer> noTicks(IOException failure) {
    return Flux.just(-1);
  }
}
