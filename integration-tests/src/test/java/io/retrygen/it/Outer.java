package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** Nested inputs: generated as Outer_ClientRetrying and Outer_Mid_ServiceRetrying. */
final class Outer {
  private Outer() {}

  interface Client {
    @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 3))
    String call() throws IOException;

    @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 3), label = "custom-label")
    String labelled() throws IOException;
  }

  static final class Mid {
    private Mid() {}

    static class Service {
      final Script script;

      Service(Script script) {
        this.script = script;
      }

      @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 4))
      String serve() throws IOException {
        script.call(IOException.class);
        return "served";
      }
    }
  }
}
