package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * TCK {@code CircuitBreakerRetryTest} in virtual time: every attempt passes the breaker, and
 * {@code CircuitBreakerOpenException} is an attempt failure that is retried and recovered like any
 * other unless excluded (SPEC §6).
 */
class CircuitBreakerRetryTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).listener(listener).build();
  /** What the recover methods got: the failure instances and "Type key" lines. */
  private final List<RuntimeException> recoveredFailures = new ArrayList<>();
  private final List<String> recoveries = new ArrayList<>();

  private TckBreakerRetryClient client(BreakerScript script) {
    return new TckBreakerRetryClientRetrying(
        new TckBreakerRetryClient() {
          @Override
          public void moreRetries() {
            script.call();
          }

          @Override
          public void fewRetries() {
            script.call();
          }

          @Override
          public void retryOnOpen() {
            script.call();
          }

          @Override
          public void retryOnIoOnly() {
            script.call();
          }

          @Override
          public void abortOnOpen() {
            script.call();
          }

          @Override
          public String recovered(String key) {
            script.call();
            return "value of " + key;
          }

          @Override
          public String recoveredWith(RuntimeException failure, String key) {
            recoveredFailures.add(failure);
            recoveries.add(failure.getClass().getSimpleName() + " " + key);
            return "fallback for " + key;
          }
        },
        options);
  }

  private static List<Long> times(int count, long millis) {
    return Collections.nCopies(count, millis);
  }

  /** Every instance shares one breaker per method: each test starts with none. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  /**
   * testCircuitOpenWithMoreRetries: four attempts reach the delegate and open the breaker; the
   * other four are refused, retried, and the caller finally gets the open exception.
   */
  @Test
  void moreRetriesThanTheWindowEndWithTheOpenException() {
    BreakerScript script = BreakerScript.of("FFFF");
    TckBreakerRetryClient client = client(script);

    assertEquals(
        "O", script.outcomeOf(client::moreRetries, "TckBreakerRetryClient.moreRetries"));

    assertEquals(4, script.calls());
    assertEquals(times(7, 100L), clock.sleeps());
    String label = "TckBreakerRetryClient.moreRetries";
    assertEquals(
        asList(
            "onRetry " + label + " #1 IllegalStateException delay=100 elapsedMs=0",
            "onRetry " + label + " #2 IllegalStateException delay=100 elapsedMs=100",
            "onRetry " + label + " #3 IllegalStateException delay=100 elapsedMs=200",
            "onRetry " + label + " #4 IllegalStateException delay=100 elapsedMs=300",
            "onRetry " + label + " #5 CircuitBreakerOpenException delay=100 elapsedMs=400",
            "onRetry " + label + " #6 CircuitBreakerOpenException delay=100 elapsedMs=500",
            "onRetry " + label + " #7 CircuitBreakerOpenException delay=100 elapsedMs=600",
            "onFailure " + label + " #8 CircuitBreakerOpenException delay=0 elapsedMs=700"),
        listener.lines());
  }

  /**
   * testCircuitOpenWithFewRetries: three attempts do not fill the window, the caller gets the
   * delegate's failure. The next call's first attempt fills it; its retries are refused.
   */
  @Test
  void fewRetriesEndWithTheDelegatesFailureUntilTheWindowIsFull() {
    BreakerScript script = BreakerScript.of("FFFF");
    TckBreakerRetryClient client = client(script);
    String name = "TckBreakerRetryClient.fewRetries";

    assertEquals("F", script.outcomeOf(client::fewRetries, name));
    assertEquals(3, script.calls());
    assertEquals(times(2, 100L), clock.sleeps());

    assertEquals("O", script.outcomeOf(client::fewRetries, name));
    assertEquals(4, script.calls());
    assertEquals(times(4, 100L), clock.sleeps());
  }

  /**
   * testRetriesSucceedWhenCircuitCloses: the open exception is retried every 100 ms until the
   * 1000 ms delay has passed; the eleventh attempt is the trial, it succeeds and closes the breaker.
   */
  @Test
  void retriesAroundAnOpenBreakerSucceedOnceItLetsATrialThrough() {
    BreakerScript script = BreakerScript.of("FFFFSS");
    TckBreakerRetryClient client = client(script);
    String name = "TckBreakerRetryClient.retryOnOpen";
    // Not retried (retryFor is the open exception only), but counted by the breaker.
    assertEquals("FFFF", script.outcomesOf(4, client::retryOnOpen, name));
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());

    assertEquals("S", script.outcomeOf(client::retryOnOpen, name));

    assertEquals(5, script.calls());
    assertEquals(times(10, 100L), clock.sleeps());
    assertEquals("S", script.outcomeOf(client::retryOnOpen, name)); // closed
    assertEquals(6, script.calls());
  }

  /** testNoRetriesIfNotRetryOn: retryFor does not cover the open exception: it ends the call. */
  @Test
  void openExceptionIsNotRetriedWhenRetryForDoesNotCoverIt() {
    BreakerScript script = BreakerScript.of("FFFF");
    TckBreakerRetryClient client = client(script);
    Runnable call =
        () -> {
          try {
            client.retryOnIoOnly();
          } catch (IOException e) {
            throw new AssertionError(e);
          }
        };
    String name = "TckBreakerRetryClient.retryOnIoOnly";
    assertEquals("FFFF", script.outcomesOf(4, call, name));
    listener.clear();

    assertEquals("O", script.outcomeOf(call, name));

    assertEquals(4, script.calls());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
    assertEquals(
        asList("onFailure " + name + " #1 CircuitBreakerOpenException delay=0 elapsedMs=0"),
        listener.lines());
  }

  /**
   * testNoRetriesIfAbortOn: noRetryFor excludes the open exception. The delegate's failures are
   * retried until they open the breaker (the fourth is retried too); the first refusal, attempt
   * 5, ends the call.
   */
  @Test
  void openExceptionIsNotRetriedWhenExcluded() {
    BreakerScript script = BreakerScript.of("FFFF");
    TckBreakerRetryClient client = client(script);

    assertEquals(
        "O", script.outcomeOf(client::abortOnOpen, "TckBreakerRetryClient.abortOnOpen"));

    assertEquals(4, script.calls());
    assertEquals(times(4, 100L), clock.sleeps());
  }

  /**
   * With a recover for each: exhausted attempts are recovered with the delegate's failure, attempts
   * refused by the open breaker with its CircuitBreakerOpenException.
   */
  @Test
  void recoverGetsTheDelegatesFailureOrTheOpenException() {
    BreakerScript script = BreakerScript.of("FFFF");
    TckBreakerRetryClient client = client(script);

    assertEquals("fallback for a", client.recovered("a")); // F F F: window 3/4, closed
    assertEquals(3, script.calls());
    assertEquals("fallback for b", client.recovered("b")); // F (opens), O, O
    assertEquals(4, script.calls());
    assertEquals("fallback for c", client.recovered("c")); // O, O, O
    assertEquals(4, script.calls());

    assertEquals(
        asList(
            "IllegalStateException a",
            "CircuitBreakerOpenException b",
            "CircuitBreakerOpenException c"),
        recoveries);
    assertSame(script.failure(), recoveredFailures.get(0));
    assertTrue(recoveredFailures.get(1) instanceof CircuitBreakerOpenException);
    assertEquals(
        "TckBreakerRetryClient.recovered",
        ((CircuitBreakerOpenException) recoveredFailures.get(1)).name());
    assertEquals(times(6, 100L), clock.sleeps());
  }
}
