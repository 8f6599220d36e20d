package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.fail;

import io.retrygen.it.TckHierarchyService.E0;
import io.retrygen.it.TckHierarchyService.E0S;
import io.retrygen.it.TckHierarchyService.E1;
import io.retrygen.it.TckHierarchyService.E1S;
import io.retrygen.it.TckHierarchyService.E2;
import io.retrygen.it.TckHierarchyService.E2S;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TCK {@code CircuitBreakerExceptionHierarchyTest}: failOn and skipOn with subtypes. One call
 * throws the given failure; with a window of one, a second call tells whether it counted as a
 * failure ("OPEN": refused) or as a success ("CLOSED": reaches the delegate and throws again).
 */
class CircuitBreakerExceptionHierarchyTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).build();

  private interface Method {
    void invoke(TckHierarchyService service, Throwable failure) throws Throwable;
  }

  /**
   * A fresh generated instance per failure, and fresh breakers: every instance shares one breaker
   * per method.
   */
  private String stateAfter(Method method, Throwable failure) {
    CircuitBreakers.resetAll();
    int[] calls = new int[1];
    TckHierarchyService service =
        new TckHierarchyServiceRetrying(
            new TckHierarchyService() {
              @Override
              public void serviceA(Throwable f) throws Throwable {
                calls[0]++;
                throw f;
              }

              @Override
              public void serviceB(Throwable f) throws Throwable {
                calls[0]++;
                throw f;
              }

              @Override
              public void serviceC(Throwable f) throws Throwable {
                calls[0]++;
                throw f;
              }

              @Override
              public void byDefault(Throwable f) throws Throwable {
                calls[0]++;
                throw f;
              }
            },
            options);
    try {
      method.invoke(service, failure);
      fail("no failure thrown");
    } catch (Throwable thrown) {
      assertSame(failure, thrown);
    }
    try {
      method.invoke(service, failure);
      fail("no failure thrown");
    } catch (CircuitBreakerOpenException refused) {
      assertEquals(1, calls[0]);
      return "OPEN";
    } catch (Throwable thrown) {
      assertSame(failure, thrown);
      assertEquals(2, calls[0]);
      return "CLOSED";
    }
    throw new AssertionError("unreachable");
  }

  private Map<String, String> statesAfter(Method method, Throwable... failures) {
    Map<String, String> states = new LinkedHashMap<>();
    for (Throwable failure : failures) {
      states.put(failure.getClass().getSimpleName(), stateAfter(method, failure));
    }
    return states;
  }

  private static Map<String, String> expected(String... typeAndState) {
    Map<String, String> states = new LinkedHashMap<>();
    for (int i = 0; i < typeAndState.length; i += 2) {
      states.put(typeAndState[i], typeAndState[i + 1]);
    }
    return states;
  }

  private static Throwable[] allFailures() {
    return new Throwable[] {
      new Exception(), new E0(), new E1(), new E2(), new E2S(), new E1S(), new E0S(),
      new RuntimeException(), new Error()
    };
  }

  /** failOn = {E0, E2}, skipOn = E1: E2 is also an E1, so skipOn wins. */
  @Test
  void serviceA() {
    assertEquals(
        expected(
            "Exception", "CLOSED",
            "E0", "OPEN",
            "E1", "CLOSED",
            "E2", "CLOSED",
            "E2S", "CLOSED",
            "E1S", "CLOSED",
            "E0S", "OPEN",
            "RuntimeException", "CLOSED",
            "Error", "CLOSED"),
        statesAfter(TckHierarchyService::serviceA, allFailures()));
  }

  /** failOn = {Exception, E1}, skipOn = {E0, E2}: every E0 is skipped, even an E1. */
  @Test
  void serviceB() {
    assertEquals(
        expected(
            "Exception", "OPEN",
            "E0", "CLOSED",
            "E1", "CLOSED",
            "E2", "CLOSED",
            "E2S", "CLOSED",
            "E1S", "CLOSED",
            "E0S", "CLOSED",
            "RuntimeException", "OPEN",
            "Error", "CLOSED"),
        statesAfter(TckHierarchyService::serviceB, allFailures()));
  }

  /** failOn = {E1, E2}, skipOn = E0: skipOn is a supertype of all of failOn, nothing fails. */
  @Test
  void serviceC() {
    assertEquals(
        expected(
            "Exception", "CLOSED",
            "E0", "CLOSED",
            "E1", "CLOSED",
            "E2", "CLOSED",
            "E2S", "CLOSED",
            "E1S", "CLOSED",
            "E0S", "CLOSED",
            "RuntimeException", "CLOSED",
            "Error", "CLOSED"),
        statesAfter(TckHierarchyService::serviceC, allFailures()));
  }

  /** Default failOn (Exception): an Error, or a Throwable that is no Exception, is a success. */
  @Test
  void defaultFailOn() {
    assertEquals(
        expected(
            "Exception", "OPEN",
            "E1", "OPEN",
            "RuntimeException", "OPEN",
            "Error", "CLOSED",
            "AssertionError", "CLOSED",
            "Throwable", "CLOSED"),
        statesAfter(
            TckHierarchyService::byDefault,
            new Exception(), new E1(), new RuntimeException(), new Error(),
            new AssertionError(), new Throwable()));
  }
}
