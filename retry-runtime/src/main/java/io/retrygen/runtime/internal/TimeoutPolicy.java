package io.retrygen.runtime.internal;

import io.retrygen.runtime.RetryOptions;

/**
 * Not API. The {@code @Timeout} of one guarded method, as the processor read it: its label and
 * limit. Each generated instance binds it to its options ({@link #bind}) once, in its constructor.
 */
public final class TimeoutPolicy {
  private final String label;
  private final long millis;

  /**
   * @param label the guarded method's label, for the exception's message
   * @param millis how long an attempt may take, {@code > 0}
   */
  public TimeoutPolicy(String label, long millis) {
    if (label == null) {
      throw new NullPointerException("label == null");
    }
    if (millis <= 0) {
      throw new IllegalArgumentException(label + ": @Timeout(" + millis + ") must be > 0 ms");
    }
    this.label = label;
    this.millis = millis;
  }

  /**
   * The timer of one generated instance, with the limit the overrides of {@code options} give
   * ({@code retrygen.timeout.<label>.value}) if any: the deadlines of its deferred attempts go to
   * the scheduler of {@code options} when one was set.
   *
   * @throws IllegalArgumentException for an override that is not {@code > 0}
   */
  public AttemptTimer bind(RetryOptions options) {
    if (options == null) {
      throw new NullPointerException("options == null");
    }
    OverrideTable overrides = options.overrides();
    TimeoutPolicy effective = overrides.timeout(this);
    return new AttemptTimer(label, effective.millis, options.schedulerIfSet());
  }

  /** The label. */
  public String label() {
    return label;
  }

  /** The limit of each attempt, in milliseconds. */
  public long millis() {
    return millis;
  }

  @Override
  public String toString() {
    return "TimeoutPolicy{" + label + ", " + millis + " ms}";
  }
}
