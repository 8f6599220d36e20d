package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** Its type-level annotation beats the parent's type-level one, not the parent's method-level. */
@Retryable(maxAttempts = 3, backoff = @Backoff(delay = 5))
interface ChildApi extends ParentApi {

  void childMethod() throws IOException;

  /** Redeclared without annotation: the overridden method's annotation wins. */
  @Override
  void parentMethod() throws IOException;
}
