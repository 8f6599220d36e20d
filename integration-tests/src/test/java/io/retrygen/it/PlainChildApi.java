package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** No type-level annotation of its own: the parent's type-level one applies. */
interface PlainChildApi extends ParentApi {

  @Retryable(maxAttempts = 5, backoff = @Backoff(delay = 0))
  void childOwn() throws IOException;

  void childPlain() throws IOException;
}
