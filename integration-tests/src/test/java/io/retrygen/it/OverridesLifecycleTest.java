package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.io.StringReader;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * When overrides apply (SPEC §17): once, when an instance is constructed, with the options it was
 * given; which keys a binding uses ({@code unusedKeys}) and what {@code describe} then says; and
 * overrides read from a {@code .properties} text or a system-properties-like map.
 */
class OverridesLifecycleTest {
  private final VirtualTime clock = VirtualTime.start();

  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  private RetryOptions options(PolicyOverrides overrides) {
    return RetryOptions.builder().sleeper(clock).ticker(clock).overrides(overrides).build();
  }

  private static int attemptsOf(TunedClient client, RetryOverridesTest.Flaky delegate) {
    int before = delegate.calls;
    assertThrows(IOException.class, client::fixed);
    return delegate.calls - before;
  }

  // --- applied once, per instance

  @Test
  void eachInstanceRunsWithTheOverridesOfItsOwnOptions() {
    RetryOverridesTest.Flaky delegate = RetryOverridesTest.Flaky.always();
    TunedClient before = new TunedClientRetrying(delegate, options(PolicyOverrides.none()));
    TunedClient two =
        new TunedClientRetrying(
            delegate,
            options(RetryOverridesTest.overrides(
                "retrygen.retry.TunedClient.fixed.maxAttempts", "2")));
    TunedClient five =
        new TunedClientRetrying(
            delegate,
            options(RetryOverridesTest.overrides(
                "retrygen.retry.TunedClient.fixed.maxAttempts", "5")));
    TunedClient after = new TunedClientRetrying(delegate, options(PolicyOverrides.none()));

    assertEquals(3, attemptsOf(before, delegate));
    assertEquals(2, attemptsOf(two, delegate));
    assertEquals(5, attemptsOf(five, delegate));
    assertEquals(3, attemptsOf(after, delegate));
    assertEquals(2, attemptsOf(two, delegate), "still its own, after the others were built");
  }

  @Test
  void theGivenMapAndPropertiesAreCopied() {
    Map<String, String> values = new HashMap<>();
    values.put("retrygen.retry.TunedClient.fixed.maxAttempts", "2");
    PolicyOverrides fromMap = PolicyOverrides.from(values);
    values.put("retrygen.retry.TunedClient.fixed.maxAttempts", "5");
    Properties properties = new Properties();
    properties.setProperty("retrygen.retry.TunedClient.fixed.maxAttempts", "4");
    PolicyOverrides fromProperties = PolicyOverrides.from(properties);
    properties.setProperty("retrygen.retry.TunedClient.fixed.maxAttempts", "5");

    RetryOverridesTest.Flaky delegate = RetryOverridesTest.Flaky.always();
    assertEquals(2, attemptsOf(new TunedClientRetrying(delegate, options(fromMap)), delegate));
    assertEquals(
        4, attemptsOf(new TunedClientRetrying(delegate, options(fromProperties)), delegate));
  }

  @Test
  void toBuilderKeepsTheOverridesAndOverridesReplacesThem() {
    PolicyOverrides overrides =
        RetryOverridesTest.overrides("retrygen.retry.TunedClient.fixed.maxAttempts", "4");
    RetryOptions options = options(overrides);
    RecordingListener listener = new RecordingListener();
    RetryOptions copy = options.toBuilder().listener(listener).build();
    RetryOptions replaced =
        options.toBuilder()
            .overrides(RetryOverridesTest.overrides(
                "retrygen.retry.TunedClient.fixed.maxAttempts", "2"))
            .build();

    assertSame(overrides, copy.overrides());
    RetryOverridesTest.Flaky delegate = RetryOverridesTest.Flaky.always();
    assertEquals(4, attemptsOf(new TunedClientRetrying(delegate, copy), delegate));
    assertEquals(4, listener.lines().size(), "three retries and the failure");
    assertEquals(2, attemptsOf(new TunedClientRetrying(delegate, replaced), delegate));
    assertEquals(
        3,
        attemptsOf(
            new TunedClientRetrying(
                delegate, options.toBuilder().overrides(PolicyOverrides.none()).build()),
            delegate));
  }

  // --- unusedKeys

