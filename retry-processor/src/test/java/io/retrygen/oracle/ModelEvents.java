package io.retrygen.oracle;

/**
 * The listeners' events as each listener must hear them: the options' listener first (when the
 * script has one), then those of {@code @Retryable(listeners = ...)} in order, one that throws
 * included; none at all for a method that only a breaker guards.
 */
final class ModelEvents {
  private final Policy.Retry retry;
  private final boolean observed;
  private final String label;
  private final Trace trace;

  ModelEvents(Policy policy, Script script, String label, Trace trace) {
    this.retry = policy.retry;
    this.observed = script.observe;
    this.label = label;
    this.trace = trace;
  }

  /** {@code reason} is why the call gave up; shown in {@code onFailure} only. */
  void emit(String kind, int attempt, String failure, long delay, long elapsedNanos,
      String reason) {
    if (retry == null) {
      return;
    }
    String why = kind.equals("onFailure") ? reason : null;
    if (observed) {
      trace.event("opt", kind, label, attempt, failure, delay, elapsedNanos, why);
    }
    for (String listener : retry.listeners) {
      trace.event(listener, kind, label, attempt, failure, delay, elapsedNanos, why);
    }
  }
}
