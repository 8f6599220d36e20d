package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** A caller of a dependency with the usual three attempts, and no retry budget. */
interface StormClient {
  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 0))
  String fetch(int call) throws IOException;
}
