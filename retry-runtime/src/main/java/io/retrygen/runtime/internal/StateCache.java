package io.retrygen.runtime.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Not API. The keys of one method's stateful retries (held by its compiled {@code RetryPolicy}, a
 * constant of the generated class, so every instance shares it) or of one template's: a map in
 * access order bounded
 * at {@link #MAX_KEYS}, whose least recently used key is forgotten (and counted) when a new one
 * would not fit. Every method holds this object's lock, briefly: no user code, no wait and no
 * listener runs under it. Only keys with something to remember are held: a call whose key has no
 * state and that succeeds never takes the lock ({@link #isEmpty}), so that the success path of a
 * stateful method costs one volatile read while no key failed.
 */
public final class StateCache {
  /** {@code StatefulRetries.MAX_KEYS}: the keys one method holds at most. */
  static final int MAX_KEYS = 4096;

  /**
   * The evictions of every cache, by the label of its method or template: an entry is made by a
   * label's first eviction, so labels that never evict (most) leave nothing here.
   */
  private static final ConcurrentMap<String, AtomicLong> EVICTIONS =
      new ConcurrentHashMap<String, AtomicLong>();

  /** What one key's calls have counted. Guarded by the cache's lock, but {@link #startNanos}. */
  static final class KeyState {
    /** The {@code Ticker} time of the key's first attempt (0 when nothing reads the clock). */
    final long startNanos;
    /** The attempts of the key that failed, so far. */
    int failures;
    /** The end of the key's retries, or null while they go on. */
    StatefulRetrier.Exhaustion exhausted;

    KeyState(long startNanos) {
      this.startNanos = startNanos;
    }
  }

  private final int maxKeys;
  private final Map<Object, KeyState> states;
  /** The number of keys held: written under the lock, read without it by {@link #isEmpty}. */
  private volatile int size;
  /** Guarded by this. */
  private long evictions;

  /** The cache of a method or template labelled {@code label}, for {@link #MAX_KEYS} keys. */
  StateCache(String label) {
    this(label, MAX_KEYS);
  }

  StateCache(final String label, int maxKeys) {
    if (label == null) {
      throw new NullPointerException("label == null");
    }
    this.maxKeys = maxKeys;
    this.states =
        new LinkedHashMap<Object, KeyState>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<Object, KeyState> eldest) {
            if (size() <= StateCache.this.maxKeys) {
              return false;
            }
            evictions++;
            evictionsOf(label).incrementAndGet();
            return true;
          }
        };
  }

  /** {@code StatefulRetries.evictions(label)}: 0 for a label whose caches never evicted. */
  public static long evictions(String label) {
    if (label == null) {
      throw new NullPointerException("label == null");
    }
    AtomicLong evictions = EVICTIONS.get(label);
    return evictions == null ? 0L : evictions.get();
  }

  private static AtomicLong evictionsOf(String label) {
    AtomicLong evictions = EVICTIONS.get(label);
    if (evictions != null) {
      return evictions;
    }
    AtomicLong created = new AtomicLong();
    evictions = EVICTIONS.putIfAbsent(label, created);
    return evictions != null ? evictions : created;
  }

  /** Whether no key has state: then nothing needs the lock. */
  boolean isEmpty() {
    return size == 0;
  }

  /** The number of keys held. */
  int size() {
    return size;
  }

  synchronized long evictions() {
    return evictions;
  }

  /**
   * The key's state, now its most recently used, or null when it has none. The caller holds the
   * lock.
   */
  KeyState get(Object key) {
    return states.get(key);
  }

  /**
   * The key's state, created for a call that started at {@code startNanos} if it has none (the
   * least recently used key forgotten when the cache is full). The caller holds the lock.
   */
  KeyState getOrCreate(Object key, long startNanos) {
    KeyState state = states.get(key);
    if (state == null) {
      state = new KeyState(startNanos);
      states.put(key, state);
      size = states.size();
    }
    return state;
  }

  /**
   * Whether the key has state, leaving the order of use as it is (for tests). The caller holds
   * the lock.
   */
  boolean contains(Object key) {
    return states.containsKey(key);
  }

  /** The keys and their states, in order of use (for tests). The caller holds the lock. */
  Iterable<Map.Entry<Object, KeyState>> entries() {
    return states.entrySet();
  }

  /** Forgets the key, returning its state or null. The caller holds the lock. */
  KeyState remove(Object key) {
    KeyState state = states.remove(key);
    if (state != null) {
      size = states.size();
    }
    return state;
  }

  /**
   * Whether {@code state} is still the key's (not forgotten, evicted or replaced since); makes
   * the key most recently used. The caller holds the lock.
   */
  boolean holds(Object key, KeyState state) {
    return states.get(key) == state;
  }

  @Override
  public String toString() {
    return "StateCache{" + size + " keys}";
  }
}
