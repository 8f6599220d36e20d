package io.retrygen.reactor;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.internal.AttemptTimer;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.runtime.internal.TimeoutPolicy;
import io.retrygen.test.VirtualTime;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * {@code @Timeout} on {@code Mono} and {@code Flux} (SPEC §16): each attempt's deadline on the
 * library's scheduler, so {@code StepVerifier.withVirtualTime} controls it, or on the options'.
 */
class TimeoutTest {
  private final Fixture fixture = new Fixture();
  private final AtomicInteger cancelled = new AtomicInteger();

  private AttemptTimer timer(Fixture on) {
    return new TimeoutPolicy(on.label, 500L).bind(on.options);
  }

  private Mono<String> hung() {
    return Mono.<String>never().doOnCancel(cancelled::incrementAndGet);
  }

  /** A guarded method returning {@code Mono}, as generated with {@code @Timeout(500)}. */
  static class TimedMono extends MonoCall<String> {
    final AtomicInteger calls = new AtomicInteger();
    final AtomicReference<Throwable> recovered = new AtomicReference<Throwable>();
    private final IntFunction<Mono<String>> attempt;
    private final boolean recovers;

    TimedMono(
        Retrier retrier,
        CircuitBreakerGate breaker,
        AttemptTimer timer,
        boolean recovers,
        IntFunction<Mono<String>> attempt) {
      super(retrier, breaker, timer);
      this.attempt = attempt;
      this.recovers = recovers;
    }

    @Override
    protected Mono<String> call() {
      return attempt.apply(calls.incrementAndGet());
    }

    @Override
    protected boolean retryable(Throwable failure) {
      return Fixture.retryForException(failure);
    }

    @Override
    protected boolean breakerFailure(Throwable failure) {
      return failure instanceof Exception;
    }

    @Override
    protected Mono<? extends String> recover(Throwable failure) throws Throwable {
      if (!recovers) {
        throw failure;
      }
      recovered.set(failure);
      return Mono.just("recovered");
    }
  }

  @Test
  void aHungAttemptFailsAtTheLimitIsCancelledAndRetried() {
    TimedMono call =
        new TimedMono(
            fixture.retrier(3, BackoffPolicy.fixed(100)), null, timer(fixture), false,
            n -> n == 1 ? hung() : Mono.just("ok").delayElement(Duration.ofMillis(400)));

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .expectNoEvent(Duration.ofMillis(499))
        .then(() -> assertEquals(0, cancelled.get()))
        .thenAwait(Duration.ofMillis(1)) // the deadline: cancelled, retried after 100 ms
        .then(() -> assertEquals(1, cancelled.get()))
        .expectNoEvent(Duration.ofMillis(100))
        .then(() -> assertEquals(2, call.calls.get()))
        .thenAwait(Duration.ofMillis(400)) // in time: attempt 2 wins
        .expectNext("ok")
        .verifyComplete();

    String timeout = new AttemptTimeoutException(fixture.label, 500L).getMessage();
    assertEquals(
        asList("retry #1 " + timeout + " 100ms +500ms", "success #2 +1000ms"), fixture.events());
  }

  @Test
  void anAttemptThatEndsInTimeCancelsItsDeadline() {
    VirtualTime scheduler = VirtualTime.start();
    Fixture withScheduler = new Fixture(scheduler);
    TimedMono call =
        new TimedMono(
            withScheduler.retrier(3, BackoffPolicy.fixed(100)), null, timer(withScheduler), false,
            n -> Mono.just("ok"));

    StepVerifier.create(call.mono()).expectNext("ok").verifyComplete();

    assertEquals(asList(500L), scheduler.scheduledDelays()); // armed on the options' scheduler
    assertEquals(0, scheduler.pendingTasks()); // and cancelled
  }

  @Test
  void theDeadlineRunsOnTheOptionsSchedulerWhenSet() {
    VirtualTime scheduler = VirtualTime.start();
    Fixture withScheduler = new Fixture(scheduler);
    TimedMono call =
        new TimedMono(null, null, timer(withScheduler), false, n -> hung());

    StepVerifier.create(call.mono())
        .expectSubscription()
        .then(scheduler::runUntilIdle)
        .expectError(AttemptTimeoutException.class)
        .verify(Duration.ofSeconds(5));
    assertEquals(1, cancelled.get());
  }

