package io.retrygen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.RetryListener;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.QueueRandom;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.junit.jupiter.api.Test;

class RetryOptionsTest {
  private final FakeClock clock = new FakeClock();
  private final RandomSource random = new QueueRandom(0.5);
  private final RetryListener first = new RetryListener() {};
  private final RetryListener second = new RetryListener() {};

  @Test
  void defaultsUseTheSystemSeamsAndNoListener() {
    RetryOptions defaults = RetryOptions.defaults();

    assertSame(Sleeper.SYSTEM, defaults.sleeper());
    assertSame(Ticker.SYSTEM, defaults.ticker());
    assertSame(RandomSource.SYSTEM, defaults.random());
    assertTrue(defaults.listeners().isEmpty());
    assertSame(defaults, RetryOptions.defaults());
  }

  @Test
  void defaultSchedulerIsTheSharedOne() {
    ScheduledExecutorService shared = RetryOptions.defaults().scheduler();

    assertNotNull(shared);
    assertFalse(shared.isShutdown());
    assertSame(shared, RetryOptions.builder().build().scheduler());
    assertSame(shared, RetryOptions.builder().sleeper(clock).build().scheduler());
  }

  @Test
  void emptyBuilderStartsFromTheDefaults() {
    RetryOptions options = RetryOptions.builder().build();

    assertSame(Sleeper.SYSTEM, options.sleeper());
    assertSame(Ticker.SYSTEM, options.ticker());
    assertSame(RandomSource.SYSTEM, options.random());
    assertTrue(options.listeners().isEmpty());
  }

  @Test
  void builderSetsEverySeam() {
    ScheduledExecutorService scheduler = new ScheduledThreadPoolExecutor(1);
    try {
      RetryOptions options =
          RetryOptions.builder()
              .sleeper(clock)
              .ticker(clock)
              .random(random)
              .scheduler(scheduler)
              .listener(first)
              .build();

      assertSame(clock, options.sleeper());
      assertSame(clock, options.ticker());
      assertSame(random, options.random());
      assertSame(scheduler, options.scheduler());
      assertEquals(Collections.singletonList(first), options.listeners());
    } finally {
      scheduler.shutdownNow();
    }
  }

  @Test
  void laterSettingsReplaceEarlierOnes() {
    FakeClock other = new FakeClock();

    RetryOptions options = RetryOptions.builder().sleeper(clock).sleeper(other).build();

    assertSame(other, options.sleeper());
  }

  @Test
  void listenerAddsInOrderEachTimeItIsCalled() {
    RetryOptions options =
        RetryOptions.builder().listener(first).listener(second).listener(first).build();

    assertEquals(Arrays.asList(first, second, first), options.listeners());
  }

  @Test
  void toBuilderKeepsEverySettingAndTheListeners() {
    ScheduledExecutorService scheduler = new ScheduledThreadPoolExecutor(1);
    try {
      RetryOptions original =
          RetryOptions.builder()
              .sleeper(clock)
              .ticker(clock)
              .random(random)
              .scheduler(scheduler)
              .listener(first)
              .build();

      RetryOptions copy = original.toBuilder().build();

      assertSame(clock, copy.sleeper());
      assertSame(clock, copy.ticker());
      assertSame(random, copy.random());
      assertSame(scheduler, copy.scheduler());
      assertEquals(Collections.singletonList(first), copy.listeners());
    } finally {
      scheduler.shutdownNow();
    }
  }

  @Test
  void toBuilderAddsListenersWithoutChangingTheOriginal() {
    RetryOptions original = RetryOptions.builder().listener(first).build();

    RetryOptions extended = original.toBuilder().listener(second).build();

    assertEquals(Arrays.asList(first, second), extended.listeners());
    assertEquals(Collections.singletonList(first), original.listeners());
  }

  @Test
  void schedulerIfSetIsTheSchedulerTheBuilderWasGivenOrNull() {
    ScheduledExecutorService scheduler = new ScheduledThreadPoolExecutor(1);
    try {
      RetryOptions set = RetryOptions.builder().scheduler(scheduler).build();

      assertNull(RetryOptions.defaults().schedulerIfSet());
      assertNull(RetryOptions.builder().sleeper(clock).build().schedulerIfSet());
      assertSame(scheduler, set.schedulerIfSet());
      assertSame(scheduler, set.toBuilder().build().schedulerIfSet());
      assertSame(scheduler, set.toBuilder().listener(first).build().schedulerIfSet());
      // the default stays a default through a copy: the runtime's timer is not "set"
      assertNull(RetryOptions.defaults().toBuilder().build().schedulerIfSet());
      assertNotNull(RetryOptions.defaults().scheduler());
    } finally {
      scheduler.shutdownNow();
    }
  }

