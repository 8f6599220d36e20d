package io.retrygen.reactor;

import static io.retrygen.reactor.Fixture.down;
import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.reactor.Fixture.ScriptedFlux;
import io.retrygen.runtime.BackoffPolicy;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/** A {@code Flux} method retried: elements again from the start, demand carried over. */
class FluxCallTest {
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

  /** Elements 1 and 2, then a retryable failure. */
  private static Flux<Integer> twoThenDown() {
    return Flux.just(1, 2).concatWith(Flux.<Integer>error(down()));
  }

  @Test
  void waitsExactlyAndEmitsTheElementsAgain() {
    ScriptedFlux<Integer> call =
        new ScriptedFlux<Integer>(
            fixture.retrier(3, BackoffPolicy.fixed(100)),
            n -> n < 3 ? twoThenDown() : Flux.just(1, 2, 3));

    StepVerifier.withVirtualTime(call::flux)
        .expectSubscription()
        .expectNext(1, 2)
        .expectNoEvent(Duration.ofMillis(99))
        .then(() -> assertEquals(1, call.calls.get()))
        .thenAwait(Duration.ofMillis(1))
        .expectNext(1, 2)
        .expectNoEvent(Duration.ofMillis(99))
        .thenAwait(Duration.ofMillis(1))
        .expectNext(1, 2, 3)
        .verifyComplete();

    assertEquals(
        asList("retry #1 down 100ms +0ms", "retry #2 down 100ms +100ms", "success #3 +200ms"),
        fixture.events());
  }

  @Test
  void assemblyIsLazyAndEachSubscriptionIsANewCall() {
    ScriptedFlux<Integer> call =
        new ScriptedFlux<Integer>(fixture.retrier(2, BackoffPolicy.fixed(0)), n -> Flux.just(n));

    Flux<Integer> flux = call.flux();
    assertEquals(0, call.calls.get());
    StepVerifier.create(flux).expectNext(1).verifyComplete();
    StepVerifier.create(flux).expectNext(2).verifyComplete();
  }

  @Test
  void theDemandNotYetMetCarriesOverToTheNextAttempt() {
    List<List<Long>> requests = Collections.synchronizedList(new ArrayList<List<Long>>());
    ScriptedFlux<Integer> call =
        new ScriptedFlux<Integer>(
            fixture.retrier(3, BackoffPolicy.fixed(0)),
            n -> {
              List<Long> asked = Collections.synchronizedList(new ArrayList<Long>());
              requests.add(asked);
              Flux<Integer> attempt = n == 1 ? twoThenDown() : Flux.just(1, 2, 3, 4);
              return attempt.doOnRequest(asked::add);
            });

    StepVerifier.create(call.flux(), 0)
        .expectSubscription()
        .then(() -> assertEquals(asList(Collections.<Long>emptyList()), requests))
        .thenRequest(1)
        .expectNext(1)
        .thenRequest(2)
        .expectNext(2, 1) // the first attempt failed after 2; the second gets what is left: 1
        .then(() -> assertEquals(asList(asList(1L, 2L), asList(1L)), requests))
        .thenRequest(5)
        .expectNext(2, 3, 4)
        .verifyComplete();
  }

  @Test
  void recoversToAFlux() {
    ScriptedFlux<Integer> call =
        new ScriptedFlux<Integer>(fixture.retrier(2, BackoffPolicy.fixed(0)), n -> twoThenDown()) {
          @Override
          protected Flux<? extends Integer> recover(Throwable failure) {
            return Flux.just(9, 9);
          }
        };

    StepVerifier.create(call.flux()).expectNext(1, 2, 1, 2, 9, 9).verifyComplete();
    assertEquals(
        asList("retry #1 down 0ms +0ms", "failure #2 down ATTEMPTS_EXHAUSTED +0ms"),
        fixture.events());
  }

