package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Collections;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC §2: the subclass of a Serializable class is serializable; its retry state is not written,
 * and a deserialized instance retries with RetryOptions.defaults() plus the annotations' listener
 * classes.
 */
class SerializationTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  /** Neither VirtualTime nor RecordingListener is Serializable: writing them would fail. */
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(new QueueRandom())
          .listener(listener)
          .build();

  @BeforeEach
  void clearLog() {
    SerialListener.LOG.clear();
  }

  private static <T> T roundTrip(T object, Class<T> type)
      throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(object);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return type.cast(in.readObject());
    }
  }

  @Test
  void generatedSubclassIsWrittenAndReadBackWithTheStateOfTheInput() throws Exception {
    SerialSession original = new SerialSessionRetrying(options, "s");
    original.failuresLeft = 1;
    assertEquals("s worked", original.work());

    SerialSession copy = roundTrip(original, SerialSession.class);

    assertEquals(SerialSessionRetrying.class, copy.getClass());
    assertEquals("s", copy.name);
    assertEquals(2, copy.calls);
  }

  @Test
  void deserializedInstanceRetriesWithDefaultsAndTheAnnotationsListeners() throws Exception {
    SerialSession copy = roundTrip(new SerialSessionRetrying(options, "s"), SerialSession.class);
    copy.failuresLeft = 2;

    assertEquals("s worked", copy.work());

    assertEquals(3, copy.calls);
    assertEquals(
        asList(
            "onRetry SerialSession.work #1",
            "onRetry SerialSession.work #2",
            "onSuccess SerialSession.work #3"),
        SerialListener.LOG);
    // the options of the original instance are not those of the copy
    assertEquals(Collections.<String>emptyList(), listener.lines());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void deserializedInstanceGivesUpAfterMaxAttempts() throws Exception {
    SerialSession copy = roundTrip(new SerialSessionRetrying(options, "s"), SerialSession.class);
    copy.failuresLeft = 5;

    IllegalStateException thrown = assertThrows(IllegalStateException.class, copy::work);

    assertEquals("failure 3", thrown.getMessage());
    assertEquals(3, copy.calls);
    assertEquals("onFailure SerialSession.work #3", SerialListener.LOG.get(2));
    assertEquals(3, SerialListener.LOG.size());
  }

  @Test
  void originalKeepsRetryingWithItsOwnOptionsAfterBeingWritten() throws Exception {
    SerialSession original = new SerialSessionRetrying(options, "s");
    roundTrip(original, SerialSession.class);
    original.failuresLeft = 1;

    assertEquals("s worked", original.work());

    assertEquals(
        asList(
            "onRetry SerialSession.work #1 IllegalStateException delay=0 elapsedMs=0",
            "onSuccess SerialSession.work #2 - delay=0 elapsedMs=0"),
        listener.lines());
    assertEquals(
        asList("onRetry SerialSession.work #1", "onSuccess SerialSession.work #2"),
        SerialListener.LOG);
  }
}
