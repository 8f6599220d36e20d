package io.retrygen.it.reactive;

import io.reactivex.rxjava3.core.Single;
import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import io.retrygen.Timeout;
import io.retrygen.runtime.AttemptTimeoutException;
import reactor.core.publisher.Mono;

/** Reactive methods with a limit per attempt: an attempt that hangs is cancelled and retried. */
public interface TimedQuotes {
  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 10))
  @Timeout(500)
  Mono<String> quote(String symbol);

  @Timeout(200)
  Single<Integer> count(String sku);

  @Recover
  default Integer unknown(AttemptTimeoutException timedOut, String sku) {
    return -1;
  }
}