  @Test
  void withNoRecoveryTheLastFailureItselfEndsTheFlux() {
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<Throwable>());
    ScriptedFlux<Integer> call =
        new ScriptedFlux<Integer>(
            fixture.retrier(2, BackoffPolicy.fixed(0)),
            n -> {
              IOException failure = down();
              failures.add(failure);
              return Flux.just(n).concatWith(Flux.<Integer>error(failure));
            });

    StepVerifier.create(call.flux())
        .expectNext(1, 2)
        .expectErrorSatisfies(f -> assertSame(failures.get(1), f))
        .verify();
  }

  @Test
  void tenThousandAttemptsThatFailAtOnceDoNotOverflowTheStack() {
    ScriptedFlux<Integer> call =
        new ScriptedFlux<Integer>(
            fixture.retrier(10_000, BackoffPolicy.fixed(0)),
            n -> n < 10_000 ? Flux.<Integer>error(down()) : Flux.just(n));

    StepVerifier.create(call.flux())
        .expectNext(10_000)
        .expectComplete()
        .verify(Duration.ofSeconds(30));
  }

  /**
   * Requests from two threads race each new attempt's subscription, made on a third: every unit
   * of demand reaches one attempt exactly once, so the elements are all delivered and never more
   * than were requested.
   */
  @Test
  void requestsRacingNewAttemptsDeliverAllAndNeverMoreThanRequested() throws Exception {
    Scheduler attempts = Schedulers.newSingle("attempts");
    ExecutorService requesters = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 20000; round++) {
        raceRequestsWithAttempts(attempts, requesters);
      }
    } finally {
      attempts.dispose();
      requesters.shutdownNow();
    }
  }

  private void raceRequestsWithAttempts(Scheduler attempts, ExecutorService requesters)
      throws Exception {
    // Three attempts of 0, 1, 2 then a failure; the fourth emits 0..9: 19 elements in all.
    ScriptedFlux<Integer> call =
        new ScriptedFlux<Integer>(
            new Fixture().retrier(4, BackoffPolicy.fixed(0)),
            n ->
                (n < 4 ? Flux.range(0, 3).concatWith(Flux.<Integer>error(down())) : Flux.range(0, 10))
                    .subscribeOn(attempts));
    AtomicLong requested = new AtomicLong();
    AtomicLong delivered = new AtomicLong();
    AtomicReference<String> wrong = new AtomicReference<String>();
    AtomicReference<Subscription> subscription = new AtomicReference<Subscription>();
    CountDownLatch done = new CountDownLatch(1);
    List<Integer> elements = Collections.synchronizedList(new ArrayList<Integer>());
    call.flux()
        .subscribe(
            new CoreSubscriber<Integer>() {
              @Override
              public void onSubscribe(Subscription s) {
                subscription.set(s);
              }

              @Override
              public void onNext(Integer next) {
                elements.add(next);
                if (delivered.incrementAndGet() > requested.get()) {
                  wrong.compareAndSet(null, "delivered " + delivered + " of " + requested);
                }
              }

              @Override
              public void onError(Throwable failure) {
                wrong.compareAndSet(null, "failed: " + failure);
                done.countDown();
              }

              @Override
              public void onComplete() {
                done.countDown();
              }
            });
    CountDownLatch start = new CountDownLatch(1);
    for (int thread = 0; thread < 2; thread++) {
      requesters.execute(
          () -> {
            try {
              start.await();
            } catch (InterruptedException e) {
              return;
            }
            // Little demand outstanding, so requests keep coming as attempts start, and a
            // request lost between two attempts stalls the Flux.
            while (done.getCount() > 0) {
              if (requested.get() - delivered.get() < 2) {
                requested.incrementAndGet(); // before the request: a delivery may follow at once
                subscription.get().request(1);
              } else {
                Thread.yield();
              }
            }
          });
    }
    start.countDown();
    assertTrue(done.await(10, TimeUnit.SECONDS), "not done: " + elements);
    assertNull(wrong.get());
    assertEquals(
        asList(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9), elements);
  }
}
