package io.retrygen.runtime;

/**
 * A monotonic clock in nanoseconds, for {@code maxDuration} and the elapsed time of events.
 * Replace it in {@link RetryOptions} to run a retry schedule in virtual time in tests.
 */
public interface Ticker {

  /** {@link System#nanoTime()}. */
  Ticker SYSTEM = SystemSeams.INSTANCE;

  /** The current time in nanoseconds from an arbitrary origin, like {@link System#nanoTime()}. */
  long nanoTime();
}
