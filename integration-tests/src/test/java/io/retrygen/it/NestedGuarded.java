package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** A guarded method that calls another guarded method through {@code this}. */
class NestedGuarded {
  int outerCalls;
  int innerCalls;

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  String outer() throws IOException {
    outerCalls++;
    return inner();
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  String inner() throws IOException {
    innerCalls++;
    throw new IOException("inner " + innerCalls);
  }
}
