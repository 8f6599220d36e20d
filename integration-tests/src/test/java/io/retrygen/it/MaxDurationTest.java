package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** maxDuration in virtual time; the fake delegate lets time pass during its calls. */
class MaxDurationTest {
  private static final long MILLI = 1_000_000L;

  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(new QueueRandom())
          .listener(listener)
          .build();

  private TimedClient client(Script script) {
    return new TimedClientRetrying(new ScriptedTimedClient(script), options);
  }

  @Test
  void instantCallsRetryWhileElapsedPlusWaitStaysBelowMaxDuration() {
    // failures at 0, 100, 200, 300, 400 ms; at 400: 400 + 100 = 500 is not below 500. These five
    // attempts are all that fit, hence maxAttempts = 5 (more would be a compile warning); the slow
    // calls below show the time running out before maxAttempts.
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);

    IOException thrown = assertThrows(IOException.class, () -> client(script).fixed());

    assertSame(failure, thrown);
    assertEquals(5, script.calls());
    assertEquals(asList(100L, 100L, 100L, 100L), clock.sleeps());
  }

  @Test
  void elapsedPlusWaitExactlyMaxDurationStopsBeforeWaiting() {
    // the first call takes 400 ms: 400 + 100 = 500, no wait and no second attempt
    Script script = Script.alwaysFailing(new IOException("slow")).taking(clock, 400);

    assertThrows(IOException.class, () -> client(script).fixed());

    assertEquals(1, script.calls());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void elapsedPlusWaitOneNanosecondBelowMaxDurationStillRetries() {
    // 399.999999 ms + 100 ms < 500 ms: one wait; the second failure at 899.999998 ms is past it
    Script script =
        Script.alwaysFailing(new IOException("slow")).takingNanos(clock, 400 * MILLI - 1);

    assertThrows(IOException.class, () -> client(script).fixed());

    assertEquals(2, script.calls());
    assertEquals(asList(100L), clock.sleeps());
  }

  @Test
  void slowCallsUseUpTheBudget() {
    // each call takes 150 ms: failures end at 150 (+100 = 250 ok), 400 (+100 = 500 stop)
    Script script = Script.alwaysFailing(new IOException("slow")).taking(clock, 150);

    assertThrows(IOException.class, () -> client(script).fixed());

    assertEquals(2, script.calls());
    assertEquals(asList(100L), clock.sleeps());
    assertEquals(400 * MILLI, clock.nanoTime());
  }

  @Test
  void successWithinTheBudget() throws IOException {
    Script script = Script.failing(new IOException("1"), new IOException("2")).taking(clock, 100);

    assertEquals("ok", client(script).fixed());

    assertEquals(3, script.calls());
    assertEquals(asList(100L, 100L), clock.sleeps());
  }

  @Test
  void maxAttemptsStillLimitsWhenTheBudgetIsLarge() {
    Script script = Script.alwaysFailing(new IOException("down"));

    assertThrows(IOException.class, () -> client(script).attemptsFirst());

    assertEquals(3, script.calls());
    assertEquals(asList(100L, 100L), clock.sleeps());
  }

  @Test
  void exponentialWaitsStopWhenTheNextOneWouldReachMaxDuration() {
    // each call takes 100 ms: failures end at 100, 300 (after a wait of 100), 600 (after 200);
    // then 600 + 400 = 1000 is not below 1000, so time, not the 4 attempts, ends the call
    Script script = Script.alwaysFailing(new IOException("down")).taking(clock, 100);

    assertThrows(IOException.class, () -> client(script).exponential());

    assertEquals(3, script.calls());
    assertEquals(asList(100L, 200L), clock.sleeps());
  }

  @Test
  void immediateRetriesGoOnWhileLessThanMaxDurationHasElapsed() {
    // each call takes 10 ms: failures end at 10, 20, 30, 40 (retry), 50 (not below 50: stop)
    Script script = Script.alwaysFailing(new IOException("down")).taking(clock, 10);

    assertThrows(IOException.class, () -> client(script).immediate());

    assertEquals(5, script.calls());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void durationIsMeasuredFromTheStartOfTheFirstAttemptNotFromTheEpoch() {
    clock.advanceBy(1_000_000);
    Script script = Script.alwaysFailing(new IOException("down"));

    assertThrows(IOException.class, () -> client(script).fixed());

    assertEquals(5, script.calls());
  }

  @Test
  void eachCallHasItsOwnBudget() {
    Script script = Script.alwaysFailing(new IOException("down"));
    TimedClient client = client(script);

    assertThrows(IOException.class, client::fixed);
    assertThrows(IOException.class, client::fixed);

    assertEquals(10, script.calls());
  }

  @Test
  void givingUpForTimeEndsWithOnFailureAtTheLastAttempt() {
    Script script = Script.alwaysFailing(new IOException("slow")).taking(clock, 150);

    assertThrows(IOException.class, () -> client(script).fixed());

    assertEquals(
        asList(
            "onRetry TimedClient.fixed #1 IOException delay=100 elapsedMs=150",
            "onFailure TimedClient.fixed #2 IOException delay=0 elapsedMs=400"),
        listener.lines());
  }

  @Test
  void hugeMaxDurationDoesNotOverflowIntoATinyBudget() {
    Script script = Script.alwaysFailing(new IOException("down"));

    assertThrows(IOException.class, () -> client(script).hugeBudget());

    assertEquals(4, script.calls());
    assertEquals(asList(100L, 100L, 100L), clock.sleeps());
  }

  static final class ScriptedTimedClient implements TimedClient {
    private final Script script;

    ScriptedTimedClient(Script script) {
      this.script = script;
    }

    private String run() throws IOException {
      script.call(IOException.class);
      return "ok";
    }

    @Override
    public String fixed() throws IOException {
      return run();
    }

    @Override
    public String attemptsFirst() throws IOException {
      return run();
    }

    @Override
    public String exponential() throws IOException {
      return run();
    }

    @Override
    public String immediate() throws IOException {
      return run();
    }

    @Override
    public String hugeBudget() throws IOException {
      return run();
    }
  }
}
