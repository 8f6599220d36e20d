package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/** The waits between attempts, as recorded by the fake sleeper. */
class BackoffTest {
  private final VirtualTime clock = VirtualTime.start();

  private BackoffClient client(Script script, QueueRandom random) {
    RetryOptions options =
        RetryOptions.builder().sleeper(clock).ticker(clock).random(random).build();
    return new BackoffClientRetrying(new ScriptedBackoffClient(script), options);
  }

  private BackoffClient client(Script script) {
    return client(script, new QueueRandom());
  }

  private static IOException io(String message) {
    return new IOException(message);
  }

  @Test
  void fixedWaitsTheSameBeforeEveryRetry() throws IOException {
    Script script = Script.failing(io("1"), io("2"), io("3"));

    assertEquals("ok", client(script).fixed());

    assertEquals(4, script.calls());
    assertEquals(asList(100L, 100L, 100L), clock.sleeps());
  }

  @Test
  void fixedGivesUpAfterMaxAttemptsWithoutAFinalWait() {
    IOException failure = io("down");
    Script script = Script.alwaysFailing(failure);

    IOException thrown = assertThrows(IOException.class, () -> client(script).fixed());

    assertSame(failure, thrown);
    assertEquals(4, script.calls());
    assertEquals(asList(100L, 100L, 100L), clock.sleeps());
  }

  @Test
  void exponentialDoublesUpToMaxDelay() {
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script).exponentialWithMaxDelay());

    assertEquals(6, script.calls());
    assertEquals(asList(100L, 200L, 400L, 500L, 500L), clock.sleeps());
  }

  @Test
  void exponentialWithoutMaxDelayIsCappedAt30000() {
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script).exponentialWithImplicitCap());

    assertEquals(5, script.calls());
    assertEquals(asList(10000L, 20000L, 30000L, 30000L), clock.sleeps());
  }

  @Test
  void withoutBackoffTheWaitIsAFixedSecondAndThreeAttempts() {
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script).noBackoff());

    assertEquals(3, script.calls());
    assertEquals(asList(1000L, 1000L), clock.sleeps());
  }

  @Test
  void succeedsOnTheSecondAttemptAfterOneWait() throws IOException {
    Script script = Script.failing(io("once"));

    assertEquals("ok", client(script).noBackoff());

    assertEquals(2, script.calls());
    assertEquals(asList(1000L), clock.sleeps());
  }

  @Test
  void delayZeroRetriesWithoutCallingTheSleeper() {
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script).immediate());

    assertEquals(4, script.calls());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void delayZeroNeverCallsASleeperThatWouldFail() throws IOException {
    Script script = Script.failing(io("1"), io("2"));
    RetryOptions options =
        RetryOptions.builder()
            .sleeper(millis -> {
              throw new AssertionError("slept " + millis + " ms");
            })
            .ticker(clock)
            .build();
    BackoffClient client = new BackoffClientRetrying(new ScriptedBackoffClient(script), options);

    assertEquals("ok", client.immediate());

    assertEquals(3, script.calls());
  }

  @Test
  void randomFixedIsUniformBetweenDelayAndMaxDelay() {
    QueueRandom random = new QueueRandom(0.25, 0.5);
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script, random).randomFixed());

    assertEquals(asList(150L, 200L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  @Test
  void randomExponentialIsUniformBetweenTheWaitAndTheWaitTimesMultiplier() {
    // waits before randomness: 100, 300, 900; ranges [100, 300], [300, 900], [900, 2700]
    QueueRandom random = new QueueRandom(0.5, 0.25, 0.0);
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script, random).randomExponential());

    assertEquals(asList(200L, 450L, 900L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  @Test
  void jitterMultipliesByAFactorAroundOne() {
    QueueRandom random = new QueueRandom(0.0, 0.75);
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script, random).jittered());

    assertEquals(asList(500L, 1250L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  @Test
  void waitsAreTruncatedToWholeMilliseconds() {
    // factor 0.9 + 0.33 * 0.2 = 0.966: 96.6 ms
    QueueRandom random = new QueueRandom(0.33);
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script, random).smallJitter());

    assertEquals(asList(96L), clock.sleeps());
  }

  @Test
  void randomDrawsBeforeJitterAndTheResultIsCapped() {
    // retry 1: d = 1000, random 0.5 in [1000, 2000] -> 1500, jitter 0.0 -> x0.5 -> 750
    // retry 2: d = 2000, random 0.5 in [2000, 4000] -> 3000, jitter 0.9 -> x1.4 -> capped 3000
    // retry 3: d = 4000 capped 3000, random 0.0 -> 3000, jitter 0.0 -> x0.5 -> 1500
    QueueRandom random = new QueueRandom(0.5, 0.0, 0.5, 0.9, 0.0, 0.0);
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script, random).randomThenJitter());

    assertEquals(asList(750L, 3000L, 1500L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  @Test
  void aNonRandomBackoffDrawsNoRandomValue() throws IOException {
    // QueueRandom fails the test on any draw
    Script script = Script.failing(io("1"), io("2"));

    assertEquals("ok", client(script, new QueueRandom()).exponentialWithMaxDelay());

    assertEquals(asList(100L, 200L), clock.sleeps());
  }

  @Test
  void hugeMultiplierNeverOverflowsPastTheCap() {
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script).hugeMultiplier());

    assertEquals(asList(1000L, 60000L, 60000L), clock.sleeps());
  }

  @Test
  void hugeRandomMultiplierNeverOverflowsPastTheCap() {
    // retry 1: [1000, 1e203] with 0.0 -> 1000; retries 2 and 3: capped to 60000 before and after
    QueueRandom random = new QueueRandom(0.0, 0.5, 0.999);
    Script script = Script.alwaysFailing(io("down"));

    assertThrows(IOException.class, () -> client(script, random).hugeRandomMultiplier());

    assertEquals(asList(1000L, 60000L, 60000L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  /** Every method runs the script and returns "ok". */
  static final class ScriptedBackoffClient implements BackoffClient {
    private final Script script;

    ScriptedBackoffClient(Script script) {
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
    public String exponentialWithMaxDelay() throws IOException {
      return run();
    }

    @Override
    public String exponentialWithImplicitCap() throws IOException {
      return run();
    }

    @Override
    public String noBackoff() throws IOException {
      return run();
    }

    @Override
    public String immediate() throws IOException {
      return run();
    }

    @Override
    public String randomFixed() throws IOException {
      return run();
    }

    @Override
    public String randomExponential() throws IOException {
      return run();
    }

    @Override
    public String jittered() throws IOException {
      return run();
    }

    @Override
    public String smallJitter() throws IOException {
      return run();
    }

    @Override
    public String randomThenJitter() throws IOException {
      return run();
    }

    @Override
    public String hugeMultiplier() throws IOException {
      return run();
    }

    @Override
    public String hugeRandomMultiplier() throws IOException {
      return run();
    }
  }
}