  @Test
  void theBreakerCountsTheTimeout() {
    CircuitBreakerGate breaker = fixture.breaker(1, 1.0, 10_000);
    TimedMono call = new TimedMono(null, breaker, timer(fixture), false, n -> hung());

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .thenAwait(Duration.ofMillis(500))
        .expectError(AttemptTimeoutException.class)
        .verify();

    assertEquals(CircuitBreakerState.OPEN, breaker.state());
  }

  @Test
  void theRecoveryGetsTheTimeoutOfATimerAlone() {
    TimedMono call = new TimedMono(null, null, timer(fixture), true, n -> hung());

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .thenAwait(Duration.ofMillis(500))
        .expectNext("recovered")
        .verifyComplete();

    assertInstanceOf(AttemptTimeoutException.class, call.recovered.get());
    assertEquals(1, call.calls.get());
    assertEquals(1, cancelled.get());
  }

  @Test
  void aLateSignalOfTheAttemptThatTimedOutDuringTheWaitCountsNothing() {
    AtomicReference<Subscriber<? super String>> first =
        new AtomicReference<Subscriber<? super String>>();
    TimedMono call =
        new TimedMono(
            fixture.retrier(3, BackoffPolicy.fixed(100)), null, timer(fixture), false,
            n -> n == 1 ? Mono.from(stubborn(first)) : Mono.just("second"));

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .thenAwait(Duration.ofMillis(550)) // timed out at 500; waiting for attempt 2
        .then(() -> {
          first.get().onNext("late"); // ignores the cancel: ends after all
          first.get().onComplete();
        })
        .thenAwait(Duration.ofMillis(50))
        .expectNext("second")
        .verifyComplete();

    assertEquals(2, call.calls.get());
  }

  @Test
  void aLateSignalOfTheAttemptThatTimedOutIsNotTakenForTheNextAttempts() {
    AtomicReference<Subscriber<? super String>> first =
        new AtomicReference<Subscriber<? super String>>();
    TimedMono call =
        new TimedMono(
            fixture.retrier(3, BackoffPolicy.fixed(100)), null, timer(fixture), false,
            n -> {
              if (n == 1) {
                return Mono.from(stubborn(first));
              }
              // attempt 2 is running when attempt 1, on another thread, ends after all
              first.get().onNext("late");
              first.get().onComplete();
              return Mono.just("second");
            });

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .thenAwait(Duration.ofMillis(600))
        .expectNext("second")
        .verifyComplete();

    assertEquals(2, call.calls.get());
  }

  @Test
  void aLateSignalOfTheAttemptThatTimedOutIsNotTakenForTheRecoverys() {
    AtomicReference<Subscriber<? super String>> first =
        new AtomicReference<Subscriber<? super String>>();
    TimedMono call =
        new TimedMono(null, null, timer(fixture), true, n -> Mono.from(stubborn(first))) {
          @Override
          protected Mono<? extends String> recover(Throwable failure) throws Throwable {
            first.get().onError(new IllegalStateException("late"));
            return super.recover(failure);
          }
        };

    StepVerifier.withVirtualTime(call::mono)
        .expectSubscription()
        .thenAwait(Duration.ofMillis(500))
        .expectNext("recovered")
        .verifyComplete();
  }

  /** A publisher that ignores its cancel and lets the test signal at will. */
  private static org.reactivestreams.Publisher<String> stubborn(
      AtomicReference<Subscriber<? super String>> into) {
    return subscriber -> {
      into.set(subscriber);
      subscriber.onSubscribe(
          new Subscription() {
            @Override
            public void request(long n) {}

            @Override
            public void cancel() {}
          });
    };
  }

  @Test
  void aFluxEmitsAgainAfterItsAttemptTimedOut() {
    FluxCall<Integer> call =
        new FluxCall<Integer>(fixture.retrier(2, BackoffPolicy.fixed(100)), null, timer(fixture)) {
          private int calls;

          @Override
          protected Flux<Integer> call() {
            calls++;
            return calls == 1
                ? Flux.concat(Flux.just(1, 2), Flux.<Integer>never())
                    .doOnCancel(cancelled::incrementAndGet)
                : Flux.just(1, 2, 3);
          }

          @Override
          protected boolean retryable(Throwable failure) {
            return Fixture.retryForException(failure);
          }
        };

    StepVerifier.withVirtualTime(call::flux)
        .expectSubscription()
        .expectNext(1, 2)
        .expectNoEvent(Duration.ofMillis(600))
        .expectNext(1, 2, 3)
        .verifyComplete();

    assertEquals(1, cancelled.get());
  }
}
