package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/** A class input whose retryIf predicates live in its superclass. */
class PredicateService extends PredicateServiceBase {
  final Script script;

  PredicateService(Script script) {
    this.script = script;
  }

  @Retryable(retryIf = "isBusy", backoff = @Backoff(delay = 7))
  public String submit(String job) {
    script.call();
    return "submitted " + job;
  }

  @Retryable(retryIf = "isTimeout", backoff = @Backoff(delay = 7))
  public String cancel(String job) {
    script.call();
    return "cancelled " + job;
  }
}
