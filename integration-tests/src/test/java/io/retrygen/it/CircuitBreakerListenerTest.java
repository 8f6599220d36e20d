package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code CircuitBreakerListener} added with {@link CircuitBreakers#addListener}: onStateChange for
 * every transition, onCallNotPermitted for every refused call, under the breaker's name (an
 * unnamed one's label).
 */
class CircuitBreakerListenerTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).build();
  private final RecordingBreakerListener listener =
      new RecordingBreakerListener(
          "TckWatchedClient.ping", "tck8.watched", "TckWatchedClient.retried",
          "tck8.watched-named");

  /** Every instance shares one breaker per method: each test starts with none. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  @BeforeEach
  void addListener() {
    CircuitBreakers.addListener(listener);
  }

  @AfterEach
  void removeListener() {
    assertTrue(CircuitBreakers.removeListener(listener));
  }

  private TckWatchedClient client(BreakerScript script) {
    return new TckWatchedClientRetrying(
        new TckWatchedClient() {
          @Override
          public void ping() {
            script.call();
          }

          @Override
          public void pong() {
            script.call();
          }

          @Override
          public void retried() {
            script.call();
          }

          @Override
          public void named() {
            script.call();
          }
        },
        options);
  }

  @Test
  void closedOpenHalfOpenClosedUnderTheTypeAndMethodName() {
    BreakerScript script = BreakerScript.of("FFS");
    TckWatchedClient client = client(script);
    String name = "TckWatchedClient.ping";

    assertEquals("FFO", script.outcomesOf(3, client::ping, name));
    clock.advanceBy(1000);
    assertEquals("S", script.outcomeOf(client::ping, name));

    assertEquals(
        asList(
            name + " CLOSED->OPEN",
            name + " refused",
            name + " OPEN->HALF_OPEN",
            name + " HALF_OPEN->CLOSED"),
        listener.lines);
  }

  @Test
  void trialFailureReopensUnderTheRetryableLabel() {
    BreakerScript script = BreakerScript.of("FFF");
    TckWatchedClient client = client(script);
    String name = "tck8.watched";

    assertEquals("FF", script.outcomesOf(2, client::pong, name));
    clock.advanceBy(1000);
    assertEquals("FO", script.outcomesOf(2, client::pong, name));

    assertEquals(
        asList(
            name + " CLOSED->OPEN",
            name + " OPEN->HALF_OPEN",
            name + " HALF_OPEN->OPEN",
            name + " refused"),
        listener.lines);
  }

  @Test
  void everyRefusedRetryIsOneCallNotPermitted() {
    BreakerScript script = BreakerScript.of("F");
    TckWatchedClient client = client(script);
    String name = "TckWatchedClient.retried";

    assertEquals("O", script.outcomeOf(client::retried, name));

    assertEquals(1, script.calls());
    assertEquals(
        asList(name + " CLOSED->OPEN", name + " refused", name + " refused", name + " refused"),
        listener.lines);
  }

  /** No time is advanced: the named breaker runs on the clock of whichever test created it. */
  @Test
  void namedBreakerReportsItsName() {
    BreakerScript script = BreakerScript.of("F");
    TckWatchedClient client = client(script);

    assertEquals("FO", script.outcomesOf(2, client::named, "tck8.watched-named"));

    assertEquals(
        asList("tck8.watched-named CLOSED->OPEN", "tck8.watched-named refused"), listener.lines);
  }
}
