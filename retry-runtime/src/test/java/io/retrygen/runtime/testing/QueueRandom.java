package io.retrygen.runtime.testing;

import io.retrygen.runtime.RandomSource;
import java.util.ArrayDeque;
import java.util.Deque;

/** Returns the given values in order and fails the test on any draw beyond them. */
public final class QueueRandom implements RandomSource {
  private final Deque<Double> values = new ArrayDeque<Double>();
  public int draws;

  public QueueRandom(double... values) {
    for (double value : values) {
      this.values.addLast(value);
    }
  }

  /** A source that must never be drawn from. */
  public static QueueRandom none() {
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

  public int remaining() {
    return values.size();
  }
}
