package io.retrygen.runtime.internal;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The outcomes of the last {@code size} calls of a closed circuit breaker, lock-free and exact.
 * One window serves one closed period of a breaker: closing again starts a new, empty one.
 *
 * <p>One {@link AtomicLong}, the cursor, is the single point where an outcome is counted: it
 * packs the position of the next outcome, the failures in the window, whether the window is full,
 * whether it has tripped, and the outcome last counted, which is not yet in the ring (it is
 * <em>pending</em>). Recording an outcome is one successful CAS of the cursor from {@code c} to
 * {@code c'}: no outcome can be lost or counted twice, since every CAS consumes exactly one
 * position. The ring of the older outcomes is an {@link AtomicLongArray}; each slot holds its
 * position and the outcome, so a write can be told from an older one. Before its CAS, every
 * recorder writes the pending outcome of {@code c} into the ring (any thread may do it, the
 * first one wins), so when the cursor is at position {@code p} every outcome before {@code p - 1}
 * is in the ring and the outcome that leaves the window ({@code p - size}) can be read there.
 *
 * <p>Positions count modulo a multiple of {@code size} that fills the bits the cursor leaves free
 * (about 2<sup>55</sup> for the default window of 20, 2<sup>39</sup> for the largest one the
 * policy allows, 2<sup>20</sup>): a thread would have to stall while that many outcomes are
 * recorded for a stale slot to look current, and then the window would stop making progress
 * (every recorder waits for a slot no one rewrites). Tests that wrap positions around on purpose
 * (a few laps) can show it.
 */
final class RollingWindow {
  /** The outcome was counted; the window did not trip. */
  static final int COUNTED = 0;
  /** The outcome was counted and tripped the window: the breaker must open. */
  static final int TRIPS = 1;
  /** The window had tripped already: the outcome was ignored, the breaker must open. */
  static final int TRIPPED = 2;

  private static final long PENDING_FAILURE = 1L;
  private static final long STARTED = 1L << 1;
  private static final long FULL = 1L << 2;
  private static final long TRIP = 1L << 3;
  private static final int FAILURES_SHIFT = 4;

  private final int size;
  private final int failuresToTrip;
  private final long failuresMask;
  private final int positionShift;
  /** Positions count modulo this: a multiple of {@code size}, at least {@code 2 * size}. */
  private final long positions;
  private final AtomicLongArray slots;
  private final AtomicLong cursor = new AtomicLong();

  /**
   * @param size the number of outcomes remembered; in {@code [1, 2^20]}
   * @param failureRatio the ratio of failures in a full window that trips it; in {@code (0, 1]}
   */
  RollingWindow(int size, double failureRatio) {
    this(size, failureRatio, Long.MAX_VALUE);
  }

  /**
   * As above, with positions counted modulo at most {@code maxPositions} (rounded down to a
   * multiple of {@code size}, at least two laps): lets a test wrap them around.
   */
  RollingWindow(int size, double failureRatio, long maxPositions) {
    int failureBits = 32 - Integer.numberOfLeadingZeros(size); // enough for 0..size
    this.size = size;
    this.failuresToTrip = failuresToTrip(size, failureRatio);
    this.failuresMask = (1L << failureBits) - 1;
    this.positionShift = FAILURES_SHIFT + failureBits;
    long laps = (1L << (64 - positionShift)) / size;
    if (laps < 2) {
      throw new IllegalArgumentException("window too large: " + size);
    }
    this.positions = Math.max(2L, Math.min(laps, maxPositions / size)) * size;
    this.slots = new AtomicLongArray(size);
  }

  /** The least number of failures {@code f} in a full window with {@code f / size >= ratio}. */
  static int failuresToTrip(int size, double failureRatio) {
    long failures = Math.max(1L, Math.min(size, (long) Math.ceil(failureRatio * size)));
    while (failures > 1 && (double) (failures - 1) / size >= failureRatio) {
      failures--;
    }
    while (failures < size && (double) failures / size < failureRatio) {
      failures++;
    }
    return (int) failures;
  }

  /**
   * Counts one outcome; allocates nothing. A success into a full window without failures changes
   * nothing and is one volatile read.
   *
   * @return {@link #COUNTED}, {@link #TRIPS} or {@link #TRIPPED}
   */
  int record(boolean failure) {
    while (true) {
      long c = cursor.get();
      if ((c & TRIP) != 0) {
        return TRIPPED;
      }
      if (!failure && (c & FULL) != 0 && ((c >>> FAILURES_SHIFT) & failuresMask) == 0) {
        // A full window of successes stays exactly that when a success comes: the outcome that
        // would leave is a success too. Nothing to write, so the healthy closed path takes no
        // CAS; linearized at the read of c, before any outcome recorded after it.
        return COUNTED;
      }
      long position = c >>> positionShift;
      if ((c & STARTED) != 0) {
        long previous = (position == 0 ? positions : position) - 1;
        int previousSlot = (int) (previous % size);
        long pending = slotValue(previous, (c & PENDING_FAILURE) != 0);
        long seen = slots.get(previousSlot);
        if (seen != pending) {
          if (cursor.get() != c) {
            continue; // seen may belong to a later position: start again
          }
          // Fails only if another thread wrote it first, or the cursor has moved on (then the
          // CAS of the cursor below fails too).
          slots.compareAndSet(previousSlot, seen, pending);
        }
      }
      long evicted = 0;
      if ((c & FULL) != 0) {
        long leaving = (position < size ? position + positions : position) - size;
        long seen = slots.get((int) (position % size));
        if (seen >>> 1 != leaving + 1) {
          continue; // the cursor has moved on since c was read
        }
        evicted = seen & 1L;
      }
      long failures = ((c >>> FAILURES_SHIFT) & failuresMask) - evicted + (failure ? 1 : 0);
      boolean full = (c & FULL) != 0 || position + 1 == size;
      boolean trips = full && failures >= failuresToTrip;
      long next =
          ((position + 1 == positions ? 0L : position + 1) << positionShift)
              | (failures << FAILURES_SHIFT)
              | STARTED
              | (full ? FULL : 0L)
              | (trips ? TRIP : 0L)
              | (failure ? PENDING_FAILURE : 0L);
      if (cursor.compareAndSet(c, next)) {
        return trips ? TRIPS : COUNTED;
      }
    }
  }

  /** Whether an outcome has tripped the window. */
  boolean tripped() {
    return (cursor.get() & TRIP) != 0;
  }

  /** The failures among the outcomes in the window. */
  int failures() {
    return (int) ((cursor.get() >>> FAILURES_SHIFT) & failuresMask);
  }

  /** The outcomes in the window: {@code size} once full. */
  int count() {
    long c = cursor.get();
    return (c & FULL) != 0 ? size : (int) (c >>> positionShift);
  }

  private static long slotValue(long position, boolean failure) {
    return ((position + 1) << 1) | (failure ? 1L : 0L); // never 0, the value of an empty slot
  }

  @Override
  public String toString() {
    return "RollingWindow{" + count() + "/" + size + ", failures=" + failures() + "}";
  }
}
