package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

class BaseService {
  final Script script;

  BaseService(Script script) {
    this.script = script;
  }

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 17))
  public String load() throws IOException {
    script.call(IOException.class);
    return "base load";
  }

  public String baseOther() throws IOException {
    script.call(IOException.class);
    return "base other";
  }
}
