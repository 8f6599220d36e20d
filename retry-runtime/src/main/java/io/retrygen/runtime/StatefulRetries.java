package io.retrygen.runtime;

import io.retrygen.runtime.internal.StateCache;

/**
 * The process-wide state of stateful retries ({@code @Retryable(stateful = true)}, {@link
 * RetryTemplate} with a {@link RetryState}): one cache per label of at most {@link #MAX_KEYS}
 * keys. When it is full, the least recently used key is forgotten (its next call starts afresh)
 * and counted here.
 */
public final class StatefulRetries {
  /** The keys one label's cache holds at most. */
  public static final int MAX_KEYS = 4096;

  private StatefulRetries() {}

  /**
   * How many keys the cache of {@code label} has forgotten because it was full: 0 for a label
   * with no stateful retry (yet).
   *
   * @throws NullPointerException if {@code label} is null
   */
  public static long evictions(String label) {
    return StateCache.evictions(label);
  }
}
