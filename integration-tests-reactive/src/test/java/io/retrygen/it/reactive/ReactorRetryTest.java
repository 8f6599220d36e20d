package io.retrygen.it.reactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * Generated Reactor methods, run in Reactor's virtual time: the waits go to {@code
 * Schedulers.parallel()}, which {@code StepVerifier.withVirtualTime} replaces.
 */
class ReactorRetryTest {
  private final Scripted<Mono<String>> quotes = new Scripted<>();
  private final Scripted<Flux<Integer>> ticks = new Scripted<>();
  private final RecordingListener listener = new RecordingListener();
  private final QuoteApi api =
      new QuoteApiRetrying(new FakeQuotes(), RetryOptions.builder().listener(listener).build());

  @AfterEach
  void forgetBreakers() {
    CircuitBreakers.resetAll();
    VirtualTimeScheduler.reset();
  }

  @Test
  void waitsTheBackoffExactlyThenCallsTheMethodAgain() {
    quotes.then(() -> Mono.error(new IOException("1")))
        .then(() -> Mono.error(new IOException("2")))
        .then(() -> Mono.just("42"));

    StepVerifier.withVirtualTime(() -> api.quote("ACME"))
        .expectSubscription()
        .then(() -> assertEquals(1, quotes.calls))
        .expectNoEvent(Duration.ofMillis(99))
        .then(() -> assertEquals(1, quotes.calls))
        .thenAwait(Duration.ofMillis(1))
        .then(() -> assertEquals(2, quotes.calls))
        .expectNoEvent(Duration.ofMillis(199))
        .then(() -> assertEquals(2, quotes.calls))
        .thenAwait(Duration.ofMillis(1))
        .expectNext("42")
        .verifyComplete();
    assertEquals(3, quotes.calls);
    assertEquals(
        "QuoteApi.quote: retry 1 (100 ms), retry 2 (200 ms), success 3", listener.toString());
  }

  @Test
  void assemblyIsLazyAndEachSubscriptionIsACall() {
    quotes.then(() -> Mono.just("42"));

    Mono<String> quote = api.quote("ACME");
    assertEquals(0, quotes.calls);
    StepVerifier.create(quote).expectNext("42").verifyComplete();
    StepVerifier.create(quote).expectNext("42").verifyComplete();
    assertEquals(2, quotes.calls);
  }

  /** A cached failing Mono is never subscribed again: the retry calls the method again. */
  @Test
  void retriesByCallingTheMethodAgainNeverByResubscribing() {
    AtomicInteger cachedSubscriptions = new AtomicInteger();
    Mono<String> cachedFailure =
        Mono.<String>error(new IOException("cached"))
            .doOnSubscribe(s -> cachedSubscriptions.incrementAndGet())
            .cache();
    quotes.then(() -> cachedFailure).then(() -> Mono.just("fresh"));

    StepVerifier.withVirtualTime(() -> api.quote("ACME"))
        .thenAwait(Duration.ofMillis(100))
        .expectNext("fresh")
        .verifyComplete();
    assertEquals(1, cachedSubscriptions.get());
    assertEquals(2, quotes.calls);
  }

  @Test
  void aFluxFailingAfterSomeElementsEmitsThemAgain() {
    ticks.then(() -> Flux.just(1, 2).concatWith(Flux.error(new IOException("cut"))))
        .then(() -> Flux.just(1, 2, 3));

    StepVerifier.withVirtualTime(() -> api.ticks("ACME"))
        .expectNext(1, 2)
        .expectNoEvent(Duration.ofMillis(50))
        .expectNext(1, 2, 3)
        .verifyComplete();
    assertEquals(2, ticks.calls);
  }

  @Test
  void aFluxKeepsTheDownstreamsDemandAcrossAttempts() {
    ticks.then(() -> Flux.just(1, 2).concatWith(Flux.error(new IOException("cut"))))
        .then(() -> Flux.range(1, 10));

    StepVerifier.withVirtualTime(() -> api.ticks("ACME"), 3)
        .expectNext(1, 2)
        .thenAwait(Duration.ofMillis(50))
        .expectNext(1)
        .expectNoEvent(Duration.ofMillis(10))
        .thenRequest(2)
        .expectNext(2, 3)
        .thenCancel()
        .verify();
  }

