package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import org.junit.jupiter.api.Test;

/**
 * SPEC §2: when the input has constructors {@code (RetryOptions, rest...)} and {@code (rest...)},
 * the generated class has that signature once; it calls {@code super(options, rest...)} and
 * retries with the same options.
 */
class OptionsConstructorTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(new QueueRandom())
          .listener(listener)
          .build();

  @Test
  void optionsConstructorPassesTheSameOptionsToSuperAndRetriesWithThem() {
    Script script =
        Script.failing(new IllegalStateException("1"), new IllegalStateException("2"));
    OptionsAware aware = new OptionsAwareRetrying(options);
    aware.script = script;

    assertEquals("worked", aware.work());

    assertSame(options, aware.received);
    assertEquals(3, script.calls());
    assertEquals(asList(100L, 100L), clock.sleeps());
    assertEquals(
        asList(
            "onRetry OptionsAware.work #1 IllegalStateException delay=100 elapsedMs=0",
            "onRetry OptionsAware.work #2 IllegalStateException delay=100 elapsedMs=100",
            "onSuccess OptionsAware.work #3 - delay=0 elapsedMs=200"),
        listener.lines());
  }

  @Test
  void noArgConstructorCallsSuperAndRetriesWithDefaults() {
    Script script =
        Script.failing(new IllegalStateException("1"), new IllegalStateException("2"));
    OptionsAware aware = new OptionsAwareRetrying();
    aware.script = script;

    assertEquals("quick", aware.quick());

    assertNull(aware.received);
    assertEquals(3, script.calls());
  }

  @Test
  void generatedClassHasBothConstructors() throws NoSuchMethodException {
    OptionsAwareRetrying.class.getDeclaredConstructor();
    OptionsAwareRetrying.class.getDeclaredConstructor(RetryOptions.class);
  }
}
