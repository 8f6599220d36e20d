package io.retrygen.runtime;

import java.util.ArrayList;
import java.util.List;

/** Virtual time for tests: sleeping advances the clock, and every sleep and clock read is counted. */
final class FakeClock implements Sleeper, Ticker {
  final List<Long> sleeps = new ArrayList<Long>();
  int nanoTimeCalls;
  private long nanos;

  FakeClock() {
    this(0L);
  }

  FakeClock(long startNanos) {
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
  void advanceNanos(long delta) {
    nanos += delta;
  }

  void advanceMillis(long millis) {
    advanceNanos(millis * 1_000_000L);
  }
}
