package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A breaker-only method with {@code @Recover} (SPEC §5): an open circuit is recovered. */
class CircuitBreakerRecoverTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).build();
  private final List<RuntimeException> recoveredFailures = new ArrayList<>();
  private final List<String> recoveries = new ArrayList<>();

  private TckBreakerRecoverClient client(BreakerScript script) {
    return new TckBreakerRecoverClientRetrying(
        new TckBreakerRecoverClient() {
          @Override
          public String lookup(String key) {
            script.call();
            return "value of " + key;
          }

          @Override
          public String fetch(int id) {
            script.call();
            return "item " + id;
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

  /** Every instance shares one breaker per method: each test starts with none. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  @Test
  void delegateFailuresAndTheOpenBreakerAreRecovered() {
    BreakerScript script = BreakerScript.of("FFS");
    TckBreakerRecoverClient client = client(script);

    assertEquals("fallback for a", client.lookup("a"));
    assertEquals("fallback for b", client.lookup("b")); // window 2/2 failures: opens
    assertEquals("fallback for c", client.lookup("c")); // refused
    assertEquals(2, script.calls());

    assertEquals(
        asList(
            "IllegalStateException a",
            "IllegalStateException b",
            "CircuitBreakerOpenException c"),
        recoveries);
    assertSame(script.failure(), recoveredFailures.get(0));
    assertSame(script.failure(), recoveredFailures.get(1));
    assertEquals(
        "TckBreakerRecoverClient.lookup",
        ((CircuitBreakerOpenException) recoveredFailures.get(2)).name());

    clock.advanceBy(1000);
    assertEquals("value of d", client.lookup("d")); // the trial: closes it
    assertEquals(3, script.calls());
    assertEquals(3, recoveries.size());
    assertEquals(0, clock.sleeps().size());
  }

  /** Only the open exception has a recover: the delegate's failures are rethrown unchanged. */
  @Test
  void failureWithNoMatchingRecoverIsRethrownAndTheOpenExceptionRecovered() {
    BreakerScript script = BreakerScript.of("FF");
    TckBreakerRecoverClient client = client(script);

    assertSame(script.failure(), assertThrows(IllegalStateException.class, () -> client.fetch(1)));
    assertSame(script.failure(), assertThrows(IllegalStateException.class, () -> client.fetch(2)));
    assertEquals("fallback for #3", client.fetch(3));

    assertEquals(2, script.calls());
    assertEquals(asList("CircuitBreakerOpenException #3"), recoveries);
    assertEquals(
        "TckBreakerRecoverClient.fetch",
        ((CircuitBreakerOpenException) recoveredFailures.get(0)).name());
  }
}
