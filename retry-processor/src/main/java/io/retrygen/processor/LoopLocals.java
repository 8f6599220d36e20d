package io.retrygen.processor;

import com.squareup.javapoet.NameAllocator;

/**
 * The names of a generated method's locals, from a {@code NameAllocator} seeded with the user's
 * parameter names, so that none clashes with a parameter.
 */
final class LoopLocals {
  final String retrier;
  final String startNanos;
  final String attempt;
  final String result;
  final String failure;
  final String retry;
  final String rejected;
  final String predicateFailure;
  final String recovered;
  final String breaker;
  final String permit;
  final String delayMillis;

  /** Each name as written, or with a suffix where a parameter already has it. */
  static LoopLocals allocate(NameAllocator names) {
    return new LoopLocals(
        names.newName("retrier"),
        names.newName("startNanos"),
        names.newName("attempt"),
        names.newName("result"),
        names.newName("failure"),
        names.newName("retry"),
        names.newName("rejected"),
        names.newName("predicateFailure"),
        names.newName("recovered"),
        names.newName("breaker"),
        names.newName("permit"),
        names.newName("delayMillis"));
  }

  private LoopLocals(
      String retrier,
      String startNanos,
      String attempt,
      String result,
      String failure,
      String retry,
      String rejected,
      String predicateFailure,
      String recovered,
      String breaker,
      String permit,
      String delayMillis) {
    this.retrier = retrier;
    this.startNanos = startNanos;
    this.attempt = attempt;
    this.result = result;
    this.failure = failure;
    this.retry = retry;
    this.rejected = rejected;
    this.predicateFailure = predicateFailure;
    this.recovered = recovered;
    this.breaker = breaker;
    this.permit = permit;
    this.delayMillis = delayMillis;
  }
}
