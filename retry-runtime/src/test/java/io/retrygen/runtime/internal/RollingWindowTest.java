package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RollingWindowTest {

  @Test
  void failuresToTripIsTheLeastCountWhoseRatioReachesTheSetting() {
    assertEquals(10, RollingWindow.failuresToTrip(20, 0.5));
    assertEquals(3, RollingWindow.failuresToTrip(4, 0.75));
    assertEquals(1, RollingWindow.failuresToTrip(3, 0.1));
    assertEquals(3, RollingWindow.failuresToTrip(10, 0.3)); // 0.3 * 10 = 3.0000000000000004
    assertEquals(1, RollingWindow.failuresToTrip(1, 1.0));
    assertEquals(7, RollingWindow.failuresToTrip(7, 1.0));
    assertEquals(1, RollingWindow.failuresToTrip(1 << 29, Double.MIN_VALUE));
    assertEquals(1 << 29, RollingWindow.failuresToTrip(1 << 29, 1.0));
  }

  @Test
  void countsExactlyAgainstAQueueOverManyLapsWithPositionsWrappingAround() {
    int[] sizes = {1, 2, 3, 7, 20};
    for (int size : sizes) {
      for (long maxPositions : new long[] {Long.MAX_VALUE, 2L * size, 3L * size + 1}) {
        checkAgainstQueue(size, maxPositions, new Random(size * 31L + maxPositions));
      }
    }
  }

  private static void checkAgainstQueue(int size, long maxPositions, Random random) {
    RollingWindow window = new RollingWindow(size, 1.0, maxPositions);
    ArrayDeque<Boolean> expected = new ArrayDeque<Boolean>();
    int expectedFailures = 0;
    for (int i = 0; i < 10_000; i++) {
      // Mostly successes, so that a window of all failures (which trips it) is rare but happens.
      boolean failure = random.nextInt(4) == 0;
      expected.addLast(failure);
      expectedFailures += failure ? 1 : 0;
      if (expected.size() > size) {
        expectedFailures -= expected.removeFirst() ? 1 : 0;
      }
      boolean trips = expected.size() == size && expectedFailures == size;
      String where = "size " + size + ", positions " + maxPositions + ", outcome " + i;
      assertEquals(trips ? RollingWindow.TRIPS : RollingWindow.COUNTED, window.record(failure), where);
      assertEquals(expectedFailures, window.failures(), where);
      assertEquals(expected.size(), window.count(), where);
      if (trips) {
        assertTrue(window.tripped());
        assertEquals(RollingWindow.TRIPPED, window.record(false), where);
        window = new RollingWindow(size, 1.0, maxPositions);
        expected.clear();
        expectedFailures = 0;
      }
    }
  }

  @Test
  void aTrippedWindowIgnoresFurtherOutcomes() {
    RollingWindow window = new RollingWindow(2, 0.5);
    assertEquals(RollingWindow.COUNTED, window.record(true));
    assertFalse(window.tripped());
    assertEquals(RollingWindow.TRIPS, window.record(false));
    assertEquals(RollingWindow.TRIPPED, window.record(true));
    assertEquals(1, window.failures());
    assertEquals(2, window.count());
  }
}
