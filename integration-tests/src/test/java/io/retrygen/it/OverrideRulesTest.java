package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryOptions;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad overrides (SPEC §17): {@code PolicyOverrides.from} rejects a value that is not a number (or
 * not true/false) and a {@code retrygen.} key of no known shape; a number that breaks a rule of
 * the annotations makes the generated constructor throw an {@code IllegalArgumentException} that
 * names the key, the value and the rule, as the processor would have at compile time.
 */
class OverrideRulesTest {
  private static final RuleClient UNCALLED =
      new RuleClient() {
        @Override
        public String capped() {
          throw new AssertionError("not called");
        }

        @Override
        public String exponential() {
          throw new AssertionError("not called");
        }

        @Override
        public String randomFixed() {
          throw new AssertionError("not called");
        }

        @Override
        public String bounded() {
          throw new AssertionError("not called");
        }

        @Override
        public String budgeted() {
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
      };

  private static Map<String, String> one(String key, String value) {
    return Collections.singletonMap(key, value);
  }

  // --- from: values that are not numbers

  private static Arguments wrong(String key, String value, String why) {
    return Arguments.of(key, value, why);
  }

  static Stream<Arguments> valuesOfTheWrongKind() {
    return Stream.of(
        wrong("retrygen.enabled", "no", "must be true or false"),
        wrong("retrygen.retry.A.b.maxAttempts", "three", "is not a whole number"),
        wrong("retrygen.retry.A.b.maxAttempts", "2.5", "is not a whole number"),
        wrong("retrygen.retry.A.b.maxDuration", "1s", "is not a whole number of ms"),
        wrong("retrygen.retry.A.b.delay", "100ms", "is not a whole number of ms"),
        wrong("retrygen.retry.A.b.maxDelay", "1e3", "is not a whole number of ms"),
        wrong("retrygen.retry.A.b.multiplier", "double", "is not a number"),
        wrong("retrygen.retry.A.b.multiplier", "NaN", "is not a number"),
        wrong("retrygen.retry.A.b.jitter", "10%", "is not a number"),
        wrong("retrygen.retry.A.b.enabled", "off", "must be true or false"),
        wrong(
            "retrygen.circuitbreaker.A.b.requestVolumeThreshold", "many", "is not a whole number"),
        wrong("retrygen.circuitbreaker.A.b.failureRatio", "half", "is not a number"),
        wrong("retrygen.circuitbreaker.A.b.failureRatio", "Infinity", "is not a number"),
        wrong("retrygen.circuitbreaker.A.b.delay", "5s", "is not a whole number of ms"),
        wrong("retrygen.circuitbreaker.A.b.successThreshold", "one", "is not a whole number"),
        wrong("retrygen.circuitbreaker.A.b.enabled", "0", "must be true or false"),
        wrong("retrygen.budget.it.b.maxTokens", "ten", "is not a whole number"),
        wrong("retrygen.budget.it.b.tokenRatio", "10%", "is not a number"),
        wrong("retrygen.timeout.A.b.value", "1s", "is not a whole number of ms"),
        wrong("retrygen.retry.A.b.max-attempts", "three", "is not a whole number"),
        wrong("retrygen.timeout.A.b.value", "", "is not a whole number of ms"));
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("valuesOfTheWrongKind")
  void fromRejectsAValueOfTheWrongKind(String key, String value, String why) {
    IllegalArgumentException thrown =
        assertThrows(IllegalArgumentException.class, () -> PolicyOverrides.from(one(key, value)));

    assertEquals("The override " + key + "=" + value + " " + why, thrown.getMessage());
  }

  @ParameterizedTest
  @CsvSource({
    "retrygen.retry.A.b.maxAttempt",
    "retrygen.retry.A.b.MaxAttempts",
    "retrygen.retry.A.b.max_attempts",
    "retrygen.retry.maxAttempts",
    "retrygen.retry..maxAttempts",
    "retrygen.retries.A.b.maxAttempts",
    "retrygen.circuit-breaker.A.b.delay",
    "retrygen.budget.A.b.delay",
    "retrygen.timeout.A.b.millis",
    "retrygen.enabled.now",
    "retrygen.disabled",
    "retrygen.",
  })
  void fromRejectsAKeyOfNoKnownShape(String key) {
    IllegalArgumentException thrown =
        assertThrows(IllegalArgumentException.class, () -> PolicyOverrides.from(one(key, "1")));

    assertTrue(
        thrown.getMessage().startsWith("Unknown override key " + key + ": the keys are "
            + "retrygen.enabled, retrygen.retry.<label>.{maxAttempts, maxDuration, delay,"),
        thrown.getMessage());
  }

  @Test
  void fromRejectsTwoSpellingsOfOneSetting() {
    Map<String, String> values = new TreeMap<>();
    values.put("retrygen.retry.A.b.maxAttempts", "2");
    values.put("retrygen.retry.A.b.max-attempts", "3");

    IllegalArgumentException thrown =
        assertThrows(IllegalArgumentException.class, () -> PolicyOverrides.from(values));

    assertTrue(thrown.getMessage().endsWith(" name the same setting; keep one"));
    assertTrue(thrown.getMessage().contains("retrygen.retry.A.b.maxAttempts"));
    assertTrue(thrown.getMessage().contains("retrygen.retry.A.b.max-attempts"));
  }

  @Test
  void fromAcceptsNumbersThatBreakRulesForTheConstructorToReport() {
    PolicyOverrides overrides =
        PolicyOverrides.from(one("retrygen.retry.RuleClient.capped.maxAttempts", "0"));

    assertEquals(
        Collections.singleton("retrygen.retry.RuleClient.capped.maxAttempts"),
        overrides.unusedKeys());
  }

  // --- the generated constructor: numbers that break the annotations' rules

  private static Arguments rule(String key, String value, String annotation, String words) {
    return Arguments.of(key, value, annotation, words);
  }

  /** Key (after {@code retrygen.}), value, annotation, words of the rule it breaks. */
  static Stream<Arguments> brokenRules() {
    return Stream.of(
        rule("retry.RuleClient.capped.maxAttempts", "0", "@Retryable",
            "maxAttempts must be at least 1"),
        rule("retry.RuleClient.capped.maxDuration", "-1", "@Retryable",
            "maxDuration must not be negative"),
        rule("retry.RuleClient.capped.delay", "-1", "@Backoff", "delay must not be negative"),
        rule("retry.RuleClient.capped.maxDelay", "-1", "@Backoff", "maxDelay must not be negative"),
        rule("retry.RuleClient.capped.maxDelay", "50", "@Backoff",
            "maxDelay (50) must be at least delay (100)"),
        rule("retry.RuleClient.capped.delay", "300", "@Backoff",
            "maxDelay (200) must be at least delay (300)"),
        rule("retry.RuleClient.exponential.multiplier", "0.5", "@Backoff",
            "multiplier must be 0 or 1 (fixed) or greater than 1"),
        rule("retry.RuleClient.exponential.multiplier", "-1", "@Backoff",
            "multiplier must be 0 or 1 (fixed) or greater than 1"),
        rule("retry.RuleClient.capped.jitter", "1.5", "@Backoff", "jitter must be in [0, 1]"),
        rule("retry.RuleClient.capped.jitter", "-0.1", "@Backoff", "jitter must be in [0, 1]"),
        rule("retry.RuleClient.exponential.delay", "40000", "@Backoff",
            "above the implicit cap of 30000 ms of an exponential backoff; set maxDelay"),
        rule("retry.RuleClient.randomFixed.maxDelay", "100", "@Backoff",
            "a random fixed backoff needs maxDelay > delay"),
        rule("retry.RuleClient.randomFixed.maxDelay", "0", "@Backoff",
            "a random fixed backoff needs maxDelay > delay"),
        rule("retry.RuleClient.bounded.maxDuration", "100", "@Retryable",
            "maxDuration (100 ms) must be above the backoff's delay (100 ms)"),
        rule("retry.RuleClient.bounded.delay", "1000", "@Retryable",
            "maxDuration (1000 ms) must be above the backoff's delay (1000 ms)"),
        rule("circuitbreaker.RuleClient.broken.requestVolumeThreshold", "0", "@CircuitBreaker",
            "requestVolumeThreshold must be in [1,"),
        rule("circuitbreaker.RuleClient.broken.failureRatio", "0", "@CircuitBreaker",
            "failureRatio must be in (0, 1]"),
        rule("circuitbreaker.RuleClient.broken.failureRatio", "1.5", "@CircuitBreaker",
            "failureRatio must be in (0, 1]"),
        rule("circuitbreaker.RuleClient.broken.delay", "-1", "@CircuitBreaker",
            "delay must not be negative"),
        rule("circuitbreaker.RuleClient.broken.successThreshold", "0", "@CircuitBreaker",
            "successThreshold must be at least 1"),
        rule("budget.it.overrides.rules.maxTokens", "0", "@RetryBudget",
            "maxTokens must be from 1 to 1000"),
        rule("budget.it.overrides.rules.maxTokens", "1001", "@RetryBudget",
            "maxTokens must be from 1 to 1000"),
        rule("budget.it.overrides.rules.tokenRatio", "0", "@RetryBudget",
            "tokenRatio must be in (0, 1] with at most 3 decimals"),
        rule("budget.it.overrides.rules.tokenRatio", "1.5", "@RetryBudget",
            "tokenRatio must be in (0, 1] with at most 3 decimals"),
        rule("budget.it.overrides.rules.tokenRatio", "0.0005", "@RetryBudget",
            "tokenRatio must be in (0, 1] with at most 3 decimals"),
        rule("timeout.RuleClient.timed.value", "0", "@Timeout", "must be > 0 ms"),
        rule("timeout.RuleClient.timed.value", "-5", "@Timeout", "must be > 0 ms"),
        rule("retry.RuleClient.capped.max-attempts", "0", "@Retryable",
            "maxAttempts must be at least 1"),
        rule("circuitbreaker.RuleClient.broken.failure-ratio", "2", "@CircuitBreaker",
            "failureRatio must be in (0, 1]"));
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("brokenRules")
  void theConstructorRejectsANumberThatBreaksARule(
      String key, String value, String annotation, String rule) {
    String fullKey = "retrygen." + key;
    RetryOptions options =
        RetryOptions.builder().overrides(PolicyOverrides.from(one(fullKey, value))).build();

    IllegalArgumentException thrown =
        assertThrows(
            IllegalArgumentException.class, () -> new RuleClientRetrying(UNCALLED, options));

    String message = thrown.getMessage();
    assertTrue(
        message.startsWith(
            "The override " + fullKey + "=" + value + " breaks a rule of " + annotation + ": "),
        message);
    assertTrue(message.contains(rule), message);
  }

  @Test
  void theMessageNamesEveryOverrideThatTookPart() {
    Map<String, String> values = new TreeMap<>();
    values.put("retrygen.retry.RuleClient.bounded.maxDuration", "200");
    values.put("retrygen.retry.RuleClient.bounded.delay", "300");
    RetryOptions options =
        RetryOptions.builder().overrides(PolicyOverrides.from(values)).build();

    IllegalArgumentException thrown =
        assertThrows(
            IllegalArgumentException.class, () -> new RuleClientRetrying(UNCALLED, options));

    assertEquals(
        "The override retrygen.retry.RuleClient.bounded.maxDuration=200,"
            + " retrygen.retry.RuleClient.bounded.delay=300 breaks a rule of @Retryable:"
            + " maxDuration (200 ms) must be above the backoff's delay (300 ms), or 0 for none",
        thrown.getMessage());
  }

  @Test
  void valuesAtTheEdgesOfTheRulesAreAccepted() {
    Map<String, String> values = new TreeMap<>();
    values.put("retrygen.retry.RuleClient.capped.maxAttempts", "1");
    values.put("retrygen.retry.RuleClient.capped.jitter", "1");
    values.put("retrygen.retry.RuleClient.capped.maxDelay", "100");
    values.put("retrygen.retry.RuleClient.exponential.delay", "30000");
    values.put("retrygen.retry.RuleClient.bounded.maxDuration", "101");
    values.put("retrygen.circuitbreaker.RuleClient.broken.failureRatio", "1");
    values.put("retrygen.circuitbreaker.RuleClient.broken.delay", "0");
    values.put("retrygen.budget.it.overrides.rules.maxTokens", "1000");
    values.put("retrygen.budget.it.overrides.rules.tokenRatio", "0.001");
    values.put("retrygen.timeout.RuleClient.timed.value", "1");
    PolicyOverrides overrides = PolicyOverrides.from(values);

    new RuleClientRetrying(UNCALLED, RetryOptions.builder().overrides(overrides).build());

    assertEquals(Collections.emptySet(), overrides.unusedKeys());
  }
}
