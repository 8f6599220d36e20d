package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import java.io.IOException;
import java.io.StringReader;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link PolicyOverrides} (SPEC §17) on the policies themselves: how keys are read, what each one
 * changes when a policy is bound, the kill switch, and {@code unusedKeys()}/{@code describe()}.
 * Behaviour through generated classes is tested in {@code integration-tests}.
 */
class PolicyOverridesTest {
  private static final RetryPolicy CHARGE =
      new RetryPolicy("Outer.Client.charge", 3, 0L, BackoffPolicy.exponential(100L, 2.0, 2000L))
          .withBudget("Payments", 10, 0.1);
  private static final CircuitBreakerPolicy BREAKER =
      new CircuitBreakerPolicy("", 20, 0.5, 5000L, 1);
  private static final TimeoutPolicy TIMEOUT = new TimeoutPolicy("Outer.Client.charge", 500L);

  private static OverrideTable table(String... keysAndValues) {
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      values.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return PolicyOverrides.from(values);
  }

  @Test
  void everyRetryKeyChangesItsValueAndNothingElse() {
    RetryPolicy effective = table(
        "retrygen.retry.Outer.Client.charge.maxAttempts", "5",
        "retrygen.retry.Outer.Client.charge.maxDuration", "60000",
        "retrygen.retry.Outer.Client.charge.delay", "50",
        "retrygen.retry.Outer.Client.charge.maxDelay", "800",
        "retrygen.retry.Outer.Client.charge.multiplier", "3",
        "retrygen.retry.Outer.Client.charge.jitter", "0.5").retry(CHARGE);
    assertEquals(5, effective.maxAttempts());
    assertEquals(60000L, effective.maxDurationMillis());
    assertEquals(BackoffPolicy.of(50L, 800L, 3.0, false, 0.5), effective.backoff());
    assertEquals("Outer.Client.charge", effective.label());
    assertEquals("Payments", effective.budgetSpec().name());
  }

  @Test
  void attributesMayBeWrittenInKebabCaseAndValuesAreTrimmed() {
    RetryPolicy effective = table(
        "retrygen.retry.Outer.Client.charge.max-attempts", " 7 ",
        "retrygen.retry.Outer.Client.charge.max-delay", "900").retry(CHARGE);
    assertEquals(7, effective.maxAttempts());
    assertEquals(900L, effective.backoff().maxDelayMillis());
  }

  @Test
  void aPolicyNoKeyNamesIsBoundAsCompiled() {
    OverrideTable table = table(
        "retrygen.retry.Outer.Client.refund.maxAttempts", "9",
        "retrygen.circuitbreaker.Outer.Client.charge.delay", "1");
    assertSame(CHARGE, table.retry(CHARGE));
    assertSame(TIMEOUT, table.timeout(TIMEOUT));
    OverrideTable none = PolicyOverrides.none();
    assertSame(CHARGE, none.retry(CHARGE));
    assertSame(BREAKER, none.breaker(BREAKER, "b", "b"));
  }

  @Test
  void theKillSwitchLeavesOneAttemptNoBudgetAndBreakersOffButTimeoutsAlone() {
    OverrideTable table = table(
        "retrygen.enabled", "false", "retrygen.retry.Outer.Client.charge.maxAttempts", "5");
    RetryPolicy effective = table.retry(CHARGE);
    assertEquals(1, effective.maxAttempts());
    assertNull(effective.budgetSpec());
    assertEquals(false, table.breaker(BREAKER, "killed", "killed").enabled());
    assertSame(TIMEOUT, table.timeout(TIMEOUT));
  }

  @Test
  void retryEnabledFalseMeansOneAttemptAndKeepsTheBudget() {
    RetryPolicy effective =
        table("retrygen.retry.Outer.Client.charge.enabled", "FALSE").retry(CHARGE);
    assertEquals(1, effective.maxAttempts());
    assertEquals("Payments", effective.budgetSpec().name());
    assertSame(CHARGE, table("retrygen.retry.Outer.Client.charge.enabled", "true").retry(CHARGE));
  }

  @Test
  void aBudgetIsCreatedWithItsOverriddenSettingsByTheFirstBinding() {
    RetryPolicy policy = new RetryPolicy("PolicyOverridesTest.budget", 3, 0L,
        BackoffPolicy.fixed(0L)).withBudget("PolicyOverridesTest.budget", 10, 0.1);
    assertTrue(Double.isNaN(RetryBudgets.tokens("PolicyOverridesTest.budget")));
    RetryOptions options = RetryOptions.builder()
        .overrides(PolicyOverrides.from(Collections.singletonMap(
            "retrygen.budget.PolicyOverridesTest.budget.maxTokens", "4")))
        .build();
    policy.bind(options);
    assertEquals(4.0, RetryBudgets.tokens("PolicyOverridesTest.budget"), 0.0);
    RetryPolicy ratio = table("retrygen.budget.Payments.tokenRatio", "0.25").retry(CHARGE);
    assertEquals(0.25, ratio.budgetSpec().tokenRatio(), 0.0);
    assertEquals(10, ratio.budgetSpec().maxTokens());
  }