  @Test
  void toBuilderCopiesEveryListenerInOrderAndLaterChangesStayInTheCopy() {
    RetryOptions original =
        RetryOptions.builder().sleeper(clock).listener(first).listener(second).build();
    RetryOptions.Builder copy = original.toBuilder();

    RetryOptions changed = copy.ticker(clock).random(random).listener(first).build();

    assertEquals(Arrays.asList(first, second, first), changed.listeners());
    assertEquals(Arrays.asList(first, second), original.listeners());
    assertSame(Ticker.SYSTEM, original.ticker());
    assertSame(RandomSource.SYSTEM, original.random());
    assertSame(clock, changed.sleeper());
    assertEquals(Arrays.asList(first, second), original.toBuilder().build().listeners());
  }

  @Test
  void toBuilderOfTheDefaultsKeepsTheSharedScheduler() {
    RetryOptions options = RetryOptions.defaults().toBuilder().sleeper(clock).build();

    assertSame(RetryOptions.defaults().scheduler(), options.scheduler());
    assertSame(clock, options.sleeper());
    assertSame(Ticker.SYSTEM, options.ticker());
    assertTrue(RetryOptions.defaults().listeners().isEmpty());
  }

  @Test
  void builtOptionsDoNotChangeWhenTheBuilderIsReused() {
    RetryOptions.Builder builder = RetryOptions.builder().listener(first);
    RetryOptions built = builder.build();

    builder.listener(second).sleeper(clock);

    assertEquals(Collections.singletonList(first), built.listeners());
    assertSame(Sleeper.SYSTEM, built.sleeper());
    assertEquals(Arrays.asList(first, second), builder.build().listeners());
  }

  @Test
  void nullIsRejected() {
    final RetryOptions.Builder builder = RetryOptions.builder();

    assertNullRejected("sleeper == null", () -> builder.sleeper(null));
    assertNullRejected("ticker == null", () -> builder.ticker(null));
    assertNullRejected("random == null", () -> builder.random(null));
    assertNullRejected("scheduler == null", () -> builder.scheduler(null));
    assertNullRejected("listener == null", () -> builder.listener(null));

    RetryOptions options = builder.build(); // nothing was half-set
    assertSame(Sleeper.SYSTEM, options.sleeper());
    assertSame(Ticker.SYSTEM, options.ticker());
    assertSame(RandomSource.SYSTEM, options.random());
    assertTrue(options.listeners().isEmpty());
  }

  @Test
  void listenersAreUnmodifiable() {
    final List<RetryListener> listeners = RetryOptions.builder().listener(first).build().listeners();
    final List<RetryListener> none = RetryOptions.defaults().listeners();

    assertThrows(UnsupportedOperationException.class, () -> listeners.add(second));
    assertThrows(UnsupportedOperationException.class, () -> listeners.remove(0));
    assertThrows(UnsupportedOperationException.class, () -> listeners.set(0, second));
    assertThrows(UnsupportedOperationException.class, listeners::clear);
    assertThrows(UnsupportedOperationException.class, () -> none.add(second));
    assertEquals(Collections.singletonList(first), listeners);
  }

  @Test
  void systemRandomStaysInTheUnitInterval() {
    for (int i = 0; i < 10_000; i++) {
      double r = RandomSource.SYSTEM.nextDouble();
      assertTrue(r >= 0.0 && r < 1.0, "out of [0, 1): " + r);
    }
  }

  @Test
  void systemTickerNeverGoesBackwards() {
    long previous = Ticker.SYSTEM.nanoTime();
    for (int i = 0; i < 1000; i++) {
      long now = Ticker.SYSTEM.nanoTime();
      assertTrue(now - previous >= 0, "went back by " + (previous - now) + " ns");
      previous = now;
    }
  }

  private static void assertNullRejected(String message, org.junit.jupiter.api.function.Executable call) {
    assertEquals(message, assertThrows(NullPointerException.class, call).getMessage());
  }
}
