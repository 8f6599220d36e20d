package io.retrygen.rxjava3;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subjects.PublishSubject;
import io.retrygen.rxjava3.Fixtures.ScriptedObservable;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerOpenException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ObservableLoopTest extends VirtualTimeTest {
  @Test
  void aRetryEmitsTheElementsAgainFromTheStartExactlyWhenItsWaitEnds() {
    AtomicInteger cachedSubscriptions = new AtomicInteger();
    Observable<Integer> cachedFailure = Observable.just(1, 2)
        .concatWith(Observable.error(new IOException("down")))
        .doOnSubscribe(ignored -> cachedSubscriptions.incrementAndGet())
        .cache();
    ScriptedObservable<Integer> call = new ScriptedObservable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> n == 1 ? cachedFailure : Observable.just(1, 2, 3));

    Observable<Integer> observable = call.observable();
    assertEquals(0, call.calls);
    TestObserver<Integer> observer = observable.test();
    observer.assertValues(1, 2).assertNotComplete();
    advance(99);
    assertEquals(1, call.calls);
    advance(1);

    observer.assertResult(1, 2, 1, 2, 3);
    assertEquals(1, cachedSubscriptions.get());
    assertEquals(asList("retry #1 down 100ms +0ms", "success #2 +100ms"), fixture.events());
  }

  @Test
  void eachSubscriptionCallsTheMethodAgain() {
    ScriptedObservable<Integer> call = new ScriptedObservable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> Observable.just(n));
    Observable<Integer> observable = call.observable();

    observable.test().assertResult(1);
    observable.test().assertResult(2);
  }

  @Test
  void disposingDuringAnAttemptDisposesItAndStopsTheAttempts() {
    PublishSubject<Integer> attempt = PublishSubject.create();
    ScriptedObservable<Integer> call = new ScriptedObservable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> n == 1 ? Observable.<Integer>error(new IOException("down")) : attempt);

    TestObserver<Integer> observer = call.observable().test();
    advance(100);
    attempt.onNext(7);
    observer.dispose();

    assertFalse(attempt.hasObservers());
    advance(1000);
    assertEquals(2, call.calls);
    observer.assertValues(7).assertNotComplete().assertNoErrors();
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #2 CancellationException CANCELLED +100ms"),
        fixture.events());
  }

  @Test
  void disposingDuringAWaitStopsTheAttempts() {
    ScriptedObservable<Integer> call = new ScriptedObservable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Observable.<Integer>error(new IOException("down")));

    TestObserver<Integer> observer = call.observable().test();
    advance(40);
    observer.dispose();
    advance(1000);

    assertEquals(1, call.calls);
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #1 CancellationException CANCELLED +40ms"),
        fixture.events());
  }

  @Test
  void theRecoveryMayGiveAValueOrAnObservableOfItsOwn() {
    ScriptedObservable<Integer> toValue = new ScriptedObservable<Integer>(
        fixture.retrier(2, BackoffPolicy.fixed(100)), null,
        n -> Observable.just(n).concatWith(Observable.error(new IOException("down")))) {
      @Override
      protected Observable<Integer> recover(Throwable failure) {
        return Observable.just(-1);
      }
    };
    ScriptedObservable<Integer> toObservable = new ScriptedObservable<Integer>(
        fixture.retrier(1, BackoffPolicy.fixed(100)), null,
        n -> Observable.<Integer>error(new IOException("down"))) {
      @Override
      protected Observable<Integer> recover(Throwable failure) {
        return Observable.intervalRange(10, 3, 10, 10, TimeUnit.MILLISECONDS)
            .map(Long::intValue);
      }
    };

    TestObserver<Integer> values = toValue.observable().test();
    advance(100);
    values.assertResult(1, 2, -1);
    TestObserver<Integer> observer = toObservable.observable().test();
    advance(20);
    observer.assertValues(10, 11).assertNotComplete();
    advance(10);
    observer.assertResult(10, 11, 12);
  }

  @Test
  void aFailureThatIsNotRetryableIsNotRetried() {
    IllegalArgumentException bad = new IllegalArgumentException("bad");
    ScriptedObservable<Integer> call = new ScriptedObservable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Observable.just(1).concatWith(Observable.error(bad)));

    call.observable().test().assertValues(1).assertError(error -> error == bad);
    advance(1000);

    assertEquals(1, call.calls);
    assertEquals(asList("failure #1 bad NOT_RETRYABLE +0ms"), fixture.events());
  }

  @Test
  void anOpenBreakerFailsWithoutCallingTheMethod() {
    ScriptedObservable<Integer> call = new ScriptedObservable<>(
        null, fixture.breaker(1, 1.0, 1000),
        n -> Observable.<Integer>error(new IOException("down")));

    call.observable().test().assertError(IOException.class);
    call.observable().test().assertError(CircuitBreakerOpenException.class);

    assertEquals(1, call.calls);
  }
}
