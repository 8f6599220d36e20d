package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/** Calls a guarded method from its own constructor, before the subclass has set its fields. */
class SelfInitializing {
  final Script script;
  final String initial;

  SelfInitializing(Script script) {
    this.script = script;
    this.initial = load();
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  String load() {
    script.call();
    return "loaded";
  }
}
