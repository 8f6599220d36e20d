package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * SPEC §4 through a generated class: random chooses within its range and the choice is capped;
 * jitter multiplies the capped wait and the product is capped again; the cap is applied once more
 * to the truncated long, so a cap near Long.MAX_VALUE is never exceeded through double rounding.
 */
class WaitCapTest {
  private final VirtualTime clock = VirtualTime.start();

  private CappedClient client(Script script, double... randoms) {
    RetryOptions options =
        RetryOptions.builder()
            .sleeper(clock)
            .ticker(clock)
            .random(new QueueRandom(randoms))
            .build();
    return new CappedClientRetrying(new ScriptedCappedClient(script), options);
  }

  private static Script failingTimes(int failures) {
    Throwable[] all = new Throwable[failures];
    for (int i = 0; i < failures; i++) {
      all[i] = new IOException("failure " + (i + 1));
    }
    return Script.failing(all);
  }

  @Test
  void randomFixedWaitIsDelayForRZeroAndMidwayForRHalf() throws IOException {
    assertEquals("ok", client(failingTimes(1), 0.0).randomFixed());
    assertEquals("ok", client(failingTimes(1), 0.5).randomFixed());

    assertEquals(asList(100L, 150L), clock.sleeps());
  }

  @Test
  void randomFixedWaitNeverExceedsMaxDelayForRCloseToOne() throws IOException {
    assertEquals("ok", client(failingTimes(1), 0.9999999999999999).randomFixed());

    assertEquals(1, clock.sleeps().size());
    long wait = clock.sleeps().get(0);
    assertTrue(wait >= 199 && wait <= 200, "wait " + wait + " outside [199, 200]");
  }

  @Test
  void jitterAboveTheCapIsCappedAgain() throws IOException {
    // r = 0.5 is a factor of 1.0; the 5th wait is 1600 capped to 1000, times 1.25, capped again
    assertEquals(
        "ok", client(failingTimes(5), 0.5, 0.5, 0.5, 0.5, 0.75).jitteredExponential());

    assertEquals(asList(100L, 200L, 400L, 800L, 1000L), clock.sleeps());
  }

  @Test
  void jitterAppliesToTheCappedWaitNotTheUncappedOne() throws IOException {
    // the 5th wait is 1600 capped to 1000, times 0.5: 500, not 800
    assertEquals("ok", client(failingTimes(5), 0.5, 0.5, 0.5, 0.5, 0.0).jitteredExponential());

    assertEquals(asList(100L, 200L, 400L, 800L, 500L), clock.sleeps());
  }

  @Test
  void randomWaitNearLongMaxNeverExceedsTheCap() throws IOException {
    assertEquals("ok", client(failingTimes(1), 0.5).randomNearLongMax());

    assertEquals(1, clock.sleeps().size());
    long wait = clock.sleeps().get(0);
    assertTrue(
        wait >= Long.MAX_VALUE - 2 && wait <= Long.MAX_VALUE - 1,
        "wait " + wait + " outside [Long.MAX_VALUE - 2, Long.MAX_VALUE - 1]");
  }

  @Test
  void jitteredWaitAtACapNearLongMaxIsCappedAfterTruncation() throws IOException {
    // (Long.MAX_VALUE - 1) * 1.0 is 2^63 in double: truncated, it must be capped once more
    assertEquals("ok", client(failingTimes(1), 0.5).jitteredAtLongMax());

    assertEquals(asList(Long.MAX_VALUE - 1), clock.sleeps());
  }

  /** Runs the script on every call. */
  static final class ScriptedCappedClient implements CappedClient {
    private final Script script;

    ScriptedCappedClient(Script script) {
      this.script = script;
    }

    private String run() throws IOException {
      script.call(IOException.class);
      return "ok";
    }

    @Override
    public String randomFixed() throws IOException {
      return run();
    }

    @Override
    public String jitteredExponential() throws IOException {
      return run();
    }

    @Override
    public String randomNearLongMax() throws IOException {
      return run();
    }

    @Override
    public String jitteredAtLongMax() throws IOException {
      return run();
    }
  }
}
