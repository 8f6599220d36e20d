package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryStatistics;
import io.retrygen.runtime.StatisticsListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** StatisticsListener counts calls per label. */
class StatisticsTest {
  private final VirtualTime clock = VirtualTime.start();
  private final StatisticsListener statistics = new StatisticsListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(new QueueRandom())
          .listener(statistics)
          .build();

  @BeforeEach
  void resetStaticListeners() {
    CountingListener.reset();
  }

  private static String counts(RetryStatistics statistics) {
    return "successfulWithoutRetry=" + statistics.successfulWithoutRetry()
        + " successfulWithRetry=" + statistics.successfulWithRetry()
        + " failedWithoutRetry=" + statistics.failedWithoutRetry()
        + " failedWithRetry=" + statistics.failedWithRetry();
  }

  private ListenedClient client(Script script) {
    return new ListenedClientRetrying(new ListenerTest.ScriptedListenedClient(script), options);
  }

  @Test
  void countsEachKindOfOutcome() throws IOException {
    Script script =
        Script.failing(
            null, // success without retry
            new IOException("1"), null, // success with retry
            new IOException("2"), new IOException("3"), new IOException("4"), // failed with retry
            new IllegalStateException("not retried")); // failed without retry
    ListenedClient client = client(script);

    client.plain();
    client.plain();
    assertThrows(IOException.class, client::plain);
    assertThrows(IllegalStateException.class, client::plain);

    assertEquals(7, script.calls());
    assertEquals(
        "successfulWithoutRetry=1 successfulWithRetry=1 failedWithoutRetry=1 failedWithRetry=1",
        counts(statistics.statistics("ListenedClient.plain")));
  }

  @Test
  void countsAccumulate() throws IOException {
    ListenedClient client = client(Script.failing(null, null, new IOException("1"), null));

    client.plain();
    client.plain();
    client.plain();

    assertEquals(
        "successfulWithoutRetry=2 successfulWithRetry=1 failedWithoutRetry=0 failedWithRetry=0",
        counts(statistics.statistics("ListenedClient.plain")));
  }

  @Test
  void labelsAreCountedSeparately() throws IOException {
    ListenedClient client =
        client(Script.failing(null, new IOException("1"), new IOException("2")));

    client.plain();
    assertThrows(IOException.class, client::custom);

    assertEquals(
        "successfulWithoutRetry=1 successfulWithRetry=0 failedWithoutRetry=0 failedWithRetry=0",
        counts(statistics.statistics("ListenedClient.plain")));
    assertEquals(
        "successfulWithoutRetry=0 successfulWithRetry=0 failedWithoutRetry=0 failedWithRetry=1",
        counts(statistics.statistics("client:custom")));
    assertEquals(
        "successfulWithoutRetry=0 successfulWithRetry=0 failedWithoutRetry=0 failedWithRetry=0",
        counts(statistics.statistics("ListenedClient.custom")));
  }

  @Test
  void maxAttemptsOneFailureIsFailedWithoutRetry() {
    Script script = Script.alwaysFailing(new IOException("down"));
    FailureClient client =
        new FailureClientRetrying(
            new FailureClassificationTest.ScriptedFailureClient(script), options);

    assertThrows(IOException.class, client::once);

    assertEquals(
        "successfulWithoutRetry=0 successfulWithRetry=0 failedWithoutRetry=1 failedWithRetry=0",
        counts(statistics.statistics("FailureClient.once")));
  }

  @Test
  void overloadsAreCountedUnderTheirSharedLabel() {
    Repository<String, Integer> repository =
        new RepositoryRetrying<>(
            new GenericsTest.MapRepository(
                Script.failing(null, new IllegalStateException("1"), null)),
            options);

    repository.describe(1);
    repository.describe("x");

    assertEquals(
        "successfulWithoutRetry=1 successfulWithRetry=1 failedWithoutRetry=0 failedWithRetry=0",
        counts(statistics.statistics("Repository.describe")));
  }

  @Test
  void oneListenerSharedByInstancesOfDifferentTypesCountsThemAll() throws IOException {
    client(Script.succeeding()).plain();
    client(Script.succeeding()).plain();
    new InventoryRetrying(options, Script.failing(new IOException("1"))).reserve("sku", 1);

    assertEquals(
        "successfulWithoutRetry=2 successfulWithRetry=0 failedWithoutRetry=0 failedWithRetry=0",
        counts(statistics.statistics("ListenedClient.plain")));
    assertEquals(
        "successfulWithoutRetry=0 successfulWithRetry=1 failedWithoutRetry=0 failedWithRetry=0",
        counts(statistics.statistics("Inventory.reserve")));
  }

  @Test
  void unknownLabelIsAllZero() {
    assertEquals(
        "successfulWithoutRetry=0 successfulWithRetry=0 failedWithoutRetry=0 failedWithRetry=0",
        counts(statistics.statistics("Nobody.nothing")));
  }
}
