package io.retrygen.runtime.internal;

import static io.retrygen.runtime.CircuitBreakerState.CLOSED;
import static io.retrygen.runtime.CircuitBreakerState.HALF_OPEN;
import static io.retrygen.runtime.CircuitBreakerState.OPEN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.testing.Race;
import io.retrygen.runtime.testing.RecordingBreakerListener;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Threads hammering one breaker with a fixed pattern of outcomes; the final state and the counts
 * must come out exact whatever the interleaving.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CircuitBreakerContentionTest {
  private static final int THREADS = 4;
  private static final int CALLS_PER_THREAD = 200_000;

  private final List<CircuitBreakerListener> added = new ArrayList<CircuitBreakerListener>();

  @AfterEach
  void removeListeners() {
    for (CircuitBreakerListener listener : added) {
      assertTrue(CircuitBreakers.removeListener(listener));
    }
  }

  private RecordingBreakerListener listen(String name) {
    RecordingBreakerListener listener = new RecordingBreakerListener(name);
    CircuitBreakers.addListener(listener);
    added.add(listener);
    return listener;
  }


  /**
   * Every thread fails one call in 8 of its own, so no 8 consecutive outcomes hold more than 4
   * failures (one per thread) whatever the interleaving: with a window of 8 and a ratio of 5/8,
   * the breaker must stay closed. Then, single-threaded, 8 successes must leave exactly 0 failures
   * in the window (a lost or doubly evicted failure would show), and 5 failures must open it on
   * exactly the 5th.
   */
  @Test
  void aWindowThatNeverFillsWithFailuresStaysClosedAndCountsExactly() throws Exception {
    String name = "ContentionTest.neverOpens";
    RecordingBreakerListener listener = listen(name);
    final CircuitBreakerGate gate =
        new CircuitBreakerPolicy("", 8, 0.625, 1000, 1).bind(RetryOptions.defaults(), name);
    final AtomicLong acquired = new AtomicLong();
    final AtomicLong recorded = new AtomicLong();

    long took =
        Race.run(
            THREADS,
            thread -> {
              for (int i = 0; i < CALLS_PER_THREAD; i++) {
                long permit = gate.acquire();
                acquired.incrementAndGet();
                if ((i + thread) % 8 == 0) {
                  gate.onFailure(permit);
                } else {
                  gate.onSuccess(permit);
                }
                recorded.incrementAndGet();
              }
            });

    assertEquals(CLOSED, gate.state());
    assertEquals((long) THREADS * CALLS_PER_THREAD, acquired.get());
    assertEquals(acquired.get(), recorded.get());
    assertEquals(8, gate.windowCount());
    assertTrue(gate.windowFailures() <= 4, "failures " + gate.windowFailures());
    for (int i = 0; i < 8; i++) {
      gate.onSuccess(gate.acquire());
    }
    assertEquals(0, gate.windowFailures());
    for (int i = 0; i < 4; i++) {
      gate.onFailure(gate.acquire());
    }
    assertEquals(CLOSED, gate.state());
    gate.onFailure(gate.acquire());
    assertEquals(OPEN, gate.state());
    assertEquals(1, listener.events().size());
    System.out.printf(
        "contention, window of 8: %d threads, %d calls, %d ms%n",
        THREADS, acquired.get(), took / 1_000_000L);
  }

  /**
   * A window larger than all the calls: it never fills, so every outcome stays in it and its
   * counts must equal exactly what the threads recorded.
   */
  @Test
  void noOutcomeIsLostOrCountedTwice() throws Exception {
    final int calls = THREADS * CALLS_PER_THREAD;
    final CircuitBreakerGate gate =
        new CircuitBreakerPolicy("", calls + 1, 1.0, 1000, 1)
            .bind(RetryOptions.defaults(), "ContentionTest.exact");
    final AtomicLong failures = new AtomicLong();

    long took =
        Race.run(
            THREADS,
            thread -> {
              for (int i = 0; i < CALLS_PER_THREAD; i++) {
                long permit = gate.acquire();
                if (i % (thread + 2) == 0) {
                  gate.onFailure(permit);
                  failures.incrementAndGet();
                } else {
                  gate.onSuccess(permit);
                }
              }
            });

    assertEquals(CLOSED, gate.state());
    assertEquals(calls, gate.windowCount());
    assertEquals(failures.get(), gate.windowFailures());
    System.out.printf(
        "contention, window of %d: %d threads, %d calls, %d ms%n",
        calls + 1, THREADS, calls, took / 1_000_000L);
  }

  /**
   * Only failures: the breaker opens once (one CLOSED to OPEN event), and every later call is
   * refused with exactly one onCallNotPermitted each.
   */
  @Test
  void onlyFailuresOpenItExactlyOnce() throws Exception {
    String name = "ContentionTest.opensOnce";
    final RecordingBreakerListener listener = listen(name);
    final CircuitBreakerGate gate =
        new CircuitBreakerPolicy("", 16, 0.5, Long.MAX_VALUE, 1)
            .bind(RetryOptions.defaults(), name);
    final AtomicLong permitted = new AtomicLong();
    final AtomicLong refused = new AtomicLong();

    long took =
        Race.run(
            THREADS,
            thread -> {
              for (int i = 0; i < CALLS_PER_THREAD / 10; i++) {
                long permit;
                try {
                  permit = gate.acquire();
                } catch (CircuitBreakerOpenException e) {
                  refused.incrementAndGet();
                  continue;
                }
                permitted.incrementAndGet();
                gate.onFailure(permit);
              }
            });

    assertEquals(OPEN, gate.state());
    assertEquals(1, listener.count(name + ":CLOSED>OPEN"));
    assertEquals(refused.get(), listener.count(name + ":refused"));
    assertEquals(listener.events().size(), 1 + refused.get());
    assertEquals(THREADS * (CALLS_PER_THREAD / 10), permitted.get() + refused.get());
    assertTrue(permitted.get() >= 16, "permitted " + permitted.get()); // a full window opens it
    System.out.printf(
        "contention, opens once: %d threads, %d calls (%d permitted), %d ms%n",
        THREADS, permitted.get() + refused.get(), permitted.get(), took / 1_000_000L);
  }

  /**
   * With no delay, every trial failure re-opens it and the next call is a trial again: never more
   * than successThreshold trials in flight in one half-open phase, and the transitions pair up
   * exactly. (A trial of an earlier phase may still run: its outcome no longer counts.)
   */
  @Test
  void halfOpenNeverAdmitsMoreThanSuccessThresholdTrials() throws Exception {
    String name = "ContentionTest.trials";
    final RecordingBreakerListener listener = listen(name);
    final CircuitBreakerGate gate =
        new CircuitBreakerPolicy("", 1, 1.0, 0, 3).bind(RetryOptions.defaults(), name);
    gate.onFailure(gate.acquire());
    // Per half-open phase (the permit's epoch): a trial of a phase that another trial's failure
    // has re-opened may still run while the next phase admits its own, whose count starts anew.
    final ConcurrentHashMap<Long, AtomicInteger> inFlightByPhase =
        new ConcurrentHashMap<Long, AtomicInteger>();
    final AtomicInteger mostInFlight = new AtomicInteger();
    final AtomicLong trials = new AtomicLong();

    long took =
        Race.run(
            THREADS,
            thread -> {
              for (int i = 0; i < CALLS_PER_THREAD / 10; i++) {
                long permit;
                try {
                  permit = gate.acquire();
                } catch (CircuitBreakerOpenException e) {
                  continue;
                }
                assertEquals(1L, permit & 1L); // never closed: every success is followed by a failure
                AtomicInteger inFlight = inFlightByPhase.get(permit >>> 1);
                if (inFlight == null) {
                  AtomicInteger fresh = new AtomicInteger();
                  inFlight = inFlightByPhase.putIfAbsent(permit >>> 1, fresh);
                  if (inFlight == null) {
                    inFlight = fresh;
                  }
                }
                int now = inFlight.incrementAndGet();
                int most;
                while ((most = mostInFlight.get()) < now && !mostInFlight.compareAndSet(most, now)) {
                  // retry
                }
                trials.incrementAndGet();
                inFlight.decrementAndGet();
                gate.onFailure(permit);
              }
            });

    assertTrue(mostInFlight.get() <= 3, "in flight in one phase: " + mostInFlight.get());
    CircuitBreakerState state = gate.state();
    long toHalfOpen = listener.count(name + ":OPEN>HALF_OPEN");
    long reopened = listener.count(name + ":HALF_OPEN>OPEN");
    assertEquals(1, listener.count(name + ":CLOSED>OPEN"));
    assertEquals(0, listener.count(name + ":HALF_OPEN>CLOSED"));
    assertEquals(state == HALF_OPEN ? reopened + 1 : reopened, toHalfOpen);
    System.out.printf(
        "contention, half-open: %d threads, %d trials, %d re-openings, %d ms%n",
        THREADS, trials.get(), reopened, took / 1_000_000L);
  }

  /**
   * Transitions as fast as the threads can make them (window of 2, no delay, one trial): each
   * breaker's events must reach a listener in the order of its transitions, so that every event's
   * {@code from} is the previous event's {@code to}, and a listener that keeps the last state it
   * heard (as the Micrometer gauge does) shows the breaker's state once the calls stop.
   */
  @Test
  void stateChangesReachListenersInTheOrderOfTheTransitions() throws Exception {
    final String name = "ContentionTest.order";
    final List<CircuitBreakerState[]> heard = new ArrayList<CircuitBreakerState[]>();
    final AtomicReference<CircuitBreakerState> gauge =
        new AtomicReference<CircuitBreakerState>(CLOSED);
    CircuitBreakerListener ordered =
        new CircuitBreakerListener() {
          @Override
          public void onStateChange(
              String breaker, CircuitBreakerState from, CircuitBreakerState to) {
            if (breaker.equals(name)) {
              Thread.yield(); // a listener that does some work: lets another transition through
              synchronized (heard) {
                heard.add(new CircuitBreakerState[] {from, to});
              }
              gauge.set(to);
            }
          }
        };
    CircuitBreakers.addListener(ordered);
    added.add(ordered);
    final CircuitBreakerGate gate =
        new CircuitBreakerPolicy("", 2, 0.5, 0, 1).bind(RetryOptions.defaults(), name);
    final AtomicLong permitted = new AtomicLong();

    long took =
        Race.run(
            THREADS,
            thread -> {
              for (int i = 0; i < CALLS_PER_THREAD / 4; i++) {
                long permit;
                try {
                  permit = gate.acquire();
                } catch (CircuitBreakerOpenException e) {
                  continue;
                }
                permitted.incrementAndGet();
                if ((i + thread) % 3 == 0) {
                  gate.onFailure(permit);
                } else {
                  gate.onSuccess(permit);
                }
              }
            });

    CircuitBreakerState now = gate.state(); // may turn an open one half-open: heard at once
    List<CircuitBreakerState[]> events;
    synchronized (heard) {
      events = new ArrayList<CircuitBreakerState[]>(heard);
    }
    assertTrue(events.size() > 100, "transitions: " + events.size());
    CircuitBreakerState previous = CLOSED;
    int outOfOrder = 0;
    for (CircuitBreakerState[] event : events) {
      if (event[0] != previous) {
        outOfOrder++;
      }
      previous = event[1];
    }
    assertEquals(0, outOfOrder, "events whose from is not the previous event's to");
    assertEquals(now, previous);
    assertEquals(now, gauge.get());
    System.out.printf(
        "contention, event order: %d threads, %d calls (%d permitted), %d transitions, %d ms%n",
        THREADS, (long) THREADS * (CALLS_PER_THREAD / 4), permitted.get(), events.size(),
        took / 1_000_000L);
  }
}
