package io.retrygen.rxjava3;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.internal.AttemptTimer;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.TimeoutPolicy;
import io.retrygen.rxjava3.Fixtures.ScriptedCompletable;
import io.retrygen.rxjava3.Fixtures.ScriptedFlowable;
import io.retrygen.rxjava3.Fixtures.ScriptedMaybe;
import io.retrygen.rxjava3.Fixtures.ScriptedObservable;
import io.retrygen.rxjava3.Fixtures.ScriptedSingle;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code @Timeout} on the RxJava 3 types (SPEC §16): each attempt's deadline on the computation
 * scheduler, here a {@code TestScheduler}.
 */
class TimeoutTest extends VirtualTimeTest {
  private final AtomicInteger disposed = new AtomicInteger();

  private String timeout() {
    return new AttemptTimeoutException(fixture.label, 500L).getMessage();
  }

  private <T> Single<T> hungSingle() {
    return Single.<T>never().doOnDispose(disposed::incrementAndGet);
  }

  @Test
  void aHungSingleFailsAtTheLimitIsDisposedAndTheNextAttemptWins() {
    ScriptedSingle<String> call =
        new ScriptedSingle<>(
            fixture.retrier(3, BackoffPolicy.fixed(100)), null, fixture.timer(500),
            n -> n == 1
                ? this.<String>hungSingle()
                : Single.just("ok").delay(400, TimeUnit.MILLISECONDS));

    TestObserver<String> observer = call.single().test();
    advance(499);
    assertEquals(0, disposed.get());
    advance(1); // the deadline
    assertEquals(1, disposed.get());
    assertEquals(1, call.calls);
    advance(100);
    assertEquals(2, call.calls);
    advance(399);
    observer.assertNotComplete();
    advance(1); // attempt 2 ends in time; its deadline is cancelled

    observer.assertResult("ok");
    assertEquals(asList("retry #1 " + timeout() + " 100ms +500ms", "success #2 +1000ms"),
        fixture.events());
    advance(10_000);
    observer.assertResult("ok"); // nothing more
    assertEquals(2, call.calls);
  }

  /** The options' scheduler times the deadline: one that refuses it ends the call, uncalled. */
  @Test
  void aDeadlineTheOptionsSchedulerRefusesEndsTheCallWithItsRefusal() {
    RejectedExecutionException refusal = new RejectedExecutionException("shut down");
    ScheduledThreadPoolExecutor refusing = new ScheduledThreadPoolExecutor(1) {
      @Override
      public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        throw refusal;
      }
    };
    try {
      AttemptTimer timer = new TimeoutPolicy(fixture.label, 500)
          .bind(RetryOptions.builder().scheduler(refusing).build());
      ScriptedSingle<String> call =
          new ScriptedSingle<>(fixture.retrier(3, BackoffPolicy.fixed(100)), null, timer,
              n -> Single.just("ok"));

      call.single().test().assertError(error -> error == refusal);

      assertEquals(0, call.calls); // no attempt runs without its deadline
      assertEquals(asList("failure #1 shut down USER_CODE_FAILED +0ms"), fixture.events());
    } finally {
      refusing.shutdownNow();
    }
  }

  @Test
  void theBreakerCountsTheTimeoutAndATimerAloneEndsTheCall() {
    CircuitBreakerGate breaker = fixture.breaker(1, 1.0, 10_000);
    ScriptedMaybe<String> call =
        new ScriptedMaybe<>(null, breaker, fixture.timer(500),
            n -> Maybe.<String>never().doOnDispose(disposed::incrementAndGet));

    TestObserver<String> observer = call.maybe().test();
    advance(500);

    observer.assertError(AttemptTimeoutException.class);
    assertEquals(1, disposed.get());
    assertEquals(CircuitBreakerState.OPEN, breaker.state());
  }

  @Test
  void theRecoveryGetsTheTimeout() {
    ScriptedCompletable call =
        new ScriptedCompletable(null, null, fixture.timer(500),
            n -> Completable.never().doOnDispose(disposed::incrementAndGet)) {
          @Override
          protected Completable recover(Throwable failure) {
            return failure instanceof AttemptTimeoutException
                ? Completable.complete()
                : Completable.error(failure);
          }
        };

    TestObserver<Void> observer = call.completable().test();
    advance(499);
    observer.assertNotComplete();
    advance(1);

    observer.assertComplete();
    assertEquals(1, disposed.get());
  }

  @Test
  void anObservableEmitsAgainAfterItsAttemptTimedOut() {
    ScriptedObservable<Integer> call =
        new ScriptedObservable<>(
            fixture.retrier(2, BackoffPolicy.fixed(100)), null, fixture.timer(500),
            n -> n == 1
                ? Observable.concat(Observable.just(1, 2), Observable.<Integer>never())
                    .doOnDispose(disposed::incrementAndGet)
                : Observable.just(1, 2, 3));

    TestObserver<Integer> observer = call.observable().test();
    observer.assertValues(1, 2);
    advance(600);

    observer.assertResult(1, 2, 1, 2, 3);
    assertEquals(1, disposed.get());
  }

  @Test
  void aFlowableTimesOutEveryAttemptThenGivesUp() {
    ScriptedFlowable<Integer> call =
        new ScriptedFlowable<>(
            fixture.retrier(2, BackoffPolicy.fixed(100)), null, fixture.timer(500),
            n -> Flowable.<Integer>never().doOnCancel(disposed::incrementAndGet));

    TestSubscriber<Integer> subscriber = call.flowable().test();
    advance(1099);
    subscriber.assertNotComplete();
    subscriber.assertNoErrors();
    advance(1);

    subscriber.assertError(AttemptTimeoutException.class);
    assertEquals(2, disposed.get());
    assertEquals(
        asList(
            "retry #1 " + timeout() + " 100ms +500ms",
            "failure #2 " + timeout() + " ATTEMPTS_EXHAUSTED +1100ms"),
        fixture.events());
  }

  @Test
  void disposingTheCallCancelsTheDeadline() {
    ScriptedSingle<String> call =
        new ScriptedSingle<>(
            fixture.retrier(3, BackoffPolicy.fixed(100)), null, fixture.timer(500),
            n -> this.<String>hungSingle());

    TestObserver<String> observer = call.single().test();
    observer.dispose();
    advance(10_000);

    assertEquals(1, call.calls);
    assertEquals(1, disposed.get());
    assertTrue(fixture.events().get(0).startsWith("failure #1 CancellationException CANCELLED"),
        fixture.events().toString());
  }
}
