package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.io.Serializable;

/** A Serializable class whose constructor has a parameter called {@code options}. */
class Session implements Serializable {
  private static final long serialVersionUID = 1L;

  final String options;
  final transient Script script;

  Session(String options, Script script) {
    this.options = options;
    this.script = script;
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 2))
  public <X extends Exception> String perform(Task<X> task) throws X {
    script.call();
    return task.run();
  }

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 2))
  public String clash(String attempt, String retrier, String options) throws IOException {
    script.call(IOException.class);
    return attempt + retrier + options;
  }
}
