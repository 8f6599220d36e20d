package io.retrygen.it.meta;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** {@code @DbRetry} on the type guards every method that has no retry policy of its own. */
@DbRetry
interface Warehouse {
  /** The type's {@code @DbRetry}. */
  String stock(String sku) throws IOException;

  /** Its own {@code @Retryable} beats the type's {@code @DbRetry}. */
  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 7))
  String reserve(String sku) throws IOException;

  /** The type's retry, and {@code @Guarded}'s breaker, timeout and budget. */
  @Guarded
  String search(String query) throws Exception;
}
