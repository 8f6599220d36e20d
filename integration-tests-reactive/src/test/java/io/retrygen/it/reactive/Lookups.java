package io.retrygen.it.reactive;

import io.reactivex.rxjava3.core.Maybe;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import reactor.core.publisher.Mono;

/**
 * Recover methods that answer "nothing" with null: a {@code Mono} or {@code Maybe} cannot carry
 * null, so the generated code completes them empty.
 */
public interface Lookups {
  @Retryable(retryFor = IOException.class, maxAttempts = 1)
  Mono<String> owner(String id);

  @Retryable(retryFor = IOException.class, maxAttempts = 1)
  Maybe<String> location(String id);

  @Recover
  default String unknown(IOException failure, String id) {
    return id.equals("known") ? "fallback " + id : null;
  }
}
