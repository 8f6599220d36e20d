package test;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

public interface RateLimitedApi {
  /** A 429 answer is a failure or a result: either way the server says how long to wait. */
  @Retryable(
      retryOnResult = "isThrottled",
      backoff = @Backoff(delay = 500, maxDelay = 60_000, delayFor = "retryAfter"))
  Response fetch(String id) throws IOException;

  @Retryable(backoff = @Backoff(delay = 500, maxDelay = 60_000, delayFor = "retryAfter"))
  void delete(String id) throws IOException;

  @Retryable(
      retryOnResult = "isThrottled",
      backoff = @Backoff(multiplier = 2, delayFor = "retryAfter"))
  CompletableFuture<Response> fetchLater(String id);

  default boolean isThrottled(Response response) {
    return response.status() == 429;
  }

  default long retryAfter(ThrottledException failure) {
    return failure.retryAfterSeconds() * 1000L;
  }

  /** Less specific than the one above: tested after it. */
  static int retryAfter(IOException failure) {
    return failure.getMessage() == null ? -1 : 250;
  }

  default long retryAfter(Response response) {
    return response.retryAfterSeconds() * 1000L;
  }
}
