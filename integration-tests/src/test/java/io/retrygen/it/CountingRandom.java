package io.retrygen.it;

import io.retrygen.runtime.RandomSource;

/** Returns the same value on every draw and counts the draws, to see when the wait is computed. */
final class CountingRandom implements RandomSource {
  private final double value;
  private int draws;

  CountingRandom(double value) {
    this.value = value;
  }

  @Override
  public double nextDouble() {
    draws++;
    return value;
  }

  int draws() {
    return draws;
  }
}
