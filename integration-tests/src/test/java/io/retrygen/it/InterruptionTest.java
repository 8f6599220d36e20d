package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An interrupted backoff stops retrying, rethrows the last failure and keeps the flag set. */
class InterruptionTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final List<Long> sleeps = new ArrayList<>();

  @AfterEach
  void clearInterruptFlag() {
    Thread.interrupted();
  }

  /** Behaves like Thread.sleep: throws, clearing the flag, when the thread is interrupted. */
  private final Sleeper threadLikeSleeper =
      millis -> {
        if (Thread.interrupted()) {
          throw new InterruptedException("sleep interrupted");
        }
        sleeps.add(millis);
      };

  /** The n-th sleep (1-based) is interrupted. */
  private Sleeper interruptedOnSleep(int n) {
    return millis -> {
      sleeps.add(millis);
      if (sleeps.size() == n) {
        throw new InterruptedException("interrupted while waiting");
      }
    };
  }

  private RetryOptions options(Sleeper sleeper) {
    return RetryOptions.builder()
        .sleeper(sleeper)
        .ticker(clock)
        .random(new QueueRandom())
        .listener(listener)
        .build();
  }

  @Test
  void sleeperThrowingInterruptedStopsAndRethrowsTheLastFailure() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    BackoffClient client =
        new BackoffClientRetrying(
            new BackoffTest.ScriptedBackoffClient(script), options(interruptedOnSleep(1)));

    IOException thrown = assertThrows(IOException.class, client::fixed);

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(asList(100L), sleeps);
    assertTrue(Thread.interrupted(), "interrupt flag restored");
  }

  @Test
  void interruptedOnALaterWaitRethrowsTheFailureOfTheAttemptBeforeIt() {
    IOException first = new IOException("first");
    IOException second = new IOException("second");
    Script script = Script.failing(first, second, new IOException("never reached"));
    BackoffClient client =
        new BackoffClientRetrying(
            new BackoffTest.ScriptedBackoffClient(script), options(interruptedOnSleep(2)));

    IOException thrown = assertThrows(IOException.class, client::fixed);

    assertSame(second, thrown);
    assertEquals(2, script.calls());
    assertEquals(asList(100L, 100L), sleeps);
    assertTrue(Thread.interrupted(), "interrupt flag restored");
  }

  @Test
  void threadInterruptedDuringTheCallStopsAtTheBackoff() {
    IOException failure = new IOException("interrupted I/O");
    InterruptingClient delegate = new InterruptingClient(failure);
    BackoffClient client = new BackoffClientRetrying(delegate, options(threadLikeSleeper));

    IOException thrown = assertThrows(IOException.class, client::fixed);

    assertSame(failure, thrown);
    assertEquals(1, delegate.calls);
    assertEquals(asList(), sleeps);
    assertTrue(Thread.currentThread().isInterrupted(), "interrupt flag restored");
    assertTrue(Thread.interrupted());
  }

  @Test
  void interruptedBackoffEndsWithOnRetryThenOnFailure() {
    Script script = Script.alwaysFailing(new IOException("down"));
    BackoffClient client =
        new BackoffClientRetrying(
            new BackoffTest.ScriptedBackoffClient(script), options(interruptedOnSleep(2)));

    assertThrows(IOException.class, client::exponentialWithMaxDelay);

    assertEquals(
        asList(
            "onRetry BackoffClient.exponentialWithMaxDelay #1 IOException delay=100 elapsedMs=0",
            "onRetry BackoffClient.exponentialWithMaxDelay #2 IOException delay=200 elapsedMs=0",
            "onFailure BackoffClient.exponentialWithMaxDelay #2 IOException delay=0 elapsedMs=0"),
        listener.lines());
    assertTrue(Thread.interrupted());
  }

  @Test
  void subclassInterruptedBackoffStopsToo() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    Inventory inventory = new InventoryRetrying(options(interruptedOnSleep(1)), script);

    IOException thrown = assertThrows(IOException.class, () -> inventory.reserve("sku", 1));

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertTrue(Thread.interrupted(), "interrupt flag restored");
  }

  @Test
  void uninterruptedCallLeavesTheFlagClear() throws IOException {
    Script script = Script.failing(new IOException("once"));
    BackoffClient client =
        new BackoffClientRetrying(
            new BackoffTest.ScriptedBackoffClient(script), options(threadLikeSleeper));

    assertEquals("ok", client.fixed());

    assertEquals(2, script.calls());
    assertFalse(Thread.currentThread().isInterrupted());
  }

  /** Interrupts the calling thread, then fails, as an interrupted blocking call would. */
  static final class InterruptingClient implements BackoffClient {
    private final IOException failure;
    int calls;

    InterruptingClient(IOException failure) {
      this.failure = failure;
    }

    @Override
    public String fixed() throws IOException {
      calls++;
      Thread.currentThread().interrupt();
      throw failure;
    }

    @Override
    public String exponentialWithMaxDelay() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String exponentialWithImplicitCap() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String noBackoff() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String immediate() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String randomFixed() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String randomExponential() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String jittered() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String smallJitter() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String randomThenJitter() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String hugeMultiplier() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String hugeRandomMultiplier() {
      throw new UnsupportedOperationException();
    }
  }
}
