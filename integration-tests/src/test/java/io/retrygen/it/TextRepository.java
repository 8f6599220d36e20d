package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/** Extends a parameterized generic interface: inherited methods with type arguments resolved. */
interface TextRepository extends Repository<String, String> {

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0))
  String shout(String text);
}
