package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Every {@code retrygen.retry.<label>.*} override (SPEC §17) changes what a generated method does:
 * attempts counted by the delegate, exact waits from the virtual sleeper, listener events, for a
 * synchronous method, an asynchronous one on a manual scheduler, and a {@code RetryTemplate}.
 */
class RetryOverridesTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private QueueRandom random = new QueueRandom();
  private PolicyOverrides overrides;

  /** {@code "key", "value", ...} as overrides. */
  static PolicyOverrides overrides(String... keysAndValues) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      values.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return PolicyOverrides.from(values);
  }

  private RetryOptions options(String... keysAndValues) {
    overrides = overrides(keysAndValues);
    return RetryOptions.builder()
        .sleeper(clock)
        .ticker(clock)
        .random(random)
        .scheduler(clock)
        .listener(listener)
        .overrides(overrides)
        .build();
  }

  private TunedClient client(Flaky delegate, String... keysAndValues) {
    return new TunedClientRetrying(delegate, options(keysAndValues));
  }

  private GiveUpReason lastReason() {
    RetryEvent last = listener.events().get(listener.events().size() - 1);
    return last.reason();
  }

  // --- maxAttempts

  @Test
  void moreAttemptsThanCompiled() {
    Flaky delegate = Flaky.always();
    TunedClient client = client(delegate, "retrygen.retry.TunedClient.fixed.maxAttempts", "5");

    IOException thrown = assertThrows(IOException.class, client::fixed);

    assertEquals("down 5", thrown.getMessage(), "the last failure, as it was thrown");
    assertEquals(5, delegate.calls);
    assertEquals(asList(100L, 100L, 100L, 100L), clock.sleeps());
    assertEquals(
        asList(
            "onRetry TunedClient.fixed #1 IOException delay=100 elapsedMs=0",
            "onRetry TunedClient.fixed #2 IOException delay=100 elapsedMs=100",
            "onRetry TunedClient.fixed #3 IOException delay=100 elapsedMs=200",
            "onRetry TunedClient.fixed #4 IOException delay=100 elapsedMs=300",
            "onFailure TunedClient.fixed #5 IOException delay=0 elapsedMs=400"),
        listener.lines());
    assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, lastReason());
  }

  @Test
  void fewerAttemptsThanCompiled() {
    Flaky delegate = Flaky.always();
    TunedClient client = client(delegate, "retrygen.retry.TunedClient.fixed.maxAttempts", "2");

    assertThrows(IOException.class, client::fixed);

    assertEquals(2, delegate.calls);
    assertEquals(asList(100L), clock.sleeps());
    assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, lastReason());
  }

  @Test
  void aSuccessWithinTheOverriddenAttemptsIsReturned() throws IOException {
    Flaky delegate = Flaky.failing(4);
    TunedClient client = client(delegate, "retrygen.retry.TunedClient.fixed.maxAttempts", "5");

    assertEquals("ok 5", client.fixed(), "compiled, the third attempt would have been the last");
    assertEquals(asList(100L, 100L, 100L, 100L), clock.sleeps());
  }

  // --- maxDuration

  @Test
  void aShorterMaxDurationStopsTheRetriesEarlier() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(delegate, "retrygen.retry.TunedClient.bounded.maxDuration", "250");

    assertThrows(IOException.class, client::bounded);

    // Attempts at 0, 100 and 200 ms; 200 + 100 is not below 250.
    assertEquals(3, delegate.calls);
    assertEquals(asList(100L, 100L), clock.sleeps());
    assertEquals(GiveUpReason.DURATION_EXHAUSTED, lastReason());
  }

  @Test
  void maxDurationZeroLiftsTheCompiledLimit() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(
            delegate,
            "retrygen.retry.TunedClient.bounded.maxDuration", "0",
            "retrygen.retry.TunedClient.bounded.maxAttempts", "15");

    assertThrows(IOException.class, client::bounded);

    assertEquals(15, delegate.calls, "compiled, 1000 ms would have stopped it at 10");
    assertEquals(14, clock.sleeps().size());
    assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, lastReason());
  }

  @Test
  void aMaxDurationOnAMethodThatHadNone() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(
            delegate,
            "retrygen.retry.TunedClient.fixed.maxAttempts", "10",
            "retrygen.retry.TunedClient.fixed.maxDuration", "350");

    assertThrows(IOException.class, client::fixed);

    assertEquals(4, delegate.calls, "attempts at 0, 100, 200 and 300 ms");
    assertEquals(GiveUpReason.DURATION_EXHAUSTED, lastReason());
  }

  // --- the backoff

  @Test
  void delay() {
    Flaky delegate = Flaky.always();
    TunedClient client = client(delegate, "retrygen.retry.TunedClient.fixed.delay", "7");

    assertThrows(IOException.class, client::fixed);

    assertEquals(3, delegate.calls);
    assertEquals(asList(7L, 7L), clock.sleeps());
    assertEquals(
        "onRetry TunedClient.fixed #1 IOException delay=7 elapsedMs=0", listener.lines().get(0));
  }

  @Test
  void delayZeroRetriesAtOnceWithoutCallingTheSleeper() {
    Flaky delegate = Flaky.always();
    TunedClient client = client(delegate, "retrygen.retry.TunedClient.fixed.delay", "0");

    assertThrows(IOException.class, client::fixed);

    assertEquals(3, delegate.calls);
    assertEquals(Collections.emptyList(), clock.sleeps());
  }

  @Test
  void delayOfAnExponentialBackoff() {
    Flaky delegate = Flaky.always();
    TunedClient client = client(delegate, "retrygen.retry.TunedClient.exponential.delay", "30");

    assertThrows(IOException.class, client::exponential);

    assertEquals(asList(30L, 60L, 120L, 240L, 480L), clock.sleeps());
  }

  @Test
  void maxDelay() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(delegate, "retrygen.retry.TunedClient.exponential.maxDelay", "300");

    assertThrows(IOException.class, client::exponential);

    assertEquals(6, delegate.calls);
    assertEquals(asList(100L, 200L, 300L, 300L, 300L), clock.sleeps(), "compiled: up to 1000");
  }

  @Test
  void maxDelayZeroLeavesTheImplicitCapOfAnExponentialBackoff() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(
            delegate,
            "retrygen.retry.TunedClient.exponential.maxDelay", "0",
            "retrygen.retry.TunedClient.exponential.delay", "10000");

    assertThrows(IOException.class, client::exponential);

    assertEquals(asList(10000L, 20000L, 30000L, 30000L, 30000L), clock.sleeps());
  }

  @Test
  void multiplier() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(delegate, "retrygen.retry.TunedClient.exponential.multiplier", "3");

    assertThrows(IOException.class, client::exponential);

    assertEquals(asList(100L, 300L, 900L, 1000L, 1000L), clock.sleeps());
  }

  @Test
  void aMultiplierMakesAFixedBackoffExponential() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(
            delegate,
            "retrygen.retry.TunedClient.fixed.multiplier", "2.5",
            "retrygen.retry.TunedClient.fixed.maxAttempts", "4");

    assertThrows(IOException.class, client::fixed);

    assertEquals(asList(100L, 250L, 625L), clock.sleeps());
  }

  @Test
  void multiplierOneMakesAnExponentialBackoffFixed() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(delegate, "retrygen.retry.TunedClient.exponential.multiplier", "1");

    assertThrows(IOException.class, client::exponential);

    assertEquals(asList(100L, 100L, 100L, 100L, 100L), clock.sleeps());
  }

  @Test
  void jitterDrawsOneValuePerWait() {
    random = new QueueRandom(0.0, 0.75);
    Flaky delegate = Flaky.always();
    TunedClient client = client(delegate, "retrygen.retry.TunedClient.fixed.jitter", "0.5");

    assertThrows(IOException.class, client::fixed);

    // 100 ms times a factor in [0.5, 1.5]: 0.5 + 0.0 and 0.5 + 0.75.
    assertEquals(asList(50L, 125L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  @Test
  void jitterOfARandomBackoffComesAfterTheRandomChoiceAndIsCapped() {
    random = new QueueRandom(0.5, 0.0, 0.9, 0.99);
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(delegate, "retrygen.retry.TunedClient.randomFixed.jitter", "0.1");

    assertThrows(IOException.class, client::randomFixed);

    // 150 * 0.9 = 135; 190 * 1.098 = 208.6, capped at the maxDelay of 200.
    assertEquals(asList(135L, 200L), clock.sleeps());
    assertEquals(0, random.remaining());
  }

  @Test
  void jitterZeroAndTheCompiledBackoffDrawNothing() {
    Flaky delegate = Flaky.always();
    TunedClient client = client(delegate, "retrygen.retry.TunedClient.fixed.jitter", "0");

    assertThrows(IOException.class, client::fixed);

    assertEquals(asList(100L, 100L), clock.sleeps(), "QueueRandom fails on any draw");
  }

  // --- enabled

  @Test
  void enabledFalseMakesOneAttemptAndStillRecovers() throws IOException {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(delegate, "retrygen.retry.TunedClient.recovered.enabled", "false");

    assertEquals("recovered k from down 1", client.recovered("k"));

    assertEquals(1, delegate.calls);
    assertEquals(Collections.emptyList(), clock.sleeps());
    assertEquals(
        asList("onFailure TunedClient.recovered #1 IOException delay=0 elapsedMs=0"),
        listener.lines());
    assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, lastReason());
  }

  @Test
  void enabledFalseWinsOverMaxAttempts() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(
            delegate,
            "retrygen.retry.TunedClient.fixed.enabled", "false",
            "retrygen.retry.TunedClient.fixed.maxAttempts", "5");

    assertThrows(IOException.class, client::fixed);

    assertEquals(1, delegate.calls);
  }

  @Test
  void enabledTrueChangesNothing() throws IOException {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(delegate, "retrygen.retry.TunedClient.recovered.enabled", "true");

    assertEquals("recovered k from down 3", client.recovered("k"));

    assertEquals(3, delegate.calls);
    assertEquals(asList(100L, 100L), clock.sleeps());
  }

  // --- labels

  @Test
  void aCustomLabelIsTheKeyAndTheDefaultLabelIsNot() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(
            delegate,
            "retrygen.retry.tuned.custom.maxAttempts", "4",
            "retrygen.retry.TunedClient.custom.delay", "1");

    assertThrows(IOException.class, client::custom);

    assertEquals(4, delegate.calls);
    assertEquals(asList(10L, 10L, 10L), clock.sleeps());
    assertEquals(
        Collections.singleton("retrygen.retry.TunedClient.custom.delay"), overrides.unusedKeys());
  }

  @Test
  void aSubclassOfANestedClassIsKeyedByItsDottedLabel() {
    Script script = Script.alwaysFailing(new IOException("down"));
    Outer.Mid.Service service =
        new Outer_Mid_ServiceRetrying(
            options(
                "retrygen.retry.Outer.Mid.Service.serve.maxAttempts", "4",
                "retrygen.retry.Outer.Mid.Service.serve.delay", "9"),
            script);

    assertThrows(IOException.class, service::serve);

    assertEquals(4, script.calls(), "compiled: 2");
    assertEquals(asList(9L, 9L, 9L), clock.sleeps());
  }

  @Test
  void overridesOfOneMethodLeaveTheOthersAlone() throws IOException {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(delegate, "retrygen.retry.TunedClient.fixed.maxAttempts", "5");

    assertEquals("recovered k from down 3", client.recovered("k"));

    assertEquals(3, delegate.calls);
    assertEquals(asList(100L, 100L), clock.sleeps());
  }

  // --- asynchronous methods

  @Test
  void anAsynchronousMethodRetriesAsOverriddenOnTheScheduler() {
    Flaky delegate = Flaky.always();
    TunedClient client =
        client(
            delegate,
            "retrygen.retry.TunedClient.fetch.maxAttempts", "5",
            "retrygen.retry.TunedClient.fetch.delay", "25");

    CompletableFuture<String> result = client.fetch();
    assertEquals(1, delegate.calls, "the first attempt runs on the caller's thread");
    clock.runUntilIdle();
    assertEquals(100, clock.nowMillis(), "four waits of 25 ms ran");

    assertEquals("down 5", Outcomes.failureOf(result).getMessage());
    assertEquals(5, delegate.calls);
    assertEquals(asList(25L, 25L, 25L, 25L), clock.scheduledDelays());
    assertEquals(Collections.emptyList(), clock.sleeps(), "no blocking wait");
    assertEquals(
        "onFailure TunedClient.fetch #5 IOException delay=0 elapsedMs=100",
        listener.lines().get(4));
  }

  @Test
  void anAsynchronousMethodWithFewerAttempts() {
    Flaky delegate = Flaky.failing(1);
    TunedClient client =
        client(delegate, "retrygen.retry.TunedClient.fetch.maxAttempts", "1");

    CompletableFuture<String> result = client.fetch();

    assertEquals("down 1", Outcomes.failureOf(result).getMessage());
    assertEquals(0, clock.pendingTasks(), "nothing scheduled");
    assertEquals(1, delegate.calls);
  }

  // --- RetryTemplate

  @Test
  void aTemplateBuiltWithTheOptionsAppliesTheOverridesOfItsLabel() throws IOException {
    random = new QueueRandom(0.5, 0.0, 0.75);
    Flaky delegate = Flaky.always();
    RetryTemplate template =
        RetryTemplate.builder()
            .label("inventory.fetch")
            .maxAttempts(2)
            .backoff(BackoffPolicy.fixed(100))
            .options(
                options(
                    "retrygen.retry.inventory.fetch.maxAttempts", "4",
                    "retrygen.retry.inventory.fetch.delay", "10",
                    "retrygen.retry.inventory.fetch.jitter", "0.5"))
            .build();

    assertEquals(
        "recovered",
        template.execute(context -> delegate.fixed(), context -> "recovered"));

    assertEquals(4, delegate.calls);
    // 10 ms times a factor in [0.5, 1.5]: 1.0, 0.5 and 1.25.
    assertEquals(asList(10L, 5L, 12L), clock.sleeps());
    assertEquals(0, random.remaining());
    assertTrue(overrides.unusedKeys().isEmpty(), overrides.unusedKeys().toString());
  }

  @Test
  void aTemplateWithTheDefaultLabel() {
    Flaky delegate = Flaky.always();
    RetryTemplate template =
        RetryTemplate.builder()
            .backoff(BackoffPolicy.fixed(100))
            .options(options("retrygen.retry.RetryTemplate.delay", "3"))
            .build();

    assertThrows(IOException.class, () -> template.execute(context -> delegate.fixed()));

    assertEquals(3, delegate.calls);
    assertEquals(asList(3L, 3L), clock.sleeps());
  }

  @Test
  void aTemplatesBuildRejectsAnOverrideThatBreaksARule() {
    RetryTemplate.Builder builder =
        RetryTemplate.builder()
            .label("inventory.fetch")
            .options(options("retrygen.retry.inventory.fetch.multiplier", "0.5"));

    IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, builder::build);

    assertEquals(
        "The override retrygen.retry.inventory.fetch.multiplier=0.5 breaks a rule of @Backoff:"
            + " multiplier must be 0 or 1 (fixed) or greater than 1 (exponential): 0.5",
        thrown.getMessage());
  }

  /**
   * The delegate: fails its first calls with {@code IOException("down <n>")}, then returns {@code
   * "ok <n>"}, n counting the calls of every method.
   */
  static final class Flaky implements TunedClient {
    private final int failures;
    int calls;

    private Flaky(int failures) {
      this.failures = failures;
    }

    static Flaky always() {
      return new Flaky(Integer.MAX_VALUE);
    }

    static Flaky failing(int failures) {
      return new Flaky(failures);
    }

    private String attempt() throws IOException {
      calls++;
      if (calls <= failures) {
        throw new IOException("down " + calls);
      }
      return "ok " + calls;
    }

    @Override
    public String fixed() throws IOException {
      return attempt();
    }

    @Override
    public String exponential() throws IOException {
      return attempt();
    }

    @Override
    public String bounded() throws IOException {
      return attempt();
    }

    @Override
    public String randomFixed() throws IOException {
      return attempt();
    }

    @Override
    public String custom() throws IOException {
      return attempt();
    }

    @Override
    public String recovered(String key) throws IOException {
      return attempt();
    }

    @Override
    public CompletableFuture<String> fetch() {
      CompletableFuture<String> future = new CompletableFuture<>();
      try {
        future.complete(attempt());
      } catch (IOException e) {
        future.completeExceptionally(e);
      }
      return future;
    }
  }
}
