package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every {@code retrygen.circuitbreaker.<name>.*} override (SPEC §17) changes what a generated
 * breaker does, in virtual time. Each outcome string reads one letter per call: {@code S}
 * returned, {@code F} the delegate's failure, {@code O} refused by the open breaker.
 */
class BreakerOverridesTest {
  private static final String CALL = "TunedBreaker.call";

  private final VirtualTime clock = VirtualTime.start();
  private PolicyOverrides overrides;

  /** Breakers are process-wide and the first one created wins: each test starts with none. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  private RetryOptions options(String... keysAndValues) {
    overrides = RetryOverridesTest.overrides(keysAndValues);
    return RetryOptions.builder().sleeper(clock).ticker(clock).overrides(overrides).build();
  }

  private TunedBreaker breaker(BreakerScript script, String... keysAndValues) {
    return new TunedBreakerRetrying(
        new TunedBreaker() {
          @Override
          public void call() {
            script.call();
          }

          @Override
          public void named() {
            script.call();
          }
        },
        options(keysAndValues));
  }

  @Test
  void compiledTheWindowOfFourOpensAfterFourFailures() {
    BreakerScript script = BreakerScript.of("FFFF");
    TunedBreaker breaker = breaker(script);

    assertEquals("FFFFO", script.outcomesOf(5, breaker::call, CALL));
  }

  @Test
  void aSmallerRequestVolumeThresholdOpensSooner() {
    BreakerScript script = BreakerScript.of("FF");
    TunedBreaker breaker =
        breaker(script, "retrygen.circuitbreaker.TunedBreaker.call.requestVolumeThreshold", "2");

    assertEquals("FFOO", script.outcomesOf(4, breaker::call, CALL));
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state(CALL));
  }

  @Test
  void aLargerRequestVolumeThresholdOpensLater() {
    BreakerScript script = BreakerScript.of("FFFFFF");
    TunedBreaker breaker =
        breaker(script, "retrygen.circuitbreaker.TunedBreaker.call.requestVolumeThreshold", "6");

    assertEquals("FFFFF", script.outcomesOf(5, breaker::call, CALL));
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(CALL));
    assertEquals("FO", script.outcomesOf(2, breaker::call, CALL));
  }

  @Test
  void aHigherFailureRatioNeedsAWindowOfFailures() {
    BreakerScript script = BreakerScript.of("SFFSFFFF");
    TunedBreaker breaker =
        breaker(script, "retrygen.circuitbreaker.TunedBreaker.call.failureRatio", "1");

    // Compiled (0.5), S F F S would open it.
    assertEquals("SFFSFFFFO", script.outcomesOf(9, breaker::call, CALL));
  }

  @Test
  void aLowerFailureRatioOpensOnOneFailureInFour() {
    BreakerScript script = BreakerScript.of("SSSF");
    TunedBreaker breaker =
        breaker(script, "retrygen.circuitbreaker.TunedBreaker.call.failureRatio", "0.25");

    assertEquals("SSSFO", script.outcomesOf(5, breaker::call, CALL));
  }

  @Test
  void itStaysOpenForTheOverriddenDelay() {
    BreakerScript script = BreakerScript.of("FFFFS");
    TunedBreaker breaker =
        breaker(script, "retrygen.circuitbreaker.TunedBreaker.call.delay", "200");

    assertEquals("FFFFO", script.outcomesOf(5, breaker::call, CALL));
    clock.advanceBy(199);
    assertEquals("O", script.outcomeOf(breaker::call, CALL));
    clock.advanceBy(1);
    assertEquals("S", script.outcomeOf(breaker::call, CALL), "compiled: open until 1000 ms");
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(CALL));
  }

  @Test
  void aLongerDelay() {
    BreakerScript script = BreakerScript.of("FFFFS");
    TunedBreaker breaker =
        breaker(script, "retrygen.circuitbreaker.TunedBreaker.call.delay", "3000");

    assertEquals("FFFF", script.outcomesOf(4, breaker::call, CALL));
    clock.advanceBy(2999);
    assertEquals("O", script.outcomeOf(breaker::call, CALL));
    clock.advanceBy(1);
    assertEquals("S", script.outcomeOf(breaker::call, CALL));
  }

  @Test
  void itClosesAfterTheOverriddenSuccessThreshold() {
    BreakerScript script = BreakerScript.of("FFFFSSS");
    TunedBreaker breaker =
        breaker(script, "retrygen.circuitbreaker.TunedBreaker.call.successThreshold", "3");

    assertEquals("FFFF", script.outcomesOf(4, breaker::call, CALL));
    clock.advanceBy(1000);
    assertEquals("S", script.outcomeOf(breaker::call, CALL));
    assertEquals(CircuitBreakerState.HALF_OPEN, CircuitBreakers.state(CALL), "compiled: closed");
    assertEquals("S", script.outcomeOf(breaker::call, CALL));
    assertEquals(CircuitBreakerState.HALF_OPEN, CircuitBreakers.state(CALL));
    assertEquals("S", script.outcomeOf(breaker::call, CALL));
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(CALL));
  }

  @Test
  void enabledFalseNeverOpensAndReadsClosed() {
    BreakerScript script = BreakerScript.of("FFFFFFFFFFSS");
    TunedBreaker breaker =
        breaker(script, "retrygen.circuitbreaker.TunedBreaker.call.enabled", "false");

    assertEquals("FFFFFFFFFFSS", script.outcomesOf(12, breaker::call, CALL));
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(CALL));
  }

  @Test
  void enabledFalseOfOneBreakerLeavesTheOtherAlone() {
    BreakerScript script = BreakerScript.of("FFFF");
    TunedBreaker breaker =
        breaker(script, "retrygen.circuitbreaker.TunedBreaker.call.enabled", "false");

    assertEquals("FFFFO", script.outcomesOf(5, breaker::named, TunedBreaker.NAMED));
  }

  @Test
  void aNamedBreakerIsOverriddenByItsNameNotItsLabel() {
    BreakerScript script = BreakerScript.of("F");
    TunedBreaker breaker =
        breaker(
            script,
            "retrygen.circuitbreaker.it.overrides.named.requestVolumeThreshold", "1",
            "retrygen.circuitbreaker.TunedBreaker.named.failureRatio", "0.25");

    assertEquals("FO", script.outcomesOf(2, breaker::named, TunedBreaker.NAMED));
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state(TunedBreaker.NAMED));
    assertEquals(
        Collections.singleton("retrygen.circuitbreaker.TunedBreaker.named.failureRatio"),
        overrides.unusedKeys());
  }

  @Test
  void kebabCaseKeys() {
    BreakerScript script = BreakerScript.of("SSFSS");
    TunedBreaker breaker =
        breaker(
            script,
            "retrygen.circuitbreaker.TunedBreaker.call.request-volume-threshold", "2",
            "retrygen.circuitbreaker.TunedBreaker.call.failure-ratio", "0.5",
            "retrygen.circuitbreaker.TunedBreaker.call.delay", "10",
            "retrygen.circuitbreaker.TunedBreaker.call.success-threshold", "2");

    assertEquals("SSFO", script.outcomesOf(4, breaker::call, CALL));
    clock.advanceBy(10);
    assertEquals("S", script.outcomeOf(breaker::call, CALL));
    assertEquals(CircuitBreakerState.HALF_OPEN, CircuitBreakers.state(CALL));
    assertEquals("S", script.outcomeOf(breaker::call, CALL));
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(CALL));
    assertEquals(Collections.emptySet(), overrides.unusedKeys());
  }

  @Test
  void aDottedLabelWithRetryAndBreakerKeysInKebabCase() {
    int[] calls = new int[1];
    Payments.Client client =
        new Payments_ClientRetrying(
            cents -> {
              calls[0]++;
              throw new IOException("declined " + cents);
            },
            options(
                "retrygen.retry.Payments.Client.charge.max-attempts", "4",
                "retrygen.retry.Payments.Client.charge.delay", "5",
                "retrygen.circuitbreaker.Payments.Client.charge.request-volume-threshold", "2",
                "retrygen.circuitbreaker.Payments.Client.charge.failure-ratio", "1"));

    // Attempts 1 and 2 fail and open the breaker; 3 and 4 are refused, and retried as failures.
    CircuitBreakerOpenException thrown =
        assertThrows(CircuitBreakerOpenException.class, () -> client.charge(100));

    assertEquals("Payments.Client.charge", thrown.name());
    assertEquals(2, calls[0]);
    assertEquals(asList(5L, 5L, 5L), clock.sleeps());
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state("Payments.Client.charge"));
    assertEquals(Collections.emptySet(), overrides.unusedKeys());
  }
}
