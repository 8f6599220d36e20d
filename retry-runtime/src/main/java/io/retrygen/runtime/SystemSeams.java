package io.retrygen.runtime;

import java.util.concurrent.ThreadLocalRandom;

/**
 * {@link Sleeper#SYSTEM}, {@link Ticker#SYSTEM} and {@link RandomSource#SYSTEM} in one class, so
 * that a cold start loads one class for them rather than three.
 */
final class SystemSeams implements Sleeper, Ticker, RandomSource {
  static final SystemSeams INSTANCE = new SystemSeams();

  private SystemSeams() {}

  @Override
  public void sleep(long millis) throws InterruptedException {
    Thread.sleep(millis);
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public double nextDouble() {
    return ThreadLocalRandom.current().nextDouble();
  }

  @Override
  public String toString() {
    return "SYSTEM";
  }
}
