package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code @CircuitBreaker(name)}: one state per name in the process, read with {@link
 * CircuitBreakers#state}; an unnamed breaker is one per method (its label), shared by every
 * generated instance; a breaker is created by the first call through it, and its delay is read from
 * the {@code Ticker} of the options of the instance that made that call.
 */
class CircuitBreakerNamedTest {
  private final VirtualTime clock = VirtualTime.start();
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

  /** Every instance shares one breaker per method: each test starts with none. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  @Test
  void twoInstancesShareANamedBreaker() {
    BreakerScript scriptA = BreakerScript.of("F");
    BreakerScript scriptB = BreakerScript.of("F", scriptA.failure());
    TckNamedClient a = new TckNamedClientRetrying(delegate(scriptA), options);
    TckNamedClient b = new TckNamedClientRetrying(delegate(scriptB), options);
    assertNull(CircuitBreakers.state("tck8.instances")); // constructors create no breaker

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

  /** MicroProfile: a wrapper made per request still opens, as every instance shares the breaker. */
  @Test
  void unnamedBreakersAreSharedByEveryInstance() {
    BreakerScript scriptA = BreakerScript.of("F");
    BreakerScript scriptB = BreakerScript.of("F", scriptA.failure());
    TckNamedClient a = new TckNamedClientRetrying(delegate(scriptA), options);
    TckNamedClient b = new TckNamedClientRetrying(delegate(scriptB), options);
    String label = "TckNamedClient.unnamed";
    assertNull(CircuitBreakers.state(label));

    assertEquals("F", scriptA.outcomeOf(a::unnamed, label));
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(label)); // under its label
    assertEquals("F", scriptB.outcomeOf(b::unnamed, label)); // 2 of 2 in the one window: opens
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state(label));
    assertEquals("O", scriptA.outcomeOf(a::unnamed, label));
    assertEquals("O", scriptB.outcomeOf(b::unnamed, label));
    TckNamedClient perRequest = new TckNamedClientRetrying(delegate(BreakerScript.of("")), options);
    assertEquals("O", BreakerScript.of("").outcomeOf(perRequest::unnamed, label));

    assertNull(CircuitBreakers.state("tck8.no-such-breaker"));
  }

  /**
   * The delay runs on the ticker of the options of the instance whose call created the named
   * breaker; an instance that never called does not own it, and another clock does not move it.
   * Reading the state after the delay turns it half-open.
   */
  @Test
  void namedBreakerRunsOnTheTickerOfTheInstanceWhoseCallCreatedIt() {
    VirtualTime idle = VirtualTime.start();
    VirtualTime calling = VirtualTime.start();
    BreakerScript script = BreakerScript.of("FS");
    TckTimedBreaker delegate = script::call;
    new TckTimedBreakerRetrying(delegate, RetryOptions.builder().ticker(idle).build());
    TckTimedBreaker client =
        new TckTimedBreakerRetrying(delegate, RetryOptions.builder().ticker(calling).build());
    assertNull(CircuitBreakers.state("tck8.timed"));

    assertEquals("F", script.outcomeOf(client::call, "tck8.timed"));
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state("tck8.timed"));
    idle.advanceBy(5000);
    assertEquals("O", script.outcomeOf(client::call, "tck8.timed"));
    calling.advanceBy(999);
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state("tck8.timed"));
    calling.advanceBy(1);
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
    clock.advanceBy(999);
    assertEquals("O", script.outcomeOf(client::unnamed, label));
    clock.advanceBy(999_999, TimeUnit.NANOSECONDS);
    assertEquals("O", script.outcomeOf(client::unnamed, label));
    clock.advanceBy(1, TimeUnit.NANOSECONDS);
    assertEquals("S", script.outcomeOf(client::unnamed, label));
    assertEquals(3, script.calls());
  }
}
