package io.retrygen.runtime;

/**
 * Random values for {@code @Backoff(random = true)} and {@code jitter}. Replace it in {@link
 * RetryOptions} to make random waits predictable in tests.
 */
public interface RandomSource {

  /** {@link java.util.concurrent.ThreadLocalRandom}: no contention between threads. */
  RandomSource SYSTEM = SystemSeams.INSTANCE;

  /** A value in {@code [0, 1)}. */
  double nextDouble();
}