  @Test
  void cancellingDuringTheWaitStopsTheCall() {
    quotes.then(() -> Mono.error(new IOException("1")));
    VirtualTimeScheduler time = VirtualTimeScheduler.getOrSet();

    Disposable subscription = api.quote("ACME").subscribe();
    assertEquals(1, quotes.calls);
    subscription.dispose();
    time.advanceTimeBy(Duration.ofSeconds(10));

    assertEquals(1, quotes.calls);
    assertEquals("QuoteApi.quote: retry 1 (100 ms), failure 1 CANCELLED", listener.toString());
  }

  @Test
  void cancellingDuringAnAttemptCancelsIt() {
    AtomicInteger cancelled = new AtomicInteger();
    quotes.then(() -> Mono.<String>never().doOnCancel(cancelled::incrementAndGet));

    Disposable subscription = api.quote("ACME").subscribe();
    assertEquals(1, quotes.calls);
    subscription.dispose();

    assertEquals(1, cancelled.get());
    assertEquals("QuoteApi.quote: failure 1 CANCELLED", listener.toString());
  }

  /** Cancelled before the first attempt (in {@code onSubscribe}): no call, no event. */
  @Test
  void cancellingBeforeTheFirstAttemptCallsNothing() {
    quotes.then(() -> Mono.just("42"));

    StepVerifier.create(api.quote("ACME")).thenCancel().verify();

    assertEquals(0, quotes.calls);
    assertEquals("", listener.toString());
  }

  @Test
  void aFailureThatIsNotRetryableEndsTheCallAsItIs() {
    IllegalStateException failure = new IllegalStateException("bug");
    quotes.then(() -> Mono.error(failure));

    StepVerifier.create(api.quote("ACME"))
        .expectErrorSatisfies(e -> assertSame(failure, e))
        .verify();
    assertEquals(1, quotes.calls);
    assertEquals("QuoteApi.quote: failure 1 NOT_RETRYABLE", listener.toString());
  }

  @Test
  void aThrowFromTheMethodIsAFailureToo() {
    quotes.then(() -> {
          throw new java.io.UncheckedIOException(new IOException("not retried: unchecked"));
        });

    StepVerifier.create(api.quote("ACME"))
        .expectError(java.io.UncheckedIOException.class)
        .verify();
    assertEquals(1, quotes.calls);
  }

