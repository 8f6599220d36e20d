package io.retrygen.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.RetryEvent;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryTemplate;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordingListenerTest {
  private final VirtualTime time = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();

  private RetryTemplate template(String label) {
    return RetryTemplate.builder()
        .label(label)
        .maxAttempts(3)
        .backoff(BackoffPolicy.exponential(100, 2.0))
        .options(time.options().toBuilder().listener(listener).build())
        .build();
  }

  @Test
  void oneLinePerLabelInTheOrderTheLabelsWereFirstSeen() throws Exception {
    IOException down = new IOException("down");
    assertThrows(
        IOException.class,
        () -> template("charge").execute(context -> {
          throw down;
        }));
    assertEquals("found", template("find").execute(context -> "found"));

    assertEquals(
        "charge: retry 1 (100 ms), retry 2 (200 ms), failure 3 ATTEMPTS_EXHAUSTED\n"
            + "find: success 1",
        listener.toString());
    assertEquals(2, listener.retries("charge"));
    assertEquals(0, listener.retries("find"));
    assertSame(down, listener.lastFailure("charge"));
    assertNull(listener.lastFailure("find"));
    assertNull(listener.lastFailure("unknown"));
  }

  @Test
  void eventsAreACopyInOrderThatCannotBeChanged() throws Exception {
    template("find").execute(context -> "found");
    List<RetryEvent> events = listener.events();
    template("find").execute(context -> "again");

    assertEquals(1, events.size());
    assertEquals("find", events.get(0).label());
    assertEquals(2, listener.events().size());
    assertThrows(UnsupportedOperationException.class, () -> events.clear());
  }

  @Test
  void clearForgetsEverythingSoFar() throws Exception {
    template("find").execute(context -> "found");
    assertThrows(
        IOException.class,
        () -> template("charge").execute(context -> {
          throw new IOException("down");
        }));
    listener.clear();

    assertEquals("", listener.toString());
    assertEquals(0, listener.events().size());
    assertEquals(0, listener.lines().size());
    assertEquals(0, listener.retries("charge"));
    assertNull(listener.lastFailure("charge"));
    template("charge").execute(context -> "charged");
    assertEquals("charge: success 1", listener.toString());
  }

  @Test
  void nothingRecordedIsAnEmptyString() {
    assertEquals("", listener.toString());
  }

  @Test
  void linesShowEachEventWithItsFailuresClassAndElapsedTime() throws Exception {
    int[] calls = {0};
    assertEquals(
        "found",
        template("find").execute(context -> {
          if (++calls[0] == 1) {
            throw new IOException("down");
          }
          time.advanceBy(30); // a slow second attempt
          return "found";
        }));
    assertThrows(
        IllegalStateException.class,
        () -> template("charge").execute(context -> {
          throw new IllegalStateException("still down");
        }));

    List<String> lines = listener.lines();
    assertEquals(
        Arrays.asList(
            "onRetry find #1 IOException delay=100 elapsedMs=0",
            "onSuccess find #2 - delay=0 elapsedMs=130",
            "onRetry charge #1 IllegalStateException delay=100 elapsedMs=0",
            "onRetry charge #2 IllegalStateException delay=200 elapsedMs=100",
            "onFailure charge #3 IllegalStateException delay=0 elapsedMs=300"),
        lines);
    template("find").execute(context -> "again");
    assertEquals(5, lines.size(), "a copy");
    assertEquals(6, listener.lines().size());
    assertThrows(UnsupportedOperationException.class, () -> lines.clear());
  }
}