  @Test
  void unusedKeysBeforeAndAfterConstruction() {
    PolicyOverrides overrides =
        RetryOverridesTest.overrides(
            "retrygen.enabled", "true",
            "retrygen.retry.MixedClient.retried.maxAttempts", "5",
            "retrygen.retry.MixedClient.broken.maxAttempts", "5",
            "retrygen.retry.MixedClient.timed.delay", "5",
            "retrygen.circuitbreaker.MixedClient.broken.delay", "10",
            "retrygen.circuitbreaker.MixedClient.retried.delay", "10",
            "retrygen.timeout.MixedClient.timed.value", "20",
            "retrygen.timeout.MixedClient.retried.value", "20",
            "retrygen.retry.NoSuchClient.call.max-attempts", "2",
            "retrygen.budget.MixedClient.maxTokens", "2");

    assertEquals(
        new TreeSet<>(
            asList(
                "retrygen.budget.MixedClient.maxTokens",
                "retrygen.circuitbreaker.MixedClient.broken.delay",
                "retrygen.circuitbreaker.MixedClient.retried.delay",
                "retrygen.enabled",
                "retrygen.retry.MixedClient.broken.maxAttempts",
                "retrygen.retry.MixedClient.retried.maxAttempts",
                "retrygen.retry.MixedClient.timed.delay",
                "retrygen.retry.NoSuchClient.call.max-attempts",
                "retrygen.timeout.MixedClient.retried.value",
                "retrygen.timeout.MixedClient.timed.value")),
        overrides.unusedKeys(),
        "before any binding: all of them, as given, sorted");

    new MixedClientRetrying(new UncalledMixedClient(), options(overrides));

    assertEquals(
        Arrays.asList(
            "retrygen.budget.MixedClient.maxTokens",
            "retrygen.circuitbreaker.MixedClient.retried.delay",
            "retrygen.retry.MixedClient.broken.maxAttempts",
            "retrygen.retry.MixedClient.timed.delay",
            "retrygen.retry.NoSuchClient.call.max-attempts",
            "retrygen.timeout.MixedClient.retried.value"),
        Arrays.asList(overrides.unusedKeys().toArray()),
        "no policy of those kinds under those labels, no such label, no budget at all");
  }

  @Test
  void theKillSwitchKeyIsUsedByARetryABreakerOrATimeoutAlone() {
    PolicyOverrides retries = RetryOverridesTest.overrides("retrygen.enabled", "true");
    PolicyOverrides breakers = RetryOverridesTest.overrides("retrygen.enabled", "true");
    PolicyOverrides timeouts = RetryOverridesTest.overrides("retrygen.enabled", "true");

    new TunedClientRetrying(RetryOverridesTest.Flaky.always(), options(retries));
    new TunedBreakerRetrying(new UncalledTunedBreaker(), options(breakers));
    new TimedKnobsRetrying(new UncalledTimedKnobs(), options(timeouts));

    assertEquals(0, retries.unusedKeys().size(), "TunedClient has only retries");
    assertEquals(0, breakers.unusedKeys().size(), "TunedBreaker has only breakers");
    assertEquals(0, timeouts.unusedKeys().size(), "TimedKnobs has only timeouts");
  }

  @Test
  void noneHasNoKeysAndDescribesNothing() {
    new MixedClientRetrying(new UncalledMixedClient(), options(PolicyOverrides.none()));

    assertEquals(0, PolicyOverrides.none().unusedKeys().size());
    assertEquals(
        "MixedClient.retried: no guarded method of this label has been bound with these overrides",
        PolicyOverrides.none().describe("MixedClient.retried"));
  }

  // --- describe

  @Test
  void describeShowsTheEffectiveValuesAndWhichAreOverridden() {
    PolicyOverrides overrides =
        RetryOverridesTest.overrides(
            "retrygen.retry.MixedClient.retried.maxAttempts", "5",
            "retrygen.retry.MixedClient.retried.jitter", "0.25",
            "retrygen.circuitbreaker.MixedClient.broken.failure-ratio", "0.75",
            "retrygen.timeout.MixedClient.timed.value", "20");
    assertEquals(
        "MixedClient.retried: no guarded method of this label has been bound with these overrides",
        overrides.describe("MixedClient.retried"));

    new MixedClientRetrying(new UncalledMixedClient(), options(overrides));

    assertEquals(
        "MixedClient.retried: retry maxAttempts=5 (override), maxDuration=0, delay=100,"
            + " maxDelay=0, multiplier=0.0, jitter=0.25 (override), random=false",
        overrides.describe("MixedClient.retried"));
    assertEquals(
        "MixedClient.broken: circuit breaker MixedClient.broken requestVolumeThreshold=4,"
            + " failureRatio=0.75 (override), delay=1000, successThreshold=1",
        overrides.describe("MixedClient.broken"));
    assertEquals(
        "MixedClient.timed: timeout value=20 (override)", overrides.describe("MixedClient.timed"));
  }

  @Test
  void describeWithoutAnyOverrideOfTheLabel() {
    PolicyOverrides overrides =
        RetryOverridesTest.overrides("retrygen.retry.Elsewhere.call.maxAttempts", "5");

    new MixedClientRetrying(new UncalledMixedClient(), options(overrides));

    assertEquals(
        "MixedClient.retried: retry maxAttempts=3, maxDuration=0, delay=100, maxDelay=0,"
            + " multiplier=0.0, jitter=0.0, random=false",
        overrides.describe("MixedClient.retried"));
  }

  @Test
  void describeOfARetryTurnedOff() {
    PolicyOverrides overrides =
        RetryOverridesTest.overrides(
            "retrygen.retry.MixedClient.retried.enabled", "false",
            "retrygen.retry.MixedClient.retried.delay", "7");

    new MixedClientRetrying(new UncalledMixedClient(), options(overrides));

    assertEquals(
        "MixedClient.retried: retry one attempt (enabled=false), maxDuration=0,"
            + " delay=7 (override), maxDelay=0, multiplier=0.0, jitter=0.0, random=false",
        overrides.describe("MixedClient.retried"));
  }

