package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/** A class input with an annotation listener. */
class ListenedTask {
  final Script script;

  ListenedTask(Script script) {
    this.script = script;
  }

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0), listeners = CountingListener.class)
  String run() {
    script.call();
    return "ran";
  }
}
