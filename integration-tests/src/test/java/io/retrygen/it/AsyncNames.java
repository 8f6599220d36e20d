package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.util.concurrent.CompletableFuture;

/**
 * Parameters named like the members and locals of the generated call class, of {@code AsyncCall}
 * and of {@code CompletableFuture}: the generated code must still pass the user's values.
 */
interface AsyncNames {
  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 100), retryOnResult = "isBlank")
  @CircuitBreaker(requestVolumeThreshold = 10)
  CompletableFuture<String> odd(
      String attempt,
      String retrier,
      String breaker,
      String result,
      String failure,
      String inFlight,
      String stack,
      String permit,
      String delegate,
      String steps);

  static boolean isBlank(String value) {
    return value.trim().isEmpty();
  }

  @Recover
  default String oddRecovered(
      IllegalStateException cause,
      String attempt,
      String retrier,
      String breaker,
      String result,
      String failure,
      String inFlight,
      String stack,
      String permit,
      String delegate,
      String steps) {
    return String.join(
        ",", "recovered", attempt, retrier, breaker, result, failure, inFlight, stack, permit,
        delegate, steps);
  }
}