  // --- where overrides come from

  @Test
  void fromAPropertiesFile() throws IOException {
    Properties properties = new Properties();
    properties.load(
        new StringReader(
            "# retrygen.properties\n"
                + "retrygen.retry.TunedClient.fixed.max-attempts = 4\n"
                + "retrygen.retry.TunedClient.fixed.delay: 20\n"
                + "retrygen.retry.TunedClient.fixed.multiplier 1.5\n"
                + "retrygen.timeout.MixedClient.timed.value=  30  \n"
                + "server.port=8080\n"
                + "logging.level.root=INFO\n"));
    PolicyOverrides overrides = PolicyOverrides.from(properties);
    RetryOverridesTest.Flaky delegate = RetryOverridesTest.Flaky.always();

    TunedClient client = new TunedClientRetrying(delegate, options(overrides));

    assertEquals(4, attemptsOf(client, delegate));
    assertEquals(asList(20L, 30L, 45L), clock.sleeps());
    assertEquals(
        asList("retrygen.timeout.MixedClient.timed.value"),
        asList(overrides.unusedKeys().toArray()),
        "only retrygen. keys are kept, in their spelling as given");
  }

  @Test
  void fromPropertiesWithDefaults() {
    Properties defaults = new Properties();
    defaults.setProperty("retrygen.retry.TunedClient.fixed.maxAttempts", "5");
    defaults.setProperty("retrygen.retry.TunedClient.fixed.delay", "1");
    Properties properties = new Properties(defaults);
    properties.setProperty("retrygen.retry.TunedClient.fixed.delay", "2");
    RetryOverridesTest.Flaky delegate = RetryOverridesTest.Flaky.always();

    TunedClient client =
        new TunedClientRetrying(delegate, options(PolicyOverrides.from(properties)));

    assertEquals(5, attemptsOf(client, delegate));
    assertEquals(asList(2L, 2L, 2L, 2L), clock.sleeps());
  }

  @Test
  void fromSystemPropertiesLikeMapsWithUnrelatedKeys() {
    Map<String, String> values = new HashMap<>();
    values.put("java.version", "21.0.2");
    values.put("user.home", "/home/ops");
    values.put("retrygenx.enabled", "false");
    values.put("RETRYGEN.enabled", "false");
    values.put("retrygen", "false");
    values.put("my.retrygen.enabled", "false");
    values.put("retrygen.retry.TunedClient.fixed.maxAttempts", "2");
    PolicyOverrides overrides = PolicyOverrides.from(values);
    RetryOverridesTest.Flaky delegate = RetryOverridesTest.Flaky.always();

    TunedClient client = new TunedClientRetrying(delegate, options(overrides));

    assertEquals(2, attemptsOf(client, delegate), "the unrelated 'false's change nothing");
    assertEquals(0, overrides.unusedKeys().size());
    PolicyOverrides.from(System.getProperties()); // whatever the JVM has, nothing is rejected
  }

  @Test
  void fromPropertiesRejectsAnOverrideWhoseValueIsNotText() {
    Properties properties = new Properties();
    properties.put("server.port", 8080);
    properties.put("retrygen.enabled", Boolean.FALSE);

    IllegalArgumentException thrown =
        assertThrows(IllegalArgumentException.class, () -> PolicyOverrides.from(properties));

    assertEquals(
        "The override retrygen.enabled must have a text value, not false", thrown.getMessage());
  }

  @Test
  void fromPropertiesIgnoresOtherEntriesWhoseValueIsNotText() {
    Properties properties = new Properties();
    properties.put("server.port", 8080);
    properties.put(Boolean.TRUE, "a key that is not text");
    properties.setProperty("retrygen.retry.TunedClient.fixed.maxAttempts", "2");
    RetryOverridesTest.Flaky delegate = RetryOverridesTest.Flaky.always();

    TunedClient client =
        new TunedClientRetrying(delegate, options(PolicyOverrides.from(properties)));

    assertEquals(2, attemptsOf(client, delegate));
  }

  private static final class UncalledTunedBreaker implements TunedBreaker {
    @Override
    public void call() {
      throw new AssertionError("not called");
    }

    @Override
    public void named() {
      throw new AssertionError("not called");
    }
  }

  private static final class UncalledTimedKnobs implements TimedKnobs {
    @Override
    public String blocking() {
      throw new AssertionError("not called");
    }

    @Override
    public CompletableFuture<String> later() {
      throw new AssertionError("not called");
    }
  }

  private static final class UncalledMixedClient implements MixedClient {
    @Override
    public String retried() {
      throw new AssertionError("not called");
    }

    @Override
    public String broken() {
      throw new AssertionError("not called");
    }

    @Override
    public String timed() {
      throw new AssertionError("not called");
    }
  }
}
