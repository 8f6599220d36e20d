package io.retrygen.it.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Meta-annotations compiled for real: {@code @DbRetry} (a {@code @Retryable}) on a type and on a
 * method, a method's own {@code @Retryable} beating the type's {@code @DbRetry}, {@code @Guarded}
 * (a breaker, a timeout and a budget) on a method, and {@code @SharedRetry} read from the class
 * path. Waits are virtual; the one attempt that runs out of time is ended by the real watchdog.
 */
class MetaAnnotationTest {
  private final List<Long> sleeps = new ArrayList<>();
  private long nanos;
  private final Sleeper sleeper =
      millis -> {
        sleeps.add(millis);
        nanos += millis * 1_000_000L;
      };
  private final Ticker ticker = () -> nanos;
  private final RetryOptions options =
      RetryOptions.builder().sleeper(sleeper).ticker(ticker).random(() -> 0.5).build();
  private final AtomicInteger calls = new AtomicInteger();
  private final IOException down = new IOException("down");

  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  /** A warehouse whose every call fails with {@link #down}, counting calls. */
  private Warehouse failingWarehouse() {
    return new Warehouse() {
      @Override
      public String stock(String sku) throws IOException {
        calls.incrementAndGet();
        throw down;
      }

      @Override
      public String reserve(String sku) throws IOException {
        calls.incrementAndGet();
        throw down;
      }

      @Override
      public String search(String query) throws IOException {
        calls.incrementAndGet();
        throw down;
      }
    };
  }

  @Test
  void aTypeLevelMetaAnnotationRetriesWithItsPolicy() {
    Warehouse warehouse = new WarehouseRetrying(failingWarehouse(), options);

    IOException thrown = assertThrows(IOException.class, () -> warehouse.stock("a"));

    assertSame(down, thrown);
    assertEquals(4, calls.get());
    assertEquals(Arrays.asList(50L, 100L, 200L), sleeps);
  }

  @Test
  void aTypeLevelMetaAnnotationRetriesOnlyWhatItsRetryForNames() {
    IllegalStateException bug = new IllegalStateException("bug");
    Warehouse warehouse =
        new WarehouseRetrying(
            new Warehouse() {
              @Override
              public String stock(String sku) {
                calls.incrementAndGet();
                throw bug;
              }

              @Override
              public String reserve(String sku) {
                throw new AssertionError("not called");
              }

              @Override
              public String search(String query) {
                throw new AssertionError("not called");
              }
            },
            options);

    assertSame(bug, assertThrows(IllegalStateException.class, () -> warehouse.stock("a")));
    assertEquals(1, calls.get());
    assertEquals(Collections.emptyList(), sleeps);
  }

  @Test
  void aMethodsOwnRetryableBeatsTheTypesMetaAnnotation() {
    Warehouse warehouse = new WarehouseRetrying(failingWarehouse(), options);

    assertThrows(IOException.class, () -> warehouse.reserve("a"));

    assertEquals(2, calls.get());
    assertEquals(Arrays.asList(7L), sleeps);
  }

  @Test
  void aMetaAnnotationOnAMethodGuardsThatMethodOnly() throws IOException {
    Journal journal =
        new JournalRetrying(
            new Journal() {
              @Override
              public String entry(String id) throws IOException {
                if (calls.incrementAndGet() < 3) {
                  throw down;
                }
                return "entry " + id;
              }

              @Override
              public String owner(String id) throws IOException {
                calls.incrementAndGet();
                throw down;
              }
            },
            options);

    assertEquals("entry 7", journal.entry("7"));
    assertEquals(3, calls.get());
    assertEquals(Arrays.asList(50L, 100L), sleeps);
    assertThrows(IOException.class, () -> journal.owner("7"));
    assertEquals(4, calls.get(), "owner is forwarded once, not retried");
  }

  @Test
  void aMetaAnnotationFromTheClassPathGuardsTheTypeThatUsesIt() {
    Archive archive =
        new ArchiveRetrying(
            id -> {
              calls.incrementAndGet();
              throw down;
            },
            options);

    assertSame(down, assertThrows(IOException.class, () -> archive.fetch("x")));
    assertEquals(3, calls.get());
    assertEquals(Arrays.asList(30L, 30L), sleeps);
  }

  /**
   * {@code @Guarded}'s timeout ends a hung attempt; its breaker counts that and the failures after
   * it and opens; its budget stops the retries of the type's {@code @DbRetry} first.
   */
  @Test
  void aMetaAnnotationCarryingABreakerATimeoutAndABudget() {
    AtomicInteger hang = new AtomicInteger(1);
    Warehouse warehouse =
        new WarehouseRetrying(
            new Warehouse() {
              @Override
              public String stock(String sku) {
                throw new AssertionError("not called");
              }

              @Override
              public String reserve(String sku) {
                throw new AssertionError("not called");
              }

              @Override
              public String search(String query) throws IOException {
                calls.incrementAndGet();
                if (hang.getAndDecrement() > 0) {
                  blockUntilInterrupted();
                }
                throw down;
              }
            },
            options);

    // 1: the attempt hangs, the watchdog ends it at 50 ms: not an IOException, so not retried.
    assertTimeoutPreemptively(
        Duration.ofSeconds(10),
        () -> assertThrows(AttemptTimeoutException.class, () -> warehouse.search("q")));
    assertEquals(1, calls.get());
    assertEquals(6.0, RetryBudgets.tokens(Guarded.BUDGET), 0.0); // full; +0.5 is capped
    // 2: each failure takes a token; the third leaves 3 of 6, not more than half: no retry. The
    // breaker's window of 4 is full of failures by then, and it opens.
    assertSame(down, assertThrows(IOException.class, () -> warehouse.search("q")));
    assertEquals(4, calls.get());
    assertEquals(Arrays.asList(50L, 100L), sleeps);
    assertEquals(3.0, RetryBudgets.tokens(Guarded.BUDGET), 0.0);
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state(Guarded.BREAKER));
    // 3: the open breaker refuses the call: the method is not called.
    assertThrows(CircuitBreakerOpenException.class, () -> warehouse.search("q"));
    assertEquals(4, calls.get());
  }

  /** Parks until interrupted (the watchdog's interrupt), for at most 5 s. */
  private static void blockUntilInterrupted() {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (!Thread.interrupted() && System.nanoTime() < deadline) {
      LockSupport.parkNanos(deadline - System.nanoTime());
    }
  }
}
