package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** Method-level annotations against a type-level one with a direct @Backoff. */
@Retryable(retryFor = IOException.class, maxAttempts = 2, label = "layered-type")
@Backoff(delay = 10)
interface Layered {

  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 20))
  void own() throws IOException;

  /** Its own annotation is used whole: default retryFor, backoff and label, not the type's. */
  @Retryable(maxAttempts = 3)
  void ownWithDefaults() throws IOException;

  void fromType() throws IOException;
}
