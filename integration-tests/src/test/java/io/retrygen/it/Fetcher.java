package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

interface Fetcher {

  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 13))
  String fetch() throws IOException;
}
