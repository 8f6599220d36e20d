package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import org.junit.jupiter.api.Test;

/**
 * {@code @CircuitBreaker(name)}: one state per name in the process, read with {@link
 * CircuitBreakers#state}; unnamed breakers are per generated instance and method; the delay is
 * read from the options' {@code Ticker} (of the first instance, for a named breaker).
 */
class CircuitBreakerNamedTest {
  private final FakeClock clock = new FakeClock();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).build();

  private static TckNamedClient delegate(BreakerScript script) {
    return new TckNamedClient() {
      @Override
      public void shared() {
        script.call();
      }

      @Override
      public void first() {
        script.call();
      }

      @Override
      public void second() {
        script.call();
      }

      @Override
      public void unnamed() {
        script.call();
      }
    };
  }

  @Test
  void twoInstancesShareANamedBreaker() {
    BreakerScript scriptA = BreakerScript.of("F");
    BreakerScript scriptB = BreakerScript.of("F", scriptA.failure());
    TckNamedClient a = new TckNamedClientRetrying(delegate(scriptA), options);
    TckNamedClient b = new TckNamedClientRetrying(delegate(scriptB), options);
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state("tck8.instances"));

    assertEquals("F", scriptA.outcomeOf(a::shared, "tck8.instances"));
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state("tck8.instances"));
    assertEquals("F", scriptB.outcomeOf(b::shared, "tck8.instances")); // 2 of 2: opens
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state("tck8.instances"));

    assertEquals("O", scriptA.outcomeOf(a::shared, "tck8.instances"));
    assertEquals("O", scriptB.outcomeOf(b::shared, "tck8.instances"));
    assertEquals(1, scriptA.calls());
    assertEquals(1, scriptB.calls());
  }

  @Test
  void twoMethodsShareANamedBreaker() {
    BreakerScript script = BreakerScript.of("FF");
    TckNamedClient client = new TckNamedClientRetrying(delegate(script), options);

    assertEquals("F", script.outcomeOf(client::first, "tck8.methods"));
    assertEquals("F", script.outcomeOf(client::second, "tck8.methods"));
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state("tck8.methods"));
    assertEquals("O", script.outcomeOf(client::first, "tck8.methods"));
    assertEquals("O", script.outcomeOf(client::second, "tck8.methods"));
    assertEquals(2, script.calls());
  }

  @Test
  void unnamedBreakersArePerInstance() {
    BreakerScript scriptA = BreakerScript.of("FF");
    BreakerScript scriptB = BreakerScript.of("FF", scriptA.failure());
    TckNamedClient a = new TckNamedClientRetrying(delegate(scriptA), options);
    TckNamedClient b = new TckNamedClientRetrying(delegate(scriptB), options);
    String label = "TckNamedClient.unnamed";

    assertEquals("F", scriptA.outcomeOf(a::unnamed, label));
    assertEquals("F", scriptB.outcomeOf(b::unnamed, label)); // b's own window: 1 of 2
    assertEquals("F", scriptA.outcomeOf(a::unnamed, label)); // a's: 2 of 2, opens
    assertEquals("O", scriptA.outcomeOf(a::unnamed, label));
    assertEquals("F", scriptB.outcomeOf(b::unnamed, label)); // b still closed until now
    assertEquals("O", scriptB.outcomeOf(b::unnamed, label));

    assertNull(CircuitBreakers.state(label)); // unnamed breakers are not registered
    assertNull(CircuitBreakers.state("tck8.no-such-breaker"));
  }

  /**
   * The delay runs on the ticker of the options the named breaker was first created with; another
   * instance's clock does not move it. Reading the state after the delay turns it half-open.
   */
  @Test
  void namedBreakerRunsOnTheTickerOfTheFirstInstance() {
    FakeClock first = new FakeClock();
    FakeClock second = new FakeClock();
    BreakerScript script = BreakerScript.of("FS");
    TckTimedBreaker delegate = script::call;
    new TckTimedBreakerRetrying(delegate, RetryOptions.builder().ticker(first).build());
    TckTimedBreaker client =
        new TckTimedBreakerRetrying(delegate, RetryOptions.builder().ticker(second).build());

    assertEquals("F", script.outcomeOf(client::call, "tck8.timed"));
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state("tck8.timed"));
    second.advanceMillis(5000);
    assertEquals("O", script.outcomeOf(client::call, "tck8.timed"));
    first.advanceMillis(999);
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state("tck8.timed"));
    first.advanceMillis(1);
    assertEquals(CircuitBreakerState.HALF_OPEN, CircuitBreakers.state("tck8.timed"));
    assertEquals("S", script.outcomeOf(client::call, "tck8.timed"));
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state("tck8.timed"));
    assertEquals(2, script.calls());
  }

  /** An unnamed breaker's delay is the options' ticker; no sleeper is involved, no real time. */
  @Test
  void unnamedBreakerRunsOnTheOptionsTicker() {
    BreakerScript script = BreakerScript.of("FFS");
    RetryOptions tickerOnly =
        RetryOptions.builder()
            .ticker(clock)
            .sleeper(
                millis -> {
                  throw new AssertionError("slept " + millis);
                })
            .build();
    TckNamedClient client = new TckNamedClientRetrying(delegate(script), tickerOnly);
    String label = "TckNamedClient.unnamed";

    assertEquals("FFO", script.outcomesOf(3, client::unnamed, label));
    clock.advanceMillis(999);
    assertEquals("O", script.outcomeOf(client::unnamed, label));
    clock.advanceNanos(999_999);
    assertEquals("O", script.outcomeOf(client::unnamed, label));
    clock.advanceNanos(1);
    assertEquals("S", script.outcomeOf(client::unnamed, label));
    assertEquals(3, script.calls());
  }
}
