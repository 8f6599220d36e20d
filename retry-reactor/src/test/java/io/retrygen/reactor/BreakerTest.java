package io.retrygen.reactor;

import static io.retrygen.reactor.Fixture.down;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.reactor.Fixture.ScriptedFlux;
import io.retrygen.reactor.Fixture.ScriptedMono;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.publisher.PublisherProbe;
import reactor.test.publisher.TestPublisher;

/** A circuit breaker on a reactive method: outcomes at the terminal signal, permits on cancel. */
class BreakerTest {
  /** A broken loop fails a verification, never hangs it (virtual time makes no test slow). */
  @BeforeAll
  static void boundVerifications() {
    StepVerifier.setDefaultTimeout(Duration.ofSeconds(30));
  }

  @AfterAll
  static void unboundVerifications() {
    StepVerifier.resetDefaultTimeout();
  }

  private final Fixture fixture = new Fixture(); // manual time: no virtual time here

  /** One failure in a window of one opens it for a second. */
  private CircuitBreakerGate breaker() {
    return fixture.breaker(1, 1.0, 1000);
  }

  @Test
  void aMonoAttemptIsRecordedAtItsTerminalSignal() {
    CircuitBreakerGate breaker = breaker();
    TestPublisher<String> attempt = TestPublisher.create();
    ScriptedMono<String> call = new ScriptedMono<String>(null, breaker, n -> attempt.mono());

    StepVerifier.create(call.mono())
        .expectSubscription()
        .then(() -> assertEquals(CircuitBreakerState.CLOSED, breaker.state()))
        .then(() -> attempt.error(down()))
        .expectErrorMessage("down")
        .verify();

    assertEquals(CircuitBreakerState.OPEN, breaker.state());
  }

  @Test
  void aFluxAttemptIsRecordedAtItsTerminalSignalNotAtItsElements() {
    CircuitBreakerGate breaker = breaker();
    TestPublisher<Integer> attempt = TestPublisher.create();
    ScriptedFlux<Integer> call = new ScriptedFlux<Integer>(null, breaker, n -> attempt.flux());

    StepVerifier.create(call.flux())
        .then(() -> attempt.next(1, 2))
        .expectNext(1, 2)
        .then(() -> assertEquals(CircuitBreakerState.CLOSED, breaker.state()))
        .then(() -> attempt.error(down()))
        .expectErrorMessage("down")
        .verify();

    assertEquals(CircuitBreakerState.OPEN, breaker.state());
  }

  @Test
  void anOpenBreakerFailsWithoutCallingTheMethod() {
    CircuitBreakerGate breaker = breaker();
    ScriptedMono<String> call =
        new ScriptedMono<String>(null, breaker, n -> Mono.<String>error(down()));
    StepVerifier.create(call.mono()).expectErrorMessage("down").verify();

    StepVerifier.create(call.mono()).expectError(CircuitBreakerOpenException.class).verify();
    assertEquals(1, call.calls.get());
  }

  @Test
  void anOpenBreakerIsRetriedAndRecoveredLikeAnyFailure() {
    CircuitBreakerGate breaker = breaker();
    StepVerifier.create(
            new ScriptedMono<String>(null, breaker, n -> Mono.<String>error(down())).mono())
        .expectErrorMessage("down")
        .verify();
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(3, BackoffPolicy.fixed(0)), breaker, n -> Mono.just("never")) {
          @Override
          protected Mono<? extends String> recover(Throwable failure) {
            return Mono.just("fallback: " + failure.getClass().getSimpleName());
          }
        };

    StepVerifier.create(call.mono())
        .expectNext("fallback: CircuitBreakerOpenException")
        .verifyComplete();
    assertEquals(0, call.calls.get());
    assertEquals(3, fixture.events().size()); // two retries, then ATTEMPTS_EXHAUSTED
    assertTrue(fixture.events().get(2).endsWith("ATTEMPTS_EXHAUSTED +0ms"), fixture.events().toString());
  }

  @Test
  void aCancelledTrialGivesItsPermitBack() {
    CircuitBreakerGate breaker = breaker();
    StepVerifier.create(
            new ScriptedMono<String>(null, breaker, n -> Mono.<String>error(down())).mono())
        .expectErrorMessage("down")
        .verify();
    fixture.manualMillis += 1000; // half-open at the next call

    PublisherProbe<String> trial = PublisherProbe.of(Mono.<String>never());
    ScriptedMono<String> first = new ScriptedMono<String>(null, breaker, n -> trial.mono());
    Disposable subscription = first.mono().subscribe();
    trial.assertWasSubscribed();
    assertEquals(CircuitBreakerState.HALF_OPEN, breaker.state());

    ScriptedMono<String> refused = new ScriptedMono<String>(null, breaker, n -> Mono.just("x"));
    StepVerifier.create(refused.mono()).expectError(CircuitBreakerOpenException.class).verify();
    assertEquals(0, refused.calls.get()); // one trial at a time

    subscription.dispose();
    trial.assertWasCancelled();
    assertEquals(CircuitBreakerState.HALF_OPEN, breaker.state()); // a cancel records nothing

    ScriptedMono<String> next = new ScriptedMono<String>(null, breaker, n -> Mono.just("ok"));
    StepVerifier.create(next.mono()).expectNext("ok").verifyComplete();
    assertEquals(CircuitBreakerState.CLOSED, breaker.state());
  }

  @Test
  void aCancelledFluxTrialGivesItsPermitBack() {
    CircuitBreakerGate breaker = breaker();
    StepVerifier.create(
            new ScriptedFlux<Integer>(null, breaker, n -> Flux.<Integer>error(down())).flux())
        .expectErrorMessage("down")
        .verify();
    fixture.manualMillis += 1000;

    AtomicReference<Disposable> subscription = new AtomicReference<Disposable>();
    ScriptedFlux<Integer> first =
        new ScriptedFlux<Integer>(null, breaker, n -> Flux.<Integer>never());
    subscription.set(first.flux().subscribe());
    subscription.get().dispose();

    ScriptedFlux<Integer> next = new ScriptedFlux<Integer>(null, breaker, n -> Flux.just(1));
    StepVerifier.create(next.flux()).expectNext(1).verifyComplete();
    assertEquals(CircuitBreakerState.CLOSED, breaker.state());
  }
}