  @Test
  void aRejectedResultIsRetriedAndTheLastOneReturnedWhenAttemptsRunOut() {
    quotes.then(() -> Mono.just("stale 1")).then(() -> Mono.just("fresh"));
    StepVerifier.withVirtualTime(() -> api.fresh("ACME"))
        .thenAwait(Duration.ofMillis(10))
        .expectNext("fresh")
        .verifyComplete();

    Scripted<Mono<String>> stale = quotes.then(() -> Mono.just("stale"));
    StepVerifier.withVirtualTime(() -> api.fresh("ACME"))
        .thenAwait(Duration.ofMillis(20))
        .expectNext("stale")
        .verifyComplete();
    assertEquals(5, stale.calls);
    List<RetryEvent> events = listener.events();
    assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, events.get(events.size() - 1).reason());
  }

  @Test
  void anEmptyMonoCompletesEmptyWithoutAskingRetryOnResult() {
    quotes.then(Mono::empty);
    StepVerifier.create(api.fresh("ACME")).verifyComplete();
    assertEquals(1, quotes.calls);
  }

  @Test
  void theBreakerCountsEachAttemptAtItsEndAndOpens() {
    quotes.then(() -> Mono.error(new IOException("down")));

    StepVerifier.create(api.guarded("A")).expectError(IOException.class).verify();
    StepVerifier.create(api.guarded("A")).expectError(IOException.class).verify();
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state("QuoteApi.guarded"));
    StepVerifier.create(api.guarded("A"))
        .expectError(CircuitBreakerOpenException.class)
        .verify();
    assertEquals(2, quotes.calls);
  }

  @Test
  void theRetryBudgetStopsRetriesWhenSpent() {
    quotes.then(() -> Mono.error(new IOException("down")));

    StepVerifier.withVirtualTime(() -> api.budgeted("A"))
        .thenAwait(Duration.ofSeconds(1))
        .expectError(IOException.class)
        .verify();
    assertEquals(2, quotes.calls);
    List<RetryEvent> events = listener.events();
    assertEquals(GiveUpReason.BUDGET_EXHAUSTED, events.get(events.size() - 1).reason());
    assertEquals(2.0, RetryBudgets.tokens("reactive-quotes"));
  }

  @Test
  void theSubscribersContextReachesEveryAttempt() {
    quotes.then(() -> Mono.deferContextual(c -> Mono.error(new IOException(c.<String>get("user")))))
        .then(() -> Mono.deferContextual(c -> Mono.just("for " + c.get("user"))));

    StepVerifier.withVirtualTime(() -> api.quote("ACME").contextWrite(c -> c.put("user", "ada")))
        .thenAwait(Duration.ofMillis(100))
        .expectNext("for ada")
        .verifyComplete();
    assertEquals("ada", listener.events().get(0).failure().getMessage());
  }

  @Test
  void aValueDeliveredOnlyWhenRequested() {
    quotes.then(() -> Mono.just("42"));
    StepVerifier.create(api.quote("ACME"), 0)
        .expectSubscription()
        .expectNoEvent(Duration.ofMillis(1))
        .thenRequest(1)
        .expectNext("42")
        .verifyComplete();
  }

  @Test
  void recoversToAMonoOrAValueOrAFlux() {
    Scripted<Mono<String>> down = new Scripted<Mono<String>>().then(() -> Mono.error(new IOException("down")));
    Scripted<Flux<Integer>> noTicks = new Scripted<Flux<Integer>>().then(() -> Flux.error(new IOException("down")));
    FallbackApi fallback = new FallbackApiRetrying(new FallbackApi() {
      @Override
      public Mono<String> quote(String symbol) {
        return down.next();
      }

      @Override
      public Mono<String> price(String symbol) {
        return down.next();
      }

      @Override
      public Flux<Integer> ticks(String symbol) {
        return noTicks.next();
      }
    });

    StepVerifier.withVirtualTime(() -> fallback.quote("ACME"))
        .thenAwait(Duration.ofMillis(10))
        .expectNext("cached ACME after down")
        .verifyComplete();
    StepVerifier.withVirtualTime(() -> fallback.price("ACME"))
        .thenAwait(Duration.ofMillis(10))
        .expectNext("last ACME")
        .verifyComplete();
    StepVerifier.withVirtualTime(() -> fallback.ticks("ACME"))
        .thenAwait(Duration.ofMillis(10))
        .expectNext(-1)
        .verifyComplete();
    assertEquals(4, down.calls);
    assertEquals(2, noTicks.calls);
  }

  @Test
  void aCancellationSignalIsNeitherRetriedNorRecovered() {
    quotes.then(() -> Mono.error(new java.util.concurrent.CancellationException("stop")));
    StepVerifier.create(api.quote("ACME"))
        .expectErrorSatisfies(e -> assertInstanceOf(java.util.concurrent.CancellationException.class, e))
        .verify();
    assertEquals(1, quotes.calls);
    assertEquals("QuoteApi.quote: failure 1 CANCELLED", listener.toString());
  }

  /** The delegate: each method answers from its script. */
  private final class FakeQuotes implements QuoteApi {
    @Override
    public Mono<String> quote(String symbol) {
      return quotes.next();
    }

    @Override
    public Flux<Integer> ticks(String symbol) {
      return ticks.next();
    }

    @Override
    public Mono<String> fresh(String symbol) {
      return quotes.next();
    }

    @Override
    public Mono<String> guarded(String symbol) {
      return quotes.next();
    }

    @Override
    public Mono<String> budgeted(String symbol) {
      return quotes.next();
    }
  }
}
