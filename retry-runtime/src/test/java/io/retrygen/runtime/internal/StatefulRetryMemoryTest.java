package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryCallback;
import io.retrygen.runtime.RetryState;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.runtime.StatefulRetries;
import io.retrygen.runtime.TemplateStates;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A million distinct keys, each failing once so that it gets state: the template's cache holds the
 * last 4096, counts every other as evicted, and lets go of them (retained heap stays bounded, and
 * the evicted keys and failures can be collected). Prints the figures.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StatefulRetryMemoryTest {
  private static final int KEYS = 1_000_000;
  private static final String LABEL = "StatefulRetryMemoryTest";

  /** A key worth some bytes, so that a million of them retained would show. */
  private static final class Key {
    final long id;
    final byte[] payload = new byte[64];

    Key(long id) {
      this.id = id;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key && ((Key) o).id == id;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(id);
    }
  }

  /** A failure without a stack trace, so that a million of them take a second, not seven. */
  private static final class Down extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Down() {
      super("down", null, false, false);
    }
  }

  private static long usedHeapAfterGc() {
    Runtime runtime = Runtime.getRuntime();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      used = Math.min(used, runtime.totalMemory() - runtime.freeMemory());
    }
    return used;
  }

  @Test
  void aMillionDistinctKeysKeep4096() throws Exception {
    RetryTemplate template =
        RetryTemplate.builder().label(LABEL).backoff(BackoffPolicy.fixed(0L)).build();
    final List<WeakReference<Object>> early = new ArrayList<WeakReference<Object>>();
    RetryCallback<String, Down> failing =
        context -> {
          throw new Down(); // a failure of its own per key, held with its state
        };
    long before = usedHeapAfterGc();

    long began = System.nanoTime();
    for (int i = 0; i < KEYS; i++) {
      Key key = new Key(i);
      if (i < 100) {
        early.add(new WeakReference<Object>(key));
      }
      try {
        template.execute(failing, null, RetryState.of(key));
      } catch (Down expected) {
        // counted, rethrown: the key now has state
      }
    }
    long took = System.nanoTime() - began;

    StateCache cache = TemplateStates.of(template).cache();
    long after = usedHeapAfterGc();
    assertEquals(StatefulRetries.MAX_KEYS, cache.size());
    assertEquals(KEYS - StatefulRetries.MAX_KEYS, StatefulRetries.evictions(LABEL));
    int collected = 0;
    for (WeakReference<Object> reference : early) {
      if (reference.get() == null) {
        collected++;
      }
    }
    // a million states (key with its 64-byte payload, failure, entry) would be over
    // 150 MB; 4096 of them are a few MB
    long retained = after - before;
    assertTrue(retained < 32L * 1024 * 1024, "retained " + retained + " bytes");
    assertEquals(early.size(), collected, "evicted keys are not retained");
    System.out.printf(
        "stateful memory: %,d distinct failing keys in %d ms (%,d calls/s), %d held, %,d evicted,"
            + " retained heap %+,d KB (before %,d KB, after %,d KB)%n",
        KEYS, took / 1_000_000L, KEYS * 1_000_000_000L / Math.max(took, 1L), cache.size(),
        StatefulRetries.evictions(LABEL), retained / 1024, before / 1024, after / 1024);
    assertNull(template.execute(context -> null, null, RetryState.of(new Key(KEYS - 1))));
    assertEquals(StatefulRetries.MAX_KEYS - 1, cache.size(), "the success forgot the last key");
  }
}
