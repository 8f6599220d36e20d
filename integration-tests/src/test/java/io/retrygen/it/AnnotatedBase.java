package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

@Retryable(maxAttempts = 2, backoff = @Backoff(delay = 23), label = "annotated-base")
class AnnotatedBase {
  final Script script;

  AnnotatedBase(Script script) {
    this.script = script;
  }

  public String baseWork() throws IOException {
    script.call(IOException.class);
    return "base work";
  }
}
