package io.retrygen.runtime;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Random values for {@code @Backoff(random = true)} and {@code jitter}. Replace it in {@link
 * RetryOptions} to make random waits predictable in tests.
 */
public interface RandomSource {

  /** {@link ThreadLocalRandom}: no contention between threads. */
  RandomSource SYSTEM =
      new RandomSource() {
        @Override
        public double nextDouble() {
          return ThreadLocalRandom.current().nextDouble();
        }

        @Override
        public String toString() {
          return "RandomSource.SYSTEM";
        }
      };

  /** A value in {@code [0, 1)}. */
  double nextDouble();
}
