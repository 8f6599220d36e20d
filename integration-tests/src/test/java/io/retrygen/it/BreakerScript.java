package io.retrygen.it;

import io.retrygen.runtime.CircuitBreakerOpenException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a delegate under a circuit breaker does on each call that reaches it: a pattern such as
 * {@code "SFFS"} ({@code S} returns, {@code F} throws the script's failure, always the same
 * instance). A call beyond the pattern is a test bug and fails loudly. Also runs the calls of a
 * test and writes down how each ended, so a whole scenario is one string to compare.
 */
final class BreakerScript {
  private final String pattern;
  private final RuntimeException failure;
  private int calls;
  /** Run inside the next call that reaches the delegate, then forgotten. */
  private Runnable duringNextCall;

  private BreakerScript(String pattern, RuntimeException failure) {
    this.pattern = pattern;
    this.failure = failure;
  }

  static BreakerScript of(String pattern) {
    return new BreakerScript(pattern, new IllegalStateException("scripted failure"));
  }

  static BreakerScript of(String pattern, RuntimeException failure) {
    return new BreakerScript(pattern, failure);
  }

  RuntimeException failure() {
    return failure;
  }

  /** Calls that reached the delegate. */
  int calls() {
    return calls;
  }

  void duringNextCall(Runnable action) {
    this.duringNextCall = action;
  }

  /** One call reaching the delegate. */
  void call() {
    if (calls >= pattern.length()) {
      throw new AssertionError("unexpected call #" + (calls + 1) + " of pattern " + pattern);
    }
    char outcome = pattern.charAt(calls++);
    Runnable action = duringNextCall;
    duringNextCall = null;
    if (action != null) {
      action.run();
    }
    if (outcome == 'F') {
      throw failure;
    }
  }

  /**
   * How a call through the generated class ended: {@code S} returned, {@code F} threw this
   * script's failure (the same instance), {@code O} threw {@link CircuitBreakerOpenException} of
   * the breaker {@code breakerName}. Anything else fails the test.
   */
  String outcomeOf(Runnable guardedCall, String breakerName) {
    try {
      guardedCall.run();
      return "S";
    } catch (CircuitBreakerOpenException e) {
      if (!breakerName.equals(e.name())) {
        throw new AssertionError("refused by " + e.name() + ", expected " + breakerName, e);
      }
      return "O";
    } catch (RuntimeException e) {
      if (e != failure) {
        throw new AssertionError("unexpected failure", e);
      }
      return "F";
    }
  }

  /** {@link #outcomeOf} for {@code times} calls, concatenated. */
  String outcomesOf(int times, Runnable guardedCall, String breakerName) {
    List<String> outcomes = new ArrayList<>();
    for (int i = 0; i < times; i++) {
      outcomes.add(outcomeOf(guardedCall, breakerName));
    }
    return String.join("", outcomes);
  }
}
