package io.retrygen.it;

import io.retrygen.Retryable;
import java.io.IOException;

/** Of two annotated superinterfaces, the first in declaration order is nearer. */
interface BothParents extends FirstParent, SecondParent {

  @Retryable(maxAttempts = 1)
  void trigger();

  void both() throws IOException;
}
