package io.retrygen.it;

import io.retrygen.runtime.RandomSource;
import java.util.ArrayDeque;
import java.util.Deque;

/** Hands out fixed values in order; a draw beyond them fails the test. */
final class QueueRandom implements RandomSource {
  private final Deque<Double> values = new ArrayDeque<>();

  QueueRandom(double... values) {
    for (double value : values) {
      this.values.add(value);
    }
  }

  @Override
  public double nextDouble() {
    Double value = values.poll();
    if (value == null) {
      throw new AssertionError("more random values drawn than the test provided");
    }
    return value;
  }

  int remaining() {
    return values.size();
  }
}
