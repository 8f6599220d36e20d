package io.retrygen.processor.write;

import com.squareup.javapoet.NameAllocator;

/**
 * The names of a generated method's locals, from a {@code NameAllocator} seeded with the user's
 * parameter names, so that none clashes with a parameter.
 */
public final class LoopLocals {
  final String retrier;
  final String startNanos;
  final String attempt;
  final String result;
  final String failure;
  final String rejected;
  final String predicateFailure;
  final String recovered;
  final String breaker;
  final String permit;
  /** The continuation a suspend function's attempt and recovery pass on. */
  final String continuation;
  final String timer;
  /** The synchronous attempt's deadline, from {@code timer.arm()}. */
  final String ticket;
  /** What the synchronous attempt threw, before the timer turns it into a timeout. */
  final String timed;
  /** A stateful call's key. */
  final String key;
  /** The last failure of a stateful key whose retries ended on an earlier call. */
  final String exhausted;

  /** Each name as written, or with a suffix where a parameter already has it. */
  static LoopLocals allocate(NameAllocator names) {
    return new LoopLocals(
        newName(names, "retrier"),
        newName(names, "startNanos"),
        newName(names, "attempt"),
        newName(names, "result"),
        newName(names, "failure"),
        newName(names, "rejected"),
        newName(names, "predicateFailure"),
        newName(names, "recovered"),
        newName(names, "breaker"),
        newName(names, "permit"),
        newName(names, "continuation"),
        newName(names, "timer"),
        newName(names, "ticket"),
        newName(names, "timed"),
        newName(names, "key"),
        newName(names, "exhausted"));
  }

  /**
   * {@code names.newName(suggestion)} with a tag of its own: without one, {@code NameAllocator}
   * draws a {@code UUID.randomUUID()} from {@code SecureRandom} for every name, and nothing looks
   * the tags up.
   */
  static String newName(NameAllocator names, String suggestion) {
    return names.newName(suggestion, new Object());
  }

  private LoopLocals(
      String retrier,
      String startNanos,
      String attempt,
      String result,
      String failure,
      String rejected,
      String predicateFailure,
      String recovered,
      String breaker,
      String permit,
      String continuation,
      String timer,
      String ticket,
      String timed,
      String key,
      String exhausted) {
    this.retrier = retrier;
    this.startNanos = startNanos;
    this.attempt = attempt;
    this.result = result;
    this.failure = failure;
    this.rejected = rejected;
    this.predicateFailure = predicateFailure;
    this.recovered = recovered;
    this.breaker = breaker;
    this.permit = permit;
    this.continuation = continuation;
    this.timer = timer;
    this.ticket = ticket;
    this.timed = timed;
    this.key = key;
    this.exhausted = exhausted;
  }
}
