package io.retrygen.it;

import io.retrygen.test.VirtualTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the fake implementations do on each call: throw the next scripted failure (then succeed
 * once they run out, unless {@link #always}), and optionally let virtual time pass first.
 */
final class Script {
  /** More calls than any test's maxAttempts allows. */
  private static final int RUNAWAY = 1_000;

  private final List<Throwable> failures;
  private final Throwable always;
  private VirtualTime clock;
  private long nanosPerCall;
  private int calls;

  private Script(List<Throwable> failures, Throwable always) {
    this.failures = failures;
    this.always = always;
  }

  /** Fails with these, in order, then succeeds. */
  static Script failing(Throwable... failures) {
    return new Script(new ArrayList<>(Arrays.asList(failures)), null);
  }

  /** Succeeds every time. */
  static Script succeeding() {
    return failing();
  }

  /** Fails with the same instance on every call. */
  static Script alwaysFailing(Throwable failure) {
    return new Script(new ArrayList<Throwable>(), failure);
  }

  /** Each call advances {@code clock} by {@code millis} before its outcome. */
  Script taking(VirtualTime clock, long millis) {
    return takingNanos(clock, millis * 1_000_000L);
  }

  Script takingNanos(VirtualTime clock, long nanos) {
    this.clock = clock;
    this.nanosPerCall = nanos;
    return this;
  }

  int calls() {
    return calls;
  }

  /** One call that may throw a checked failure of type {@code X}. */
  <X extends Throwable> void call(Class<X> checked) throws X {
    Throwable failure = next();
    if (failure == null) {
      return;
    }
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    throw checked.cast(failure);
  }

  /** One call that may throw only unchecked failures. */
  void call() {
    call(RuntimeException.class);
  }

  private Throwable next() {
    calls++;
    if (calls > RUNAWAY) {
      // A loop that ignores maxAttempts would otherwise spin for ever in virtual time.
      throw new AssertionError("runaway retries: " + calls + " calls");
    }
    if (clock != null) {
      clock.advanceBy(nanosPerCall, TimeUnit.NANOSECONDS);
    }
    if (always != null) {
      return always;
    }
    return failures.isEmpty() ? null : failures.remove(0);
  }
}
