package test;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Reactor methods: each call returns a lazy publisher that calls the method again. */
public interface Quotes {
  @Retryable(
      retryFor = {IOException.class, TimeoutException.class},
      maxAttempts = 4,
      retryIf = "isTransient",
      retryOnResult = "isStale",
      backoff = @Backoff(delay = 100, multiplier = 2, delayFor = "retryAfter"))
  @CircuitBreaker(failOn = IOException.class)
  Mono<String> quote(String symbol);

  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 50))
  Flux<Integer> ticks(String symbol);

  @Recover
  default String quoteUnavailable(IOException failure, String symbol) {
    return "n/a";
  }

  @Recover
  default Mono<String> quoteFromCache(TimeoutException failure, String symbol) {
    return Mono.just("cached " + symbol);
  }

  @Recover
  default Flux<Integer> noTicks(IOException failure, String symbol) {
    return Flux.empty();
  }

  default boolean isTransient(Exception failure) {
    return !(failure instanceof java.io.FileNotFoundException);
  }

  default boolean isStale(String quote) {
    return quote.isEmpty();
  }

  default long retryAfter(TimeoutException failure) {
    return 1_000L;
  }
}
