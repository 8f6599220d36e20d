package io.retrygen.runtime;

/**
 * Waits between attempts. Replace it in {@link RetryOptions} to run a retry schedule in virtual
 * time in tests.
 */
public interface Sleeper {

  /** {@link Thread#sleep(long)}. */
  Sleeper SYSTEM = SystemSeams.INSTANCE;

  /**
   * Blocks for {@code millis} milliseconds (always greater than 0: a wait of 0 does not call the
   * sleeper).
   *
   * @throws InterruptedException if the thread is interrupted while waiting; the retry then stops
   */
  void sleep(long millis) throws InterruptedException;
}
