package io.retrygen.rxjava3;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subjects.CompletableSubject;
import io.retrygen.rxjava3.Fixtures.ScriptedCompletable;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerOpenException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CompletableLoopTest extends VirtualTimeTest {
  @Test
  void eachRetryStartsExactlyWhenItsWaitEndsAndCallsTheMethodAgain() {
    AtomicInteger cachedSubscriptions = new AtomicInteger();
    Completable cachedFailure = Completable.error(new IOException("down"))
        .doOnSubscribe(ignored -> cachedSubscriptions.incrementAndGet())
        .cache();
    ScriptedCompletable call = new ScriptedCompletable(
        fixture.retrier(3, BackoffPolicy.exponential(100, 2.0)), null,
        n -> n < 3 ? cachedFailure : Completable.complete());

    Completable completable = call.completable();
    assertEquals(0, call.calls);
    TestObserver<Void> observer = completable.test();
    advance(100);
    assertEquals(2, call.calls);
    advance(199);
    assertEquals(2, call.calls);
    observer.assertEmpty();
    advance(1);

    observer.assertResult();
    assertEquals(1, cachedSubscriptions.get());
    assertEquals(
        asList("retry #1 down 100ms +0ms", "retry #2 down 200ms +100ms", "success #3 +300ms"),
        fixture.events());
  }

  @Test
  void eachSubscriptionCallsTheMethodAgain() {
    ScriptedCompletable call = new ScriptedCompletable(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> Completable.complete());
    Completable completable = call.completable();

    completable.test().assertResult();
    completable.test().assertResult();

    assertEquals(2, call.calls);
  }

  @Test
  void disposingDuringAnAttemptDisposesItAndStopsTheAttempts() {
    CompletableSubject attempt = CompletableSubject.create();
    ScriptedCompletable call = new ScriptedCompletable(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> n == 1 ? Completable.error(new IOException("down")) : attempt);

    TestObserver<Void> observer = call.completable().test();
    advance(100);
    observer.dispose();

    assertFalse(attempt.hasObservers());
    advance(1000);
    assertEquals(2, call.calls);
    observer.assertEmpty();
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #2 CancellationException CANCELLED +100ms"),
        fixture.events());
  }

  @Test
  void disposingDuringAWaitStopsTheAttempts() {
    ScriptedCompletable call = new ScriptedCompletable(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Completable.error(new IOException("down")));

    TestObserver<Void> observer = call.completable().test();
    advance(10);
    observer.dispose();
    advance(1000);

    assertEquals(1, call.calls);
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #1 CancellationException CANCELLED +10ms"),
        fixture.events());
  }

  @Test
  void theRecoveryMayCompleteOrGiveACompletableOfItsOwn() {
    ScriptedCompletable completing = new ScriptedCompletable(
        fixture.retrier(1, BackoffPolicy.fixed(100)), null,
        n -> Completable.error(new IOException("down"))) {
      @Override
      protected Completable recover(Throwable failure) {
        return Completable.complete();
      }
    };
    ScriptedCompletable later = new ScriptedCompletable(
        fixture.retrier(1, BackoffPolicy.fixed(100)), null,
        n -> Completable.error(new IOException("down"))) {
      @Override
      protected Completable recover(Throwable failure) {
        return Completable.timer(10, TimeUnit.MILLISECONDS);
      }
    };

    completing.completable().test().assertResult();
    TestObserver<Void> observer = later.completable().test();
    observer.assertEmpty();
    advance(10);
    observer.assertResult();
  }

  @Test
  void aFailureThatIsNotRetryableIsNotRetried() {
    IllegalArgumentException bad = new IllegalArgumentException("bad");
    ScriptedCompletable call = new ScriptedCompletable(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> Completable.error(bad));

    call.completable().test().assertError(error -> error == bad);
    advance(1000);

    assertEquals(1, call.calls);
    assertEquals(asList("failure #1 bad NOT_RETRYABLE +0ms"), fixture.events());
  }

  @Test
  void maxDurationStopsTheRetryWhoseWaitWouldReachIt() {
    ScriptedCompletable call = new ScriptedCompletable(
        fixture.retrier(10, BackoffPolicy.fixed(100), 150L), null,
        n -> Completable.error(new IOException("down")));

    TestObserver<Void> observer = call.completable().test();
    advance(1000);

    observer.assertError(IOException.class);
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #2 down DURATION_EXHAUSTED +100ms"),
        fixture.events());
  }

  @Test
  void anOpenBreakerFailsWithoutCallingTheMethod() {
    ScriptedCompletable call = new ScriptedCompletable(
        null, fixture.breaker(1, 1.0, 1000), n -> Completable.error(new IOException("down")));

    call.completable().test().assertError(IOException.class);
    call.completable().test().assertError(CircuitBreakerOpenException.class);

    assertEquals(1, call.calls);
  }
}
