package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

@Retryable(maxAttempts = 2, backoff = @Backoff(delay = 7), label = "parent-type")
interface ParentApi {

  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 11))
  void parentMethod() throws IOException;

  void parentPlain() throws IOException;
}
