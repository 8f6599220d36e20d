package io.retrygen.runtime;

import io.retrygen.runtime.testing.FakeClock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link RetryCallback} that plays a script: each attempt throws the next scripted throwable,
 * or returns {@code "ok#n"} once the script runs out. Records what each attempt saw of its
 * context, and lets virtual time pass during each attempt when given a clock.
 */
final class ScriptedCallback implements RetryCallback<String, Exception> {
  private final List<Throwable> failures;
  /** {@link RetryContext#attempt()} as each attempt saw it. */
  final List<Integer> attempts = new ArrayList<Integer>();
  /** {@link RetryContext#lastFailure()} as each attempt saw it. */
  final List<Throwable> lastFailures = new ArrayList<Throwable>();
  final List<String> labels = new ArrayList<String>();
  /** The contexts, to check that each call has its own. */
  final List<RetryContext> contexts = new ArrayList<RetryContext>();
  private FakeClock clock;
  private long millisPerAttempt;

  private ScriptedCallback(List<Throwable> failures) {
    this.failures = failures;
  }

  /** Throws these in order, then succeeds. */
  static ScriptedCallback failing(Throwable... failures) {
    return new ScriptedCallback(new ArrayList<Throwable>(Arrays.asList(failures)));
  }

  /** Each attempt advances {@code clock} by {@code millis} before its outcome. */
  ScriptedCallback taking(FakeClock clock, long millis) {
    this.clock = clock;
    this.millisPerAttempt = millis;
    return this;
  }

  int calls() {
    return attempts.size();
  }

  @Override
  public String doWithRetry(RetryContext context) throws Exception {
    attempts.add(context.attempt());
    lastFailures.add(context.lastFailure());
    labels.add(context.label());
    contexts.add(context);
    if (clock != null) {
      clock.advanceMillis(millisPerAttempt);
    }
    if (failures.isEmpty()) {
      return "ok#" + context.attempt();
    }
    Throwable failure = failures.remove(0);
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    if (failure instanceof Exception) {
      throw (Exception) failure;
    }
    throw new AssertionError("cannot throw " + failure);
  }
}
