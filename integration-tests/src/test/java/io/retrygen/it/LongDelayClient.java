package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** An exponential backoff whose delay is above the implicit 30000 ms cap, with maxDelay set. */
interface LongDelayClient {

  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 60000, multiplier = 2, maxDelay = 120000))
  String fetch() throws IOException;
}
