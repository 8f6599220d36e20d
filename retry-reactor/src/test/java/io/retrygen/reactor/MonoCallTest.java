package io.retrygen.reactor;

import static io.retrygen.reactor.Fixture.down;
import static java.util.Arrays.asList;
import static java.util.Collections.singletonList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.reactor.Fixture.ScriptedMono;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

/** A {@code Mono} method retried: waits, time, laziness, re-invocation, results, context. */
class MonoCallTest {
  /** A broken loop fails a verification, never hangs it (virtual time makes no test slow). */
  @BeforeAll
  static void boundVerifications() {
    StepVerifier.setDefaultTimeout(Duration.ofSeconds(30));
  }

  @AfterAll
  static void unboundVerifications() {
    StepVerifier.resetDefaultTimeout();
  }

  private final Fixture fixture = new Fixture();

  @Test
  void testsRunOnTheNewestReactor() {
    String jar = Flux.class.getProtectionDomain().getCodeSource().getLocation().toString();
    assertTrue(jar.endsWith("test-reactor/reactor-core.jar"), jar);
  }

  @Test
  void waitsExactlyTheBackoffBetweenAttempts() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(3, BackoffPolicy.exponential(100, 2)),
            n -> n < 3 ? Mono.<String>error(down()) : Mono.just("ok"));

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .then(() -> assertEquals(1, call.calls.get()))
        .expectNoEvent(Duration.ofMillis(99))
        .then(() -> assertEquals(1, call.calls.get()))
        .thenAwait(Duration.ofMillis(1))
        .then(() -> assertEquals(2, call.calls.get()))
        .expectNoEvent(Duration.ofMillis(199))
        .then(() -> assertEquals(2, call.calls.get()))
        .thenAwait(Duration.ofMillis(1))
        .expectNext("ok")
        .verifyComplete();

    assertEquals(
        asList("retry #1 down 100ms +0ms", "retry #2 down 200ms +100ms", "success #3 +300ms"),
        fixture.events());
  }

  @Test
  void delayForChoosesTheWait() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(3, BackoffPolicy.fixed(100)),
            n -> n < 2 ? Mono.<String>error(down()) : Mono.just("ok")) {
          @Override
          protected long delayFor(Throwable failure) {
            return 2500;
          }
        };

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .expectNoEvent(Duration.ofMillis(2499))
        .then(() -> assertEquals(1, call.calls.get()))
        .thenAwait(Duration.ofMillis(1))
        .expectNext("ok")
        .verifyComplete();

    assertEquals(asList("retry #1 down 2500ms +0ms", "success #2 +2500ms"), fixture.events());
  }

  @Test
  void maxDurationStopsTheWaitThatWouldReachIt() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(10, BackoffPolicy.fixed(100), 250), n -> Mono.<String>error(down()));

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .thenAwait(Duration.ofMillis(200))
        .expectErrorMessage("down")
        .verify();

    assertEquals(3, call.calls.get());
    assertEquals(
        asList(
            "retry #1 down 100ms +0ms",
            "retry #2 down 100ms +100ms",
            "failure #3 down DURATION_EXHAUSTED +200ms"),
        fixture.events());
  }

  @Test
  void aWaitThatOverranMaxDurationStartsNoAttempt() {
    IOException first = down();
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(10, BackoffPolicy.fixed(100), 150),
            n -> n == 1 ? Mono.<String>error(first) : Mono.just("too late"));

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .then(() -> fixture.skewMillis = 100) // the clock jumps during the wait
        .thenAwait(Duration.ofMillis(100))
        .expectErrorSatisfies(failure -> assertSame(first, failure))
        .verify();

    assertEquals(1, call.calls.get());
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #1 down DURATION_EXHAUSTED +200ms"),
        fixture.events());
  }

  /** What a generated method does: builds the call and returns its Mono. */
  private Mono<String> quote(ScriptedMono<String> call) {
    return call.mono();
  }

  @Test
  void assemblyIsLazyAndEachSubscriptionIsANewCall() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(3, BackoffPolicy.fixed(0)), n -> Mono.just("q" + n));

    Mono<String> mono = quote(call);
    assertEquals(0, call.calls.get());
    assertEquals(Collections.emptyList(), fixture.events());

    StepVerifier.create(mono).expectNext("q1").verifyComplete();
    StepVerifier.create(mono).expectNext("q2").verifyComplete();
    assertEquals(2, call.calls.get());
    assertEquals(asList("success #1 +0ms", "success #1 +0ms"), fixture.events());
  }

  @Test
  void aRetryCallsTheMethodAgainInsteadOfResubscribingItsCachedMono() {
    AtomicInteger sourceSubscriptions = new AtomicInteger();
    AtomicInteger cachedSubscriptions = new AtomicInteger();
    Mono<String> cached =
        Mono.<String>error(down())
            .doOnSubscribe(s -> sourceSubscriptions.incrementAndGet())
            .cache()
            .doOnSubscribe(s -> cachedSubscriptions.incrementAndGet());
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(3, BackoffPolicy.fixed(0)), n -> n == 1 ? cached : Mono.just("fresh"));

    StepVerifier.create(call.mono()).expectNext("fresh").verifyComplete();

    assertEquals(2, call.calls.get());
    assertEquals(1, cachedSubscriptions.get());
    assertEquals(1, sourceSubscriptions.get());
  }

  @Test
  void aThrowFromTheMethodIsAFailedAttempt() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(2, BackoffPolicy.fixed(0)), n -> null) {
          @Override
          protected Mono<String> call() throws Throwable {
            if (calls.incrementAndGet() == 1) {
              throw down();
            }
            return Mono.just("ok");
          }
        };

    StepVerifier.create(call.mono()).expectNext("ok").verifyComplete();
    assertEquals(asList("retry #1 down 0ms +0ms", "success #2 +0ms"), fixture.events());
  }

  @Test
  void recoversToAMono() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(2, BackoffPolicy.fixed(0)), n -> Mono.<String>error(down())) {
          @Override
          protected Mono<? extends String> recover(Throwable failure) {
            return Mono.just("fallback after " + failure.getMessage());
          }
        };

    StepVerifier.create(call.mono()).expectNext("fallback after down").verifyComplete();
    assertEquals(
        asList("retry #1 down 0ms +0ms", "failure #2 down ATTEMPTS_EXHAUSTED +0ms"),
        fixture.events());
  }

  @Test
  void withNoRecoveryTheLastFailureItselfEndsTheCall() {
    List<Throwable> failures = new ArrayList<Throwable>();
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(2, BackoffPolicy.fixed(0)),
            n -> {
              IOException failure = down();
              failures.add(failure);
              return Mono.error(failure);
            });

    StepVerifier.create(call.mono())
        .expectErrorSatisfies(failure -> assertSame(failures.get(1), failure))
        .verify();
  }

  @Test
  void aNotRetryableFailureIsNotRetriedAndPassedOnAsItIs() {
    IllegalArgumentException bad = new IllegalArgumentException("bad");
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(3, BackoffPolicy.fixed(0)), n -> Mono.error(bad));

    StepVerifier.create(call.mono()).expectErrorSatisfies(f -> assertSame(bad, f)).verify();
    assertEquals(1, call.calls.get());
    assertEquals(singletonList("failure #1 bad NOT_RETRYABLE +0ms"), fixture.events());
  }

  @Test
  void aNotRecoverableFailureIsRethrownByTheRecoverHook() {
    IllegalStateException fatal = new IllegalStateException("fatal");
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(2, BackoffPolicy.fixed(0)), n -> Mono.error(fatal)) {
          @Override
          protected Mono<? extends String> recover(Throwable failure) throws Throwable {
            if (failure instanceof IllegalStateException) {
              throw failure; // notRecoverable = IllegalStateException.class
            }
            return Mono.just("recovered");
          }
        };

    StepVerifier.create(call.mono()).expectErrorSatisfies(f -> assertSame(fatal, f)).verify();
    assertEquals(2, call.calls.get());
  }

  @Test
  void aRecoveryThatFailsEndsTheCallWithItsFailure() {
    IllegalStateException other = new IllegalStateException("other");
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(1, BackoffPolicy.fixed(0)), n -> Mono.<String>error(down())) {
          @Override
          protected Mono<? extends String> recover(Throwable failure) {
            return Mono.error(other);
          }
        };

    StepVerifier.create(call.mono()).expectErrorSatisfies(f -> assertSame(other, f)).verify();
  }

  @Test
  void aRejectedValueIsRetriedThenTheAcceptedOneReturned() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(3, BackoffPolicy.fixed(100)), n -> Mono.just(n < 2 ? "busy" : "ok")) {
          @Override
          protected boolean rejects(String result) {
            return result.equals("busy");
          }
        };

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .expectNoEvent(Duration.ofMillis(99))
        .thenAwait(Duration.ofMillis(1))
        .expectNext("ok")
        .verifyComplete();
    assertEquals(asList("retry #1 - 100ms +0ms", "success #2 +100ms"), fixture.events());
  }

  @Test
  void givingUpOnARejectedValueReturnsItWithoutRecovery() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(2, BackoffPolicy.fixed(0)), n -> Mono.just("busy " + n)) {
          @Override
          protected boolean rejects(String result) {
            return result.startsWith("busy");
          }

          @Override
          protected long delayForResult(String result) {
            return 0;
          }

          @Override
          protected Mono<? extends String> recover(Throwable failure) {
            throw new AssertionError("recovered " + failure);
          }
        };

    StepVerifier.create(call.mono()).expectNext("busy 2").verifyComplete();
    assertEquals(
        asList("retry #1 - 0ms +0ms", "failure #2 - ATTEMPTS_EXHAUSTED +0ms"), fixture.events());
  }

  @Test
  void delayForResultChoosesTheWaitAfterARejectedValue() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(2, BackoffPolicy.fixed(100)), n -> Mono.just(n == 1 ? "busy" : "ok")) {
          @Override
          protected boolean rejects(String result) {
            return result.equals("busy");
          }

          @Override
          protected long delayForResult(String result) {
            return 700;
          }
        };

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .expectNoEvent(Duration.ofMillis(699))
        .thenAwait(Duration.ofMillis(1))
        .expectNext("ok")
        .verifyComplete();
  }

  @Test
  void anEmptyMonoCompletesWithoutAskingRetryOnResult() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(3, BackoffPolicy.fixed(0)), n -> Mono.empty()) {
          @Override
          protected boolean rejects(String result) {
            throw new AssertionError("asked about " + result);
          }
        };

    StepVerifier.create(call.mono()).verifyComplete();
    assertEquals(singletonList("success #1 +0ms"), fixture.events());
  }

  @Test
  void anExhaustedBudgetGivesUp() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.budgeted(5, BackoffPolicy.fixed(0), 2, 0.1), n -> Mono.<String>error(down()));

    StepVerifier.create(call.mono()).expectErrorMessage("down").verify();
    assertEquals(1, call.calls.get());
    assertEquals(singletonList("failure #1 down BUDGET_EXHAUSTED +0ms"), fixture.events());
    assertEquals(1.0, RetryBudgets.tokens(fixture.label));
  }

  @Test
  void aRetryIfThatThrowsEndsTheCallWithIt() {
    IllegalStateException broken = new IllegalStateException("retryIf broke");
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(3, BackoffPolicy.fixed(0)), n -> Mono.<String>error(down())) {
          @Override
          protected boolean retryIf(Throwable failure) {
            throw broken;
          }

          @Override
          protected Mono<? extends String> recover(Throwable failure) {
            throw new AssertionError("recovered " + failure);
          }
        };

    StepVerifier.create(call.mono()).expectErrorSatisfies(f -> assertSame(broken, f)).verify();
    assertEquals(1, call.calls.get());
    assertEquals(singletonList("failure #1 retryIf broke USER_CODE_FAILED +0ms"), fixture.events());
  }

  @Test
  void aDelayForThatThrowsEndsTheCallWithIt() {
    Exception broken = new Exception("delayFor broke"); // checked, as a hook may throw
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(3, BackoffPolicy.fixed(0)), n -> Mono.<String>error(down())) {
          @Override
          protected long delayFor(Throwable failure) throws Exception {
            throw broken;
          }
        };

    StepVerifier.create(call.mono()).expectErrorSatisfies(f -> assertSame(broken, f)).verify();
    assertEquals(
        singletonList("failure #1 delayFor broke USER_CODE_FAILED +0ms"), fixture.events());
  }

  @Test
  void aRetryOnResultThatThrowsEndsTheCallWithIt() {
    IllegalStateException broken = new IllegalStateException("rejects broke");
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(3, BackoffPolicy.fixed(0)), n -> Mono.just("v")) {
          @Override
          protected boolean rejects(String result) {
            throw broken;
          }
        };

    StepVerifier.create(call.mono()).expectErrorSatisfies(f -> assertSame(broken, f)).verify();
    assertEquals(singletonList("failure #1 rejects broke USER_CODE_FAILED +0ms"), fixture.events());
  }

  @Test
  void theSubscribersContextReachesEveryAttempt() {
    List<String> seen = Collections.synchronizedList(new ArrayList<String>());
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(3, BackoffPolicy.fixed(10)),
            n ->
                Mono.deferContextual(
                    context -> {
                      seen.add(context.get("user"));
                      return n < 3 ? Mono.<String>error(down()) : Mono.just("hi " + context.get("user"));
                    }));

    StepVerifier.withVirtualTime(() -> call.mono().contextWrite(Context.of("user", "ann")))
        .expectSubscription()
        .thenAwait(Duration.ofMillis(20))
        .expectNext("hi ann")
        .verifyComplete();
    assertEquals(asList("ann", "ann", "ann"), seen);
  }

  @Test
  void tenThousandAttemptsThatFailAtOnceDoNotOverflowTheStack() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(10_000, BackoffPolicy.fixed(0)),
            n -> n < 10_000 ? Mono.<String>error(down()) : Mono.just("at last"));

    // A recursion would overflow, the error lost on the way: bounded, so it fails, not hangs.
    StepVerifier.create(call.mono())
        .expectNext("at last")
        .expectComplete()
        .verify(Duration.ofSeconds(30));
    assertEquals(10_000, call.calls.get());
  }

  @Test
  void aValueReadyBeforeTheRequestWaitsForIt() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(2, BackoffPolicy.fixed(0)), n -> Mono.just("v"));

    StepVerifier.create(call.mono(), 0)
        .expectSubscription()
        .then(() -> assertEquals(singletonList("success #1 +0ms"), fixture.events()))
        .thenRequest(1)
        .expectNext("v")
        .verifyComplete();
  }

  @Test
  void aRequestBeforeTheValueGetsItWhenItComes() {
    reactor.test.publisher.TestPublisher<String> attempt =
        reactor.test.publisher.TestPublisher.create();
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(2, BackoffPolicy.fixed(0)), n -> attempt.mono());

    StepVerifier.create(call.mono(), 0)
        .expectSubscription()
        .thenRequest(1)
        .then(() -> attempt.emit("late"))
        .expectNext("late")
        .verifyComplete();
  }

  @Test
  void anOptionsSchedulerTimesTheWaitInsteadOfReactors() {
    VirtualTime scheduler = VirtualTime.start();
    Fixture withScheduler = new Fixture(scheduler);
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            withScheduler.retrier(3, BackoffPolicy.fixed(300)),
            n -> n < 2 ? Mono.<String>error(down()) : Mono.just("ok"));
    List<String> values = new ArrayList<String>();

    call.mono().subscribe(values::add);
    assertEquals(1, call.calls.get());
    assertEquals(singletonList(300L), scheduler.scheduledDelays());

    scheduler.runUntilIdle();
    assertEquals(singletonList("ok"), values);
    assertEquals(2, call.calls.get());
  }
}
