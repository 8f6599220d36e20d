package io.retrygen.it.reactive;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import reactor.core.publisher.Mono;

/**
 * A class input: the generated {@code PriceFeedRetrying} is a subclass whose {@code price} calls
 * {@code super.price} again on each retry, and whose recovery calls this class's recover method.
 */
class PriceFeed {
  final Deque<Mono<Integer>> answers = new ArrayDeque<>();
  int calls;

  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 20))
  Mono<Integer> price(String symbol) {
    calls++;
    return answers.isEmpty() ? Mono.error(new IOException("no price")) : answers.remove();
  }

  @Recover
  Integer unknown(IOException failure, String symbol) {
    return -1;
  }
}
