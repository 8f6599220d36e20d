package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/** Reproducer: a generic listener class must not make the generated class warn (rawtypes). */
interface TaggedClient {

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0), listeners = TaggedListener.class)
  String call();
}
