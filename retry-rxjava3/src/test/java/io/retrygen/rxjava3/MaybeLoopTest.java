package io.retrygen.rxjava3;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subjects.MaybeSubject;
import io.retrygen.rxjava3.Fixtures.ScriptedMaybe;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerOpenException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MaybeLoopTest extends VirtualTimeTest {
  @Test
  void eachRetryStartsExactlyWhenItsWaitEndsAndCallsTheMethodAgain() {
    AtomicInteger cachedSubscriptions = new AtomicInteger();
    Maybe<String> cachedFailure = Maybe.<String>error(new IOException("down"))
        .doOnSubscribe(ignored -> cachedSubscriptions.incrementAndGet())
        .cache();
    ScriptedMaybe<String> call = new ScriptedMaybe<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> n == 1 ? cachedFailure : Maybe.just("fresh " + n));

    Maybe<String> maybe = call.maybe();
    assertEquals(0, call.calls);
    TestObserver<String> observer = maybe.test();
    advance(99);
    assertEquals(1, call.calls);
    advance(1);

    observer.assertResult("fresh 2");
    assertEquals(1, cachedSubscriptions.get());
    assertEquals(asList("retry #1 down 100ms +0ms", "success #2 +100ms"), fixture.events());
  }

  @Test
  void anEmptyAttemptCompletesTheCallWithoutAskingRetryOnResult() {
    List<String> asked = new ArrayList<>();
    ScriptedMaybe<String> call = new ScriptedMaybe<String>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> Maybe.empty()) {
      @Override
      protected boolean rejects(String result) {
        asked.add(result);
        return true;
      }
    };

    call.maybe().test().assertResult();

    assertEquals(1, call.calls);
    assertEquals(asList(), asked);
    assertEquals(asList("success #1 +0ms"), fixture.events());
  }

  @Test
  void aRejectedValueIsRetried() {
    ScriptedMaybe<String> call = new ScriptedMaybe<String>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Maybe.just(n == 1 ? "busy" : "ready")) {
      @Override
      protected boolean rejects(String result) {
        return result.equals("busy");
      }
    };

    TestObserver<String> observer = call.maybe().test();
    advance(100);

    observer.assertResult("ready");
    assertEquals(asList("retry #1 - 100ms +0ms", "success #2 +100ms"), fixture.events());
  }

  @Test
  void disposingDuringAnAttemptDisposesItAndStopsTheAttempts() {
    MaybeSubject<String> attempt = MaybeSubject.create();
    ScriptedMaybe<String> call =
        new ScriptedMaybe<>(fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> attempt);

    TestObserver<String> observer = call.maybe().test();
    observer.dispose();

    assertFalse(attempt.hasObservers());
    advance(1000);
    assertEquals(1, call.calls);
    observer.assertEmpty();
    assertEquals(asList("failure #1 CancellationException CANCELLED +0ms"), fixture.events());
  }

  @Test
  void disposingDuringAWaitStopsTheAttempts() {
    ScriptedMaybe<String> call = new ScriptedMaybe<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Maybe.error(new IOException("down")));

    TestObserver<String> observer = call.maybe().test();
    advance(99);
    observer.dispose();
    advance(1000);

    assertEquals(1, call.calls);
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #1 CancellationException CANCELLED +99ms"),
        fixture.events());
  }

  @Test
  void theRecoveryMayGiveAValueOrAMaybeOfItsOwn() {
    ScriptedMaybe<String> toValue = new ScriptedMaybe<String>(
        fixture.retrier(1, BackoffPolicy.fixed(100)), null,
        n -> Maybe.error(new IOException("down"))) {
      @Override
      protected Maybe<String> recover(Throwable failure) {
        return Maybe.just("fallback");
      }
    };
    ScriptedMaybe<String> toMaybe = new ScriptedMaybe<String>(
        fixture.retrier(1, BackoffPolicy.fixed(100)), null,
        n -> Maybe.error(new IOException("down"))) {
      @Override
      protected Maybe<String> recover(Throwable failure) {
        return Maybe.timer(10, TimeUnit.MILLISECONDS).flatMap(ignored -> Maybe.empty());
      }
    };

    toValue.maybe().test().assertResult("fallback");
    TestObserver<String> observer = toMaybe.maybe().test();
    observer.assertEmpty();
    advance(10);
    observer.assertResult();
  }

  @Test
  void aFailureThatIsNotRetryableIsNotRetried() {
    IllegalArgumentException bad = new IllegalArgumentException("bad");
    ScriptedMaybe<String> call = new ScriptedMaybe<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> Maybe.error(bad));

    call.maybe().test().assertError(error -> error == bad);
    advance(1000);

    assertEquals(1, call.calls);
    assertEquals(asList("failure #1 bad NOT_RETRYABLE +0ms"), fixture.events());
  }

  @Test
  void anOpenBreakerFailsWithoutCallingTheMethod() {
    ScriptedMaybe<String> call = new ScriptedMaybe<>(
        null, fixture.breaker(1, 1.0, 1000), n -> Maybe.error(new IOException("down")));

    call.maybe().test().assertError(IOException.class);
    call.maybe().test().assertError(CircuitBreakerOpenException.class);

    assertEquals(1, call.calls);
  }
}
