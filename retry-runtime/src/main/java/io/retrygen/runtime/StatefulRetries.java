package io.retrygen.runtime;

import io.retrygen.runtime.internal.StateCache;

/**
 * The state of stateful retries: one cache per method of {@code @Retryable(stateful = true)},
 * process-wide (every instance of the generated class shares it), and one per {@link
 * RetryTemplate} for its calls with a {@link RetryState}; each holds at most {@link #MAX_KEYS}
 * keys. When one is full, its least recently used key is forgotten (its next call starts afresh)
 * and counted here, by label.
 */
public final class StatefulRetries {
  /** The keys one method's (or template's) cache holds at most. */
  public static final int MAX_KEYS = 4096;

  private StatefulRetries() {}

  /**
   * How many keys the caches of the methods and templates labelled {@code label} have forgotten
   * because they were full: 0 for a label whose caches never were.
   *
   * @throws NullPointerException if {@code label} is null
   */
  public static long evictions(String label) {
    return StateCache.evictions(label);
  }
}
