package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** Type-level {@code @Retryable} on a class: guards the overridable methods only. */
@Retryable(maxAttempts = 3, backoff = @Backoff(delay = 5))
class Ledger {
  final Script script;

  Ledger(Script script) {
    this.script = script;
  }

  public String post() throws IOException {
    script.call(IOException.class);
    return "posted";
  }

  /** Skipped silently: a final method cannot be guarded. */
  public final String finalPost() throws IOException {
    script.call(IOException.class);
    return "final";
  }

  /** A method of Object: never guarded, even when overridden. */
  @Override
  public String toString() {
    script.call();
    return "Ledger";
  }
}
