package io.retrygen.runtime;

import java.util.ArrayDeque;
import java.util.Deque;

/** Returns the given values in order and fails the test on any draw beyond them. */
final class QueueRandom implements RandomSource {
  private final Deque<Double> values = new ArrayDeque<Double>();
  int draws;

  QueueRandom(double... values) {
    for (double value : values) {
      this.values.addLast(value);
    }
  }

  /** A source that must never be drawn from. */
  static QueueRandom none() {
    return new QueueRandom();
  }

  @Override
  public double nextDouble() {
    if (values.isEmpty()) {
      throw new AssertionError("unexpected random draw number " + (draws + 1));
    }
    draws++;
    return values.removeFirst();
  }

  int remaining() {
    return values.size();
  }
}
