package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * {@code @Backoff(delay = 60000, multiplier = 2, maxDelay = 120000)}: a delay above the implicit
 * 30000 ms cap of an exponential backoff is valid when maxDelay is set.
 */
class LongDelayBackoffTest {
  private final VirtualTime clock = VirtualTime.start();

  @Test
  void generatedClassCanBeCreatedWithDefaultOptions() throws IOException {
    Script script = Script.succeeding();

    LongDelayClient client = new LongDelayClientRetrying(new ScriptedLongDelayClient(script));

    assertEquals("fetched", client.fetch());
    assertEquals(1, script.calls());
  }

  @Test
  void waitsStartAtTheDelayAndAreCappedAtMaxDelay() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    RetryOptions options =
        RetryOptions.builder().sleeper(clock).ticker(clock).random(new QueueRandom()).build();
    LongDelayClient client =
        new LongDelayClientRetrying(new ScriptedLongDelayClient(script), options);

    assertSame(failure, assertThrows(IOException.class, client::fetch));

    assertEquals(4, script.calls());
    assertEquals(asList(60000L, 120000L, 120000L), clock.sleeps());
  }

  static final class ScriptedLongDelayClient implements LongDelayClient {
    private final Script script;

    ScriptedLongDelayClient(Script script) {
      this.script = script;
    }

    @Override
    public String fetch() throws IOException {
      script.call(IOException.class);
      return "fetched";
    }
  }
}
