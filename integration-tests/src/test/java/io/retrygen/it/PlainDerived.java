package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** No type-level annotation: the superclass's one is nearer than the interface's. */
class PlainDerived extends AnnotatedBase implements AnnotatedIface {

  PlainDerived(Script script) {
    super(script);
  }

  @Retryable(maxAttempts = 5, backoff = @Backoff(delay = 0))
  public String own() throws IOException {
    script.call(IOException.class);
    return "own";
  }

  public String derivedWork() throws IOException {
    script.call(IOException.class);
    return "derived work";
  }
}
