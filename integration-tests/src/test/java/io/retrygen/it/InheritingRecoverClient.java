package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** Its only recover method is inherited from a superinterface, with V = String. */
interface InheritingRecoverClient extends RecoverDefaults<String> {

  @Retryable(backoff = @Backoff(delay = 10))
  String fetch(String key) throws IOException;
}
