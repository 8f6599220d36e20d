package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The call sequences of MicroProfile Fault Tolerance's TCK {@code CircuitBreakerTest}, {@code
 * CircuitBreakerInitialSuccessTest} and {@code CircuitBreakerLateSuccessTest}, in virtual time.
 * Each outcome string reads one letter per call through the generated class: {@code S} returned,
 * {@code F} the delegate's failure, {@code O} {@code CircuitBreakerOpenException} without reaching
 * the delegate.
 */
class CircuitBreakerTckTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).build();

  private TckBreakerClient client(BreakerScript script) {
    return new TckBreakerClientRetrying(
        new TckBreakerClient() {
          @Override
          public void defaultSuccessThreshold() {
            script.call();
          }

          @Override
          public void successThreshold2() {
            script.call();
          }

          @Override
          public void successThreshold3() {
            script.call();
          }

          @Override
          public void rollingWindow() {
            script.call();
          }
        },
        options);
  }

  /** Every instance shares one breaker per method: each test starts with none. */
  @BeforeEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
  }

  // --- TCK CircuitBreakerTest, on an interface method

  /** testCircuitClosedThenOpen: four failures fill the window and open it; it stays open. */
  @Test
  void closedThenOpen() {
    BreakerScript script = BreakerScript.of("FFFF");
    TckBreakerClient client = client(script);
    String name = "TckBreakerClient.successThreshold2";

    assertEquals("FFFFOOO", script.outcomesOf(7, client::successThreshold2, name));
    clock.advanceBy(999);
    assertEquals("O", script.outcomeOf(client::successThreshold2, name));

    assertEquals(4, script.calls());
    assertEquals(0, clock.sleeps().size());
  }

  /** testCircuitReClose: after the delay, two trial successes close it again. */
  @Test
  void reClose() {
    BreakerScript script = BreakerScript.of("FFFFSSS");
    TckBreakerClient client = client(script);
    String name = "TckBreakerClient.successThreshold2";

    assertEquals("FFFF", script.outcomesOf(4, client::successThreshold2, name));
    clock.advanceBy(1000);
    assertEquals("SSS", script.outcomesOf(3, client::successThreshold2, name));

    assertEquals(7, script.calls());
  }

  /**
   * testCircuitDefaultSuccessThreshold: one trial success closes it with an empty window, so it
   * takes four more outcomes (three of them failures) to open it again.
   */
  @Test
  void defaultSuccessThreshold() {
    BreakerScript script = BreakerScript.of("FFFFSFFFF");
    TckBreakerClient client = client(script);
    String name = "TckBreakerClient.defaultSuccessThreshold";

    assertEquals("FFFFO", script.outcomesOf(5, client::defaultSuccessThreshold, name));
    clock.advanceBy(1000);
    assertEquals("SFFFFO", script.outcomesOf(6, client::defaultSuccessThreshold, name));

    assertEquals(9, script.calls());
  }

  /** testCircuitHighSuccessThreshold: a trial failure after two of three successes re-opens it. */
  @Test
  void highSuccessThresholdTrialFailureReopens() {
    BreakerScript script = BreakerScript.of("FFFFSSFS");
    TckBreakerClient client = client(script);
    String name = "TckBreakerClient.successThreshold3";

    assertEquals("FFFFO", script.outcomesOf(5, client::successThreshold3, name));
    clock.advanceBy(1000);
    assertEquals("SSFO", script.outcomesOf(4, client::successThreshold3, name));
    assertEquals(7, script.calls());

    // Re-opened at the trial failure: the delay runs again from there.
    clock.advanceBy(999);
    assertEquals("O", script.outcomeOf(client::successThreshold3, name));
    clock.advanceBy(1);
    assertEquals("S", script.outcomeOf(client::successThreshold3, name));
    assertEquals(8, script.calls());
  }

  /** testRollingWindowCircuitOpen: S F F S fills the window at ratio 0.5. */
  @Test
  void rollingWindowOpensWhenFull() {
    BreakerScript script = BreakerScript.of("SFFS");
    TckBreakerClient client = client(script);

    assertEquals(
        "SFFSO", script.outcomesOf(5, client::rollingWindow, "TckBreakerClient.rollingWindow"));
    assertEquals(4, script.calls());
  }

  /** testRollingWindowCircuitOpen2: the first success leaves the window, F S S F opens it. */
  @Test
  void rollingWindowRollsOverTheOldestOutcome() {
    BreakerScript script = BreakerScript.of("SFSSF");
    TckBreakerClient client = client(script);

    assertEquals(
        "SFSSFO", script.outcomesOf(6, client::rollingWindow, "TckBreakerClient.rollingWindow"));
    assertEquals(5, script.calls());
  }

  // --- CircuitBreakerInitialSuccessTest, CircuitBreakerLateSuccessTest

  /** Three failures after an initial success: the ratio 3/4 is reached with the fourth outcome. */
  @Test
  void initialSuccess() {
    BreakerScript script = BreakerScript.of("SFFFSSFFF");
    TckBreakerClient client = client(script);
    String name = "TckBreakerClient.defaultSuccessThreshold";

    assertEquals("SFFFO", script.outcomesOf(5, client::defaultSuccessThreshold, name));
    clock.advanceBy(1000);
    assertEquals("SSFFFO", script.outcomesOf(6, client::defaultSuccessThreshold, name));

    assertEquals(9, script.calls());
  }

  /**
   * Three failures first do not open it (3/3, but the window is not full); the success that fills
   * the window does (3/4 >= 0.75).
   */
  @Test
  void lateSuccess() {
    BreakerScript script = BreakerScript.of("FFFSSFFFS");
    TckBreakerClient client = client(script);
    String name = "TckBreakerClient.defaultSuccessThreshold";

    assertEquals("FFFSO", script.outcomesOf(5, client::defaultSuccessThreshold, name));
    clock.advanceBy(1000);
    assertEquals("SFFFSO", script.outcomesOf(6, client::defaultSuccessThreshold, name));

    assertEquals(9, script.calls());
  }

  // --- half-open admits successThreshold trials in flight (SPEC §6)

  /** successThreshold 1: a call made while the single trial is in flight is refused. */
  @Test
  void halfOpenRefusesACallWhileTheOnlyTrialIsInFlight() {
    BreakerScript script = BreakerScript.of("FFFFSS");
    TckBreakerClient client = client(script);
    String name = "TckBreakerClient.defaultSuccessThreshold";
    assertEquals("FFFFO", script.outcomesOf(5, client::defaultSuccessThreshold, name));
    clock.advanceBy(1000);
    List<String> nested = new ArrayList<>();
    script.duringNextCall(
        () -> nested.add(script.outcomeOf(client::defaultSuccessThreshold, name)));

    assertEquals("S", script.outcomeOf(client::defaultSuccessThreshold, name));

    assertEquals(asList("O"), nested);
    assertEquals(5, script.calls());
    assertEquals("S", script.outcomeOf(client::defaultSuccessThreshold, name)); // closed
    assertEquals(6, script.calls());
  }

  /** successThreshold 2: a second trial is admitted while the first runs, a third is refused. */
  @Test
  void halfOpenAdmitsSuccessThresholdTrialsInFlight() {
    BreakerScript script = BreakerScript.of("FFFFSSS");
    TckBreakerClient client = client(script);
    String name = "TckBreakerClient.successThreshold2";
    assertEquals("FFFFO", script.outcomesOf(5, client::successThreshold2, name));
    clock.advanceBy(1000);
    List<String> nested = new ArrayList<>();
    script.duringNextCall(
        () -> {
          script.duringNextCall(
              () -> nested.add("third " + script.outcomeOf(client::successThreshold2, name)));
          nested.add("second " + script.outcomeOf(client::successThreshold2, name));
        });

    assertEquals("S", script.outcomeOf(client::successThreshold2, name));

    assertEquals(asList("third O", "second S"), nested);
    assertEquals(6, script.calls());
    assertEquals("S", script.outcomeOf(client::successThreshold2, name)); // closed by the two
    assertEquals(7, script.calls());
  }

  // --- TCK CircuitBreakerTest on a class: testClassLevelCircuitBase, ...Override

  @Test
  void classLevelBreakerOnAClass() {
    BreakerScript script = BreakerScript.of("FFFF");
    TckBreakerService service = new TckBreakerServiceRetrying(options, script);

    assertEquals(
        "FFFFOOO", script.outcomesOf(7, service::serviceA, "TckBreakerService.serviceA"));
    assertEquals(4, script.calls());
  }

  @Test
  void classLevelBreakerReClosesOnAClass() {
    BreakerScript script = BreakerScript.of("FFFFSSS");
    TckBreakerService service = new TckBreakerServiceRetrying(options, script);
    String name = "TckBreakerService.serviceA";

    assertEquals("FFFFO", script.outcomesOf(5, service::serviceA, name));
    clock.advanceBy(1000);
    assertEquals("SSS", script.outcomesOf(3, service::serviceA, name));
    assertEquals(7, script.calls());
  }

  /** The method's own breaker (window 2, ratio 1) wins; the type's one of serviceA is separate. */
  @Test
  void methodLevelBreakerOverridesTheClassLevelOne() {
    BreakerScript script = BreakerScript.of("FFS");
    TckBreakerService service = new TckBreakerServiceRetrying(options, script);

    assertEquals(
        "FFOOOOO", script.outcomesOf(7, service::serviceC, "TckBreakerService.serviceC"));
    assertEquals(2, script.calls());
    assertEquals("S", script.outcomeOf(service::serviceA, "TckBreakerService.serviceA"));
    assertEquals(3, script.calls());
  }
}
