package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryState;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.runtime.StatefulRetries;
import io.retrygen.runtime.TemplateStates;
import io.retrygen.runtime.testing.EventLog;
import java.io.IOException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The bound of a method's stateful keys (SPEC §19): 4096 held, the least recently used forgotten
 * and counted when a new one would not fit, where every call with a key makes it the most recently
 * used, a call that only asks whether it is exhausted included.
 */
class StateCacheTest {
  private static final int MAX = StatefulRetries.MAX_KEYS;
  private final EventLog events = new EventLog();
  private final IOException failure = new IOException();
  private String label;
  private StatefulRetrier retrier;

  @BeforeEach
  void retrierOfThisTest(TestInfo test) {
    label = "StateCacheTest." + test.getTestMethod().get().getName();
    retrier = retrier(3);
  }

  private StatefulRetrier retrier(int maxAttempts) {
    RetryOptions options = RetryOptions.builder().listener(events).build();
    return new RetryPolicy(label, maxAttempts, 0L, BackoffPolicy.fixed(0L)).bindStateful(options);
  }

  private StateCache cache() {
    return retrier.cache();
  }

  /** One failed call with {@code key}; returns the attempt number its event told. */
  private int fail(Object key) {
    int before = events.lines().size();
    assertNull(retrier.exhausted(key));
    retrier.failed(key, retrier.start(), failure);
    assertEquals(before + 1, events.lines().size());
    return events.event(before).attempt();
  }

  /** Whether {@code key} has state, without making it the most recently used. */
  private boolean holds(Object key) {
    synchronized (cache()) {
      return cache().contains(key);
    }
  }

  private void fillWithKeys0To4095() {
    for (int key = 0; key < MAX; key++) {
      assertEquals(1, fail(key));
    }
    assertEquals(MAX, cache().size());
    assertEquals(0L, StatefulRetries.evictions(label));
  }

  @Test
  void holds4096KeysAndTheNextEvictsTheLeastRecentlyUsed() {
    fillWithKeys0To4095();

    assertEquals(1, fail(MAX));

    assertEquals(MAX, cache().size());
    assertEquals(1L, StatefulRetries.evictions(label));
    assertTrue(!holds(0), "the eldest key is forgotten");
    assertTrue(holds(1));
    assertTrue(holds(MAX));
    assertEquals(1, fail(0), "an evicted key starts afresh");
    assertEquals(2L, StatefulRetries.evictions(label), "and evicts the next eldest, 1");
    assertTrue(!holds(1));
    assertEquals(2, fail(2));
  }

  @Test
  void askingWhetherAKeyIsExhaustedMakesItTheMostRecentlyUsed() {
    fillWithKeys0To4095();

    assertNull(retrier.exhausted(0)); // a call with key 0 that then succeeds or is in flight

    fail(MAX);
    assertTrue(holds(0), "key 0 was used after key 1");
    assertTrue(!holds(1));
    assertEquals(2, fail(0));
  }

  @Test
  void aFailureMakesItsKeyTheMostRecentlyUsed() {
    fillWithKeys0To4095();
    assertEquals(2, fail(0));
    fail(MAX);
    assertTrue(holds(0));
    assertTrue(!holds(1));
  }

  @Test
  void aTemplateCallMakesItsKeyTheMostRecentlyUsed() throws Exception {
    RetryTemplate template =
        RetryTemplate.builder()
            .label(label)
            .backoff(BackoffPolicy.fixed(0L))
            .options(RetryOptions.builder().listener(events).build())
            .build();
    retrier = TemplateStates.of(template); // the template's own keys
    fillWithKeys0To4095();
    // in flight: the callback sees key 0 and, while it runs, another call adds a key
    String result =
        template.execute(
            context -> {
              fail(MAX);
              return "attempt " + context.attempt();
            },
            null,
            RetryState.of(0));
    assertEquals("attempt 2", result);
    assertTrue(!holds(1), "key 1, not key 0, was the least recently used");
    assertTrue(!holds(0), "the success forgot key 0");
  }

  @Test
  void anExhaustedKeyThatIsEvictedStartsAfresh() {
    retrier = retrier(1);
    assertEquals(1, fail("exhausted"));
    assertEquals(io.retrygen.GiveUpReason.ATTEMPTS_EXHAUSTED, events.event(0).reason());
    for (int key = 0; key < MAX; key++) {
      fail(key);
    }
    assertEquals(1L, StatefulRetries.evictions(label));
    assertNull(retrier.exhausted("exhausted"), "forgotten, so not recovered");
    assertEquals(1, fail("exhausted"));
  }

  @Test
  void evictionsAreCountedExactly() {
    for (int key = 0; key < 3 * MAX + 17; key++) {
      fail(key);
    }
    assertEquals(MAX, cache().size());
    assertEquals(2L * MAX + 17, StatefulRetries.evictions(label));
  }

  @Test
  void successesAndKeysWithoutStateAreNotHeld() {
    fail("a");
    retrier.succeeded("a", retrier.start());
    retrier.succeeded("b", retrier.start());
    assertNull(retrier.exhausted("c"));
    assertEquals(0, cache().size());
    assertTrue(cache().isEmpty());
  }

  @Test
  void notRetryableAndForgetRemoveTheKey() {
    fail("a");
    fail("b");
    retrier.notRetryable("a", retrier.start(), new IllegalStateException());
    retrier.forget("b");
    assertEquals(0, cache().size());
    assertEquals(0, retrier.failures("a"));
  }

  @Test
  void aSmallCacheCountsLikeTheBigOne() {
    StateCache small = new StateCache(label + " (small)", 2);
    StatefulRetrier retrier =
        new StatefulRetrier(
            new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(0L)).bind(RetryOptions.defaults()),
            small);
    retrier.failed("a", 0L, failure);
    retrier.failed("b", 0L, failure);
    retrier.failed("a", 0L, failure);
    retrier.failed("c", 0L, failure); // evicts b
    assertEquals(1L, small.evictions());
    assertEquals(2, retrier.failures("a"));
    assertEquals(0, retrier.failures("b"));
    assertEquals(1, retrier.failures("c"));
    assertEquals(0L, StatefulRetries.evictions(label));
    assertEquals(1L, StatefulRetries.evictions(label + " (small)"), "counted by its label");
    assertSame(small, retrier.cache());
  }
}
