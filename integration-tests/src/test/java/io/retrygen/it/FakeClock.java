package io.retrygen.it;

import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import java.util.ArrayList;
import java.util.List;

/**
 * Virtual time: records every sleep and advances the clock by it instead of waiting. Calls can
 * also advance it, to simulate slow attempts.
 */
final class FakeClock implements Sleeper, Ticker {
  final List<Long> sleeps = new ArrayList<>();
  /** Volatile: asynchronous tests read it on the threads that complete attempts. */
  private volatile long nanos;

  @Override
  public void sleep(long millis) {
    sleeps.add(millis);
    nanos += millis * 1_000_000L;
  }

  @Override
  public long nanoTime() {
    return nanos;
  }

  void advanceMillis(long millis) {
    nanos += millis * 1_000_000L;
  }

  void advanceNanos(long delta) {
    nanos += delta;
  }
}