  @Test
  void everyBreakerKeyChangesItsValue() {
    CircuitBreakerPolicy effective = table(
        "retrygen.circuitbreaker.inventory.requestVolumeThreshold", "4",
        "retrygen.circuitbreaker.inventory.failureRatio", "0.75",
        "retrygen.circuitbreaker.inventory.delay", "100",
        "retrygen.circuitbreaker.inventory.successThreshold", "2")
        .breaker(BREAKER, "inventory", "Inventory.stock");
    assertEquals(4, effective.requestVolumeThreshold());
    assertEquals(0.75, effective.failureRatio(), 0.0);
    assertEquals(100L, effective.delayMillis());
    assertEquals(2, effective.successThreshold());
    assertTrue(effective.enabled());
  }

  @Test
  void aDisabledBreakerPermitsEveryCallCountsNothingAndReadsClosed() {
    String name = "PolicyOverridesTest.disabled";
    RetryOptions options = RetryOptions.builder()
        .overrides(PolicyOverrides.from(
            Collections.singletonMap("retrygen.circuitbreaker." + name + ".enabled", "false")))
        .build();
    CircuitBreakerGate gate = new CircuitBreakerPolicy("", 1, 1.0, 5000L, 1).bind(options, name);
    for (int call = 0; call < 5; call++) {
      long permit = gate.acquire();
      assertEquals(CircuitBreakerGate.NO_PERMIT, permit);
      gate.onFailure(permit);
    }
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(name));
    assertEquals(0, gate.windowCount());
  }

  @Test
  void theTimeoutValueIsOverriddenByLabel() {
    TimeoutPolicy effective =
        table("retrygen.timeout.Outer.Client.charge.value", "250").timeout(TIMEOUT);
    assertEquals(250L, effective.millis());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "retrygen.retry.A.maxAttempts | 3.5 | is not a whole number",
      "retrygen.retry.A.maxAttempts | 99999999999 | is not a whole number",
      "retrygen.retry.A.delay | 1s | is not a whole number of ms",
      "retrygen.retry.A.multiplier | two | is not a number",
      "retrygen.retry.A.jitter | NaN | is not a number",
      "retrygen.circuitbreaker.b.failureRatio | Infinity | is not a number",
      "retrygen.retry.A.enabled | yes | must be true or false",
      "retrygen.enabled | 0 | must be true or false",
      "retrygen.budget.b.maxTokens | '' | is not a whole number",
      "retrygen.budget.b.maxTokens | \u0663 | is not a whole number",
      "retrygen.retry.A.multiplier | 2d | is not a number",
      "retrygen.retry.A.multiplier | 0x1p1 | is not a number",
      "retrygen.retry.A.jitter | 1e999 | is not a number",
  })
  void fromRejectsAValueThatIsNotANumberOfItsKind(String key, String value, String why) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PolicyOverrides.from(Collections.singletonMap(key, value)));
    assertEquals("The override " + key + "=" + value + " " + why, e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({
      "retrygen.retri.A.maxAttempts",
      "retrygen.retry.A.maxAtempts",
      "retrygen.retry.maxAttempts",
      "retrygen.timeout.A.millis",
      "retrygen.budget.b.enabled",
      "retrygen.disabled",
  })
  void fromRejectsAKeyOfNoKnownShapeAndListsTheKeys(String key) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PolicyOverrides.from(Collections.singletonMap(key, "1")));
    assertTrue(e.getMessage().startsWith("Unknown override key " + key + ": the keys are "
        + "retrygen.enabled, retrygen.retry.<label>.{maxAttempts, maxDuration, delay, maxDelay,"
        + " multiplier, jitter, enabled}, "), e.getMessage());
  }

  @Test
  void twoSpellingsOfOneKeyAreRejected() {
    Map<String, String> values = new HashMap<>();
    values.put("retrygen.retry.A.maxAttempts", "2");
    values.put("retrygen.retry.A.max-attempts", "3");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicyOverrides.from(values));
    assertTrue(e.getMessage().endsWith("name the same setting; keep one"), e.getMessage());
  }

  @Test
  void keysOutsideTheRetrygenPrefixAreIgnored() {
    Map<String, String> values = new HashMap<>();
    values.put("java.version", "17");
    values.put("retrygenx.retry.A.maxAttempts", "oops");
    values.put("retrygen.retry.A.maxAttempts", "2");
    assertEquals(Collections.singleton("retrygen.retry.A.maxAttempts"),
        PolicyOverrides.from(values).unusedKeys());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "maxAttempts | 0 | @Retryable: maxAttempts must be at least 1: 0",
      "maxDuration | -1 | @Retryable: maxDuration must not be negative: -1",
      "maxDuration | 100 | @Retryable: maxDuration (100 ms) must be above the backoff's delay"
          + " (100 ms), or 0 for none",
      "delay | -5 | @Backoff: delay must not be negative: -5",
      "maxDelay | 50 | @Backoff: maxDelay (50) must be at least delay (100)",
      "multiplier | 0.5 | @Backoff: multiplier must be 0 or 1 (fixed) or greater than 1"
          + " (exponential): 0.5",
      "jitter | 1.5 | @Backoff: jitter must be in [0, 1]: 1.5",
  })
  void aRetryOverrideThatBreaksARuleNamesKeyValueAndRule(
      String attribute, String value, String rule) {
    String key = "retrygen.retry.Outer.Client.charge." + attribute;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> table(key, value).retry(CHARGE));
    assertEquals("The override " + key + "=" + value + " breaks a rule of " + rule,
        e.getMessage());
  }

  @Test
  void aRuleBrokenByTwoOverridesNamesBoth() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> table("retrygen.retry.Outer.Client.charge.delay", "40000",
            "retrygen.retry.Outer.Client.charge.multiplier", "2").retry(
                new RetryPolicy("Outer.Client.charge", 3, 0L, BackoffPolicy.fixed(10L))));
    assertEquals("The override retrygen.retry.Outer.Client.charge.delay=40000,"
        + " retrygen.retry.Outer.Client.charge.multiplier=2 breaks a rule of @Backoff: delay"
        + " (40000) is above the implicit cap of 30000 ms of an exponential backoff; set maxDelay",
        e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "circuitbreaker.b.requestVolumeThreshold | 0 | @CircuitBreaker: requestVolumeThreshold",
      "circuitbreaker.b.failureRatio | 0 | @CircuitBreaker: failureRatio must be in (0, 1]",
      "circuitbreaker.b.delay | -1 | @CircuitBreaker: delay must not be negative",
      "circuitbreaker.b.successThreshold | 0 | @CircuitBreaker: successThreshold must be at",
      "budget.Payments.maxTokens | 1001 | @RetryBudget: maxTokens must be from 1 to 1000",
      "budget.Payments.tokenRatio | 0.0005 | @RetryBudget: tokenRatio must be in (0, 1] with",
      "timeout.Outer.Client.charge.value | 0 | @Timeout: Outer.Client.charge: @Timeout(0) must",
  })
  void everyOtherRuleIsCheckedWhenApplied(String key, String value, String rule) {
    OverrideTable table = table("retrygen." + key, value);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
      table.retry(CHARGE);
      table.breaker(BREAKER, "b", "Outer.Client.charge");
      table.timeout(TIMEOUT);
    });
    assertTrue(e.getMessage().startsWith(
        "The override retrygen." + key + "=" + value + " breaks a rule of " + rule),
        e.getMessage());
  }

  @Test
  void unusedKeysAreThoseNoBoundPolicyLookedUp() {
    OverrideTable table = table(
        "retrygen.enabled", "true",
        "retrygen.retry.Outer.Client.charge.maxAttempts", "4",
        "retrygen.retry.Outer.Client.chrage.maxAttempts", "4",
        "retrygen.budget.Payments.maxTokens", "5",
        "retrygen.timeout.Outer.Client.charge.value", "100");
    PolicyOverrides overrides = (PolicyOverrides) table;
    assertEquals(5, overrides.unusedKeys().size());
    table.retry(CHARGE);
    assertEquals(new TreeSet<>(Arrays.asList(
        "retrygen.retry.Outer.Client.chrage.maxAttempts",
        "retrygen.timeout.Outer.Client.charge.value")), overrides.unusedKeys());
    table.timeout(TIMEOUT);
    Set<String> unused = overrides.unusedKeys();
    assertEquals(Collections.singleton("retrygen.retry.Outer.Client.chrage.maxAttempts"), unused);
    assertThrows(UnsupportedOperationException.class, () -> unused.clear());
  }

  @Test
  void describeGivesTheEffectivePolicyOfALabelOnOneLine() {
    OverrideTable table = table(
        "retrygen.retry.Outer.Client.charge.maxAttempts", "5",
        "retrygen.budget.Payments.tokenRatio", "0.2",
        "retrygen.circuitbreaker.Outer.Client.charge.enabled", "false",
        "retrygen.timeout.Outer.Client.charge.value", "250");
    PolicyOverrides overrides = (PolicyOverrides) table;
    assertEquals("Outer.Client.charge: no guarded method of this label has been bound with these"
        + " overrides", overrides.describe("Outer.Client.charge"));
    table.retry(CHARGE);
    table.breaker(BREAKER, "Outer.Client.charge", "Outer.Client.charge");
    table.timeout(TIMEOUT);
    assertEquals("Outer.Client.charge: retry maxAttempts=5 (override), maxDuration=0, delay=100,"
        + " maxDelay=2000, multiplier=2.0, jitter=0.0, random=false; budget Payments"
        + " maxTokens=10, tokenRatio=0.2 (override); circuit breaker Outer.Client.charge"
        + " disabled, requestVolumeThreshold=20, failureRatio=0.5, delay=5000,"
        + " successThreshold=1; timeout value=250 (override)",
        overrides.describe("Outer.Client.charge"));
  }

  @Test
  void describeSaysWhenASharedBreakerOrBudgetWasCreatedFirstWithOtherSettings() {
    String name = "PolicyOverridesTest.shared";
    RetryPolicy compiled = new RetryPolicy(name, 3, 0L, BackoffPolicy.fixed(0L))
        .withBudget(name, 10, 0.1);
    CircuitBreakerPolicy breaker = new CircuitBreakerPolicy("", 20, 0.5, 5000L, 1);
    compiled.bind(RetryOptions.defaults());
    breaker.bind(RetryOptions.defaults(), name).acquire();
    OverrideTable table = table(
        "retrygen.budget." + name + ".maxTokens", "4",
        "retrygen.circuitbreaker." + name + ".requestVolumeThreshold", "2");
    table.retry(compiled);
    table.breaker(breaker, name, name);
    assertEquals(name + ": retry maxAttempts=3, maxDuration=0, delay=0, maxDelay=0,"
        + " multiplier=0.0, jitter=0.0, random=false; budget " + name + " maxTokens=4 (override),"
        + " tokenRatio=0.1 (not in force: the budget of this name was created first with"
        + " maxTokens=10, tokenRatio=0.1, and the first created wins); circuit breaker " + name
        + " requestVolumeThreshold=2 (override), failureRatio=0.5, delay=5000,"
        + " successThreshold=1 (not in force: the breaker of this name was created first with"
        + " requestVolumeThreshold=20, failureRatio=0.5, delay=5000, successThreshold=1, and the"
        + " first created wins)", ((PolicyOverrides) table).describe(name));
  }

  @Test
  void describeSaysWhenTheKillSwitchOrEnabledFalseLeftOneAttempt() {
    OverrideTable killed = table("retrygen.enabled", "false");
    killed.retry(CHARGE);
    assertTrue(((PolicyOverrides) killed).describe("Outer.Client.charge").startsWith(
        "Outer.Client.charge: retrygen.enabled=false (no retry, breakers closed, budgets off);"
            + " retry one attempt (retrygen.enabled=false), maxDuration=0"));
    OverrideTable off = table("retrygen.retry.Outer.Client.charge.enabled", "false");
    off.retry(CHARGE);
    assertTrue(((PolicyOverrides) off).describe("Outer.Client.charge").startsWith(
        "Outer.Client.charge: retry one attempt (enabled=false), maxDuration=0"));
  }

  @Test
  void fromPropertiesReadsDefaultsTooAndAFileAsText() throws IOException {
    Properties defaults = new Properties();
    defaults.setProperty("retrygen.retry.Outer.Client.charge.maxAttempts", "6");
    Properties file = new Properties(defaults);
    file.load(new StringReader("# ops knobs\nretrygen.retry.Outer.Client.charge.delay = 20\n"));
    RetryPolicy effective = ((OverrideTable) PolicyOverrides.from(file)).retry(CHARGE);
    assertEquals(6, effective.maxAttempts());
    assertEquals(20L, effective.backoff().delayMillis());
  }

  @Test
  void optionsCarryTheirOverridesThroughToBuilder() {
    assertSame(PolicyOverrides.none(), RetryOptions.defaults().overrides());
    PolicyOverrides overrides =
        PolicyOverrides.from(Collections.singletonMap("retrygen.enabled", "false"));
    RetryOptions options = RetryOptions.builder().overrides(overrides).build();
    assertSame(overrides, options.toBuilder().build().overrides());
    assertEquals("PolicyOverrides[retrygen.enabled=false]", overrides.toString());
    assertTrue(options.toString().endsWith(", overrides=PolicyOverrides[retrygen.enabled=false]}"));
    assertThrows(NullPointerException.class, () -> RetryOptions.builder().overrides(null));
  }
}
