package io.retrygen.runtime.testing;

import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import java.util.ArrayList;
import java.util.List;

/**
 * Virtual time for tests: sleeping advances the clock, and every sleep and clock read is counted.
 *
 * <p>retry-test depends on this module, so its tests keep their own clock instead of retry-test's
 * {@code VirtualTime}.
 */
public final class FakeClock implements Sleeper, Ticker {
  public final List<Long> sleeps = new ArrayList<Long>();
  public int nanoTimeCalls;
  private long nanos;

  public FakeClock() {
    this(0L);
  }

  public FakeClock(long startNanos) {
    this.nanos = startNanos;
  }

  @Override
  public void sleep(long millis) {
    sleeps.add(millis);
    nanos += millis * 1_000_000L;
  }

  @Override
  public long nanoTime() {
    nanoTimeCalls++;
    return nanos;
  }

  /** Lets time pass without sleeping, as an attempt that takes a while does. */
  public void advanceNanos(long delta) {
    nanos += delta;
  }

  public void advanceMillis(long millis) {
    advanceNanos(millis * 1_000_000L);
  }
}
