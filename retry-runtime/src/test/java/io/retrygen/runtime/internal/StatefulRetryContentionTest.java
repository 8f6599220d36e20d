package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RecoveryCallback;
import io.retrygen.runtime.RetryCallback;
import io.retrygen.runtime.RetryExhaustedException;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryState;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.runtime.StatefulRetries;
import io.retrygen.runtime.TemplateStates;
import io.retrygen.runtime.testing.Race;
import io.retrygen.runtime.internal.StateCache.KeyState;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;

/**
 * Threads making stateful calls that always fail, on one key, on keys of their own, on both, and
 * churning through more keys than a label holds. Whatever the interleaving, the books must balance
 * exactly: every exhaustion is told once ({@code onFailure} with the {@code maxAttempts}-th
 * attempt) and recovered at most once, every counted failure is an event, every state created is
 * recovered, still held or evicted, and the evictions are counted exactly. Prints the throughput.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StatefulRetryContentionTest {
  private static final int THREADS = 8;
  private static final int CALLS_PER_THREAD = 100_000;
  private static final int MAX_ATTEMPTS = 3;

  private final Books books = new Books();
  private String label;

  @BeforeEach
  void labelOfThisTest(TestInfo test) {
    label = "StatefulRetryContentionTest." + test.getTestMethod().get().getName();
  }

  /** What one thread does with its call number {@code i}; run by THREADS threads at once. */
  interface Body {
    void call(int thread, int i) throws Exception;
  }

  /** Runs {@code body} CALLS_PER_THREAD times on each of THREADS threads; returns calls/s. */
  private static long hammer(final Body body) throws Exception {
    long took =
        Race.run(
            THREADS,
            thread -> {
              for (int i = 0; i < CALLS_PER_THREAD; i++) {
                body.call(thread, i);
              }
            });
    return (long) THREADS * CALLS_PER_THREAD * 1_000_000_000L / Math.max(took, 1L);
  }

  /** The counts of every listener event, recovery and callback run. Thread-safe. */
  private static final class Books implements RetryListener, RecoveryCallback<String> {
    final AtomicLong runs = new AtomicLong();
    final AtomicLong retries = new AtomicLong();
    final AtomicLong exhaustions = new AtomicLong();
    final AtomicLong firstAttempts = new AtomicLong();
    final AtomicLong recoveries = new AtomicLong();
    final AtomicLong exhaustedExceptions = new AtomicLong();
    final AtomicLong oddEvents = new AtomicLong();

    @Override
    public void onRetry(RetryEvent event) {
      retries.incrementAndGet();
      if (event.attempt() < 1 || event.attempt() >= MAX_ATTEMPTS) {
        oddEvents.incrementAndGet();
      }
      if (event.attempt() == 1) {
        firstAttempts.incrementAndGet();
      }
    }

    @Override
    public void onFailure(RetryEvent event) {
      exhaustions.incrementAndGet();
      if (event.attempt() != MAX_ATTEMPTS || event.reason() != GiveUpReason.ATTEMPTS_EXHAUSTED) {
        oddEvents.incrementAndGet();
      }
    }

    @Override
    public void onSuccess(RetryEvent event) {
      oddEvents.incrementAndGet();
    }

    @Override
    public String recover(io.retrygen.runtime.RetryContext context) {
      recoveries.incrementAndGet();
      if (context.lastFailure() != FAILURE || context.attempt() != MAX_ATTEMPTS) {
        oddEvents.incrementAndGet();
      }
      return "recovered";
    }
  }

  private static final IllegalStateException FAILURE = new IllegalStateException("down");

  private final RetryCallback<String, RuntimeException> failing =
      context -> {
        books.runs.incrementAndGet();
        throw FAILURE;
      };

  private RetryTemplate template() {
    return RetryTemplate.builder()
        .label(label)
        .maxAttempts(MAX_ATTEMPTS)
        .backoff(BackoffPolicy.fixed(0L))
        .options(RetryOptions.builder().listener(books).build())
        .build();
  }

  /** One call with {@code key}: throws FAILURE, recovers, or throws RetryExhaustedException. */
  private void call(RetryTemplate template, Object key, boolean recover) {
    try {
      template.execute(failing, recover ? books : null, RetryState.of(key));
    } catch (IllegalStateException e) {
      if (e != FAILURE) {
        throw e;
      }
    } catch (RetryExhaustedException e) {
      if (e.getCause() != FAILURE) {
        throw e;
      }
      books.exhaustedExceptions.incrementAndGet();
    }
  }

  /**
   * After the threads: the books balance with what the template's cache still holds. Every call ran
   * the callback or recovered; every failure the key counted (events with attempts 1 to k) makes
   * k per exhaustion plus those of keys still going; every exhaustion told was recovered, or is
   * still held, or was evicted; every state created (an attempt-1 event) was recovered, is still
   * held, or was evicted.
   */
  private void assertBooksBalance(RetryTemplate template, long evictions) {
    StateCache cache = TemplateStates.of(template).cache();
    long heldExhausted = 0;
    long heldFailures = 0;
    long held;
    synchronized (cache) {
      held = cache.size();
      for (Map.Entry<Object, KeyState> entry : cache.entries()) {
        KeyState state = entry.getValue();
        if (state.exhausted != null) {
          heldExhausted++;
        } else {
          heldFailures += state.failures;
        }
      }
    }
    long calls = (long) THREADS * CALLS_PER_THREAD;
    long ended = books.recoveries.get() + books.exhaustedExceptions.get();
    assertEquals(calls, books.runs.get() + ended, "each call ran the callback or ended the key");
    assertEquals(evictions, StatefulRetries.evictions(label));
    if (evictions == 0) {
      assertEquals(books.exhaustions.get(), ended + heldExhausted, "one onFailure per exhaustion");
      assertEquals(
          books.retries.get() + books.exhaustions.get(),
          MAX_ATTEMPTS * books.exhaustions.get() + heldFailures,
          "k counted failures per exhaustion, no lost or double count");
    }
    assertTrue(books.exhaustions.get() >= ended + heldExhausted);
    assertEquals(books.firstAttempts.get(), ended + held + evictions, "each state accounted for");
    assertTrue(books.runs.get() >= books.retries.get() + books.exhaustions.get());
    assertEquals(0L, books.oddEvents.get(), "events outside attempts 1..k, or odd recoveries");
  }

  @Test
  void oneKeyForAllThreads() throws Exception {
    final RetryTemplate template = template();

    long perSecond = hammer((thread, i) -> call(template, "the key", thread % 2 == 0));

    assertBooksBalance(template, 0L);
    assertTrue(books.exhaustions.get() > 0);
    System.out.printf(
        "stateful contention, one key: %d threads x %d failing calls, %,d calls/s"
            + " (%d exhaustions, %d callback runs dropped on a key already exhausted)%n",
        THREADS, CALLS_PER_THREAD, perSecond, books.exhaustions.get(),
        books.runs.get() - books.retries.get() - books.exhaustions.get());
  }

  /** Keys of its own per thread: each key's calls are sequential, so the counts are known. */
  @Test
  void keysOfTheirOwn() throws Exception {
    final RetryTemplate template = template();
    final int keysPerThread = 64;

    long perSecond = hammer((thread, i) -> call(template, thread * 1000 + i % keysPerThread, true));

    assertBooksBalance(template, 0L);
    long recoveries = 0;
    long exhaustions = 0;
    for (int key = 0; key < keysPerThread; key++) {
      // the key's calls, in order: cycles of k failures and 1 recovery
      long calls = (CALLS_PER_THREAD - key + keysPerThread - 1) / keysPerThread;
      recoveries += THREADS * (calls / (MAX_ATTEMPTS + 1));
      long rest = calls % (MAX_ATTEMPTS + 1);
      exhaustions += THREADS * (calls / (MAX_ATTEMPTS + 1) + rest / MAX_ATTEMPTS);
    }
    assertEquals(recoveries, books.recoveries.get());
    assertEquals(exhaustions, books.exhaustions.get());
    assertEquals(books.retries.get() + books.exhaustions.get(), books.runs.get(), "none dropped");
    System.out.printf(
        "stateful contention, keys of their own: %d threads x %d failing calls on %d keys each,"
            + " %,d calls/s%n",
        THREADS, CALLS_PER_THREAD, keysPerThread, perSecond);
  }

  /** A call in 4 on one of 4 shared keys, the others on keys of the thread's own. */
  @Test
  void sharedAndOwnKeysMixed() throws Exception {
    final RetryTemplate template = template();

    long perSecond =
        hammer(
            (thread, i) -> {
              Object key = i % 4 == 0 ? "shared " + (i / 4) % 4 : thread * 1000 + i % 32;
              call(template, key, i % 3 != 0);
            });

    assertBooksBalance(template, 0L);
    System.out.printf(
        "stateful contention, mixed: %d threads x %d failing calls, %,d calls/s%n",
        THREADS, CALLS_PER_THREAD, perSecond);
  }

  /**
   * Every call a key no other call has: each fails once and holds state, so all but the last 4096
   * states are evicted, and counted exactly.
   */
  @Test
  void distinctKeysChurnAndEvictionsAreExact() throws Exception {
    final RetryTemplate template = template();

    long perSecond = hammer((thread, i) -> call(template, (long) thread << 32 | i, true));

    long calls = (long) THREADS * CALLS_PER_THREAD;
    assertEquals(StatefulRetries.MAX_KEYS, TemplateStates.of(template).cache().size());
    assertBooksBalance(template, calls - StatefulRetries.MAX_KEYS);
    assertEquals(calls, books.retries.get());
    System.out.printf(
        "stateful contention, distinct keys: %d threads x %d failing calls, %,d calls/s,"
            + " %,d evictions%n",
        THREADS, CALLS_PER_THREAD, perSecond, StatefulRetries.evictions(label));
  }

  /**
   * Churn through 3 times the bound while threads also exhaust shared hot keys: the states still
   * balance, with the evictions as counted.
   */
  @Test
  void churnWithHotKeysBalances() throws Exception {
    final RetryTemplate template = template();

    hammer(
        (thread, i) -> {
          Object key = i % 8 == 0 ? "hot " + thread % 2 : (i + CALLS_PER_THREAD * thread) % 12288;
          call(template, key, true);
        });

    long evictions = StatefulRetries.evictions(label);
    assertTrue(evictions > 0);
    assertBooksBalance(template, evictions);
  }

  /** Successes on keys without state take no lock: the figure for the path that costs least. */
  @Test
  void successesWithoutState() throws Exception {
    final RetryTemplate template =
        RetryTemplate.builder().label(label).backoff(BackoffPolicy.fixed(0L)).build();
    final RetryCallback<String, RuntimeException> ok = context -> "ok";

    long perSecond =
        hammer((thread, i) -> template.execute(ok, books, RetryState.of(thread * 1000 + i % 64)));

    assertEquals(0, TemplateStates.of(template).cache().size());
    System.out.printf(
        "stateful, successes without state: %d threads x %d calls, %,d calls/s%n",
        THREADS, CALLS_PER_THREAD, perSecond);
  }
}
