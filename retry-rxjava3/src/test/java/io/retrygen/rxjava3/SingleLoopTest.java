package io.retrygen.rxjava3;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subjects.SingleSubject;
import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.rxjava3.Fixtures.ScriptedSingle;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.internal.Retrier;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SingleLoopTest extends VirtualTimeTest {
  /** A delegate as the user writes it. */
  interface Quotes {
    Single<String> quote(String symbol);
  }

  /** What the generated class's method returns for {@code Quotes.quote}. */
  static Single<String> retried(Quotes delegate, Retrier retrier, String symbol) {
    return new SingleCall<String>(retrier, null) {
      @Override
      protected Single<String> call() {
        return delegate.quote(symbol);
      }

      @Override
      protected boolean retryable(Throwable failure) {
        return Fixtures.retryForException(failure);
      }
    }.single();
  }

  @Test
  void eachRetryStartsExactlyWhenItsWaitEnds() {
    ScriptedSingle<String> call = new ScriptedSingle<>(
        fixture.retrier(3, BackoffPolicy.exponential(100, 2.0)),
        null,
        n -> n < 3 ? Single.error(new IOException("down")) : Single.just("quote " + n));

    TestObserver<String> observer = call.single().test();

    assertEquals(1, call.calls); // attempt 1 on the subscribing thread
    advance(99);
    assertEquals(1, call.calls);
    advance(1);
    assertEquals(2, call.calls);
    advance(199);
    assertEquals(2, call.calls);
    observer.assertEmpty();
    advance(1);
    assertEquals(3, call.calls);
    observer.assertResult("quote 3");
    assertEquals(
        asList("retry #1 down 100ms +0ms", "retry #2 down 200ms +100ms", "success #3 +300ms"),
        fixture.events());
  }

  @Test
  void assemblyIsLazyAndEachSubscriptionCallsTheMethodAgain() {
    AtomicInteger calls = new AtomicInteger();
    Quotes delegate = symbol -> Single.just(symbol + " " + calls.incrementAndGet());

    Single<String> quote = retried(delegate, fixture.retrier(3, BackoffPolicy.fixed(100)), "ACME");

    assertEquals(0, calls.get());
    quote.test().assertResult("ACME 1");
    quote.test().assertResult("ACME 2");
    assertEquals(2, calls.get());
  }

  @Test
  void aRetryCallsTheMethodAgainAndNeverResubscribesTheFirstSingle() {
    AtomicInteger cachedSubscriptions = new AtomicInteger();
    Single<String> cachedFailure = Single.<String>error(new IOException("down"))
        .doOnSubscribe(ignored -> cachedSubscriptions.incrementAndGet())
        .cache();
    AtomicInteger calls = new AtomicInteger();
    Quotes delegate =
        symbol -> calls.incrementAndGet() == 1 ? cachedFailure : Single.just(symbol + " fresh");

    TestObserver<String> observer =
        retried(delegate, fixture.retrier(3, BackoffPolicy.fixed(100)), "ACME").test();
    advance(100);

    observer.assertResult("ACME fresh");
    assertEquals(2, calls.get());
    assertEquals(1, cachedSubscriptions.get());
  }

  @Test
  void aFailureThatIsNotRetryableEndsTheCallWithTheSameInstance() {
    IllegalArgumentException bad = new IllegalArgumentException("bad symbol");
    ScriptedSingle<String> call =
        new ScriptedSingle<>(fixture.retrier(3, BackoffPolicy.fixed(100)), null,
            n -> Single.error(bad));

    TestObserver<String> observer = call.single().test();
    advance(1000);

    observer.assertError(error -> error == bad);
    assertEquals(1, call.calls);
    assertEquals(asList("failure #1 bad symbol NOT_RETRYABLE +0ms"), fixture.events());
  }

  @Test
  void aThrowOrANullFromTheMethodIsAFailedAttempt() {
    ScriptedSingle<String> call =
        new ScriptedSingle<>(fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> {
          if (n == 1) {
            throw new IOException("thrown");
          }
          return n == 2 ? null : Single.just("ok");
        });

    TestObserver<String> observer = call.single().test();
    advance(200);

    observer.assertResult("ok");
    assertEquals(
        asList(
            "retry #1 thrown 100ms +0ms",
            "retry #2 the guarded method returned null instead of a Single 100ms +100ms",
            "success #3 +200ms"),
        fixture.events());
  }

  @Test
  void attemptsExhaustedEndWithTheLastFailure() {
    List<IOException> failures = new ArrayList<>();
    ScriptedSingle<String> call =
        new ScriptedSingle<>(fixture.retrier(2, BackoffPolicy.fixed(100)), null, n -> {
          IOException failure = new IOException("down " + n);
          failures.add(failure);
          return Single.error(failure);
        });

    TestObserver<String> observer = call.single().test();
    advance(100);

    observer.assertError(error -> error == failures.get(1));
    assertEquals(
        asList("retry #1 down 1 100ms +0ms", "failure #2 down 2 ATTEMPTS_EXHAUSTED +100ms"),
        fixture.events());
  }

  @Test
  void disposingDuringAWaitStopsTheAttempts() {
    ScriptedSingle<String> call = new ScriptedSingle<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Single.error(new IOException("down")));

    TestObserver<String> observer = call.single().test();
    advance(50);
    observer.dispose();
    advance(1000);

    assertEquals(1, call.calls);
    observer.assertEmpty();
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #1 CancellationException CANCELLED +50ms"),
        fixture.events());
  }

  @Test
  void disposingDuringAnAttemptDisposesItAndStopsTheAttempts() {
    List<SingleSubject<String>> attempts = new ArrayList<>();
    ScriptedSingle<String> call =
        new ScriptedSingle<>(fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> {
          SingleSubject<String> attempt = SingleSubject.create();
          attempts.add(attempt);
          return attempt;
        });

    TestObserver<String> observer = call.single().test();
    attempts.get(0).onError(new IOException("down"));
    advance(100);
    assertTrue(attempts.get(1).hasObservers());
    observer.dispose();
    observer.dispose();

    assertFalse(attempts.get(1).hasObservers());
    attempts.get(1).onError(new IOException("too late"));
    advance(1000);
    assertEquals(2, call.calls);
    observer.assertEmpty();
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #2 CancellationException CANCELLED +100ms"),
        fixture.events());
  }

  @Test
  void theHandleIsDisposedOnceCancelledOrTerminated() {
    List<Disposable> handles = new ArrayList<>();
    SingleObserver<String> observer = new SingleObserver<String>() {
      @Override
      public void onSubscribe(Disposable handle) {
        handles.add(handle);
      }

      @Override
      public void onSuccess(String value) {}

      @Override
      public void onError(Throwable failure) {}
    };
    SingleSubject<String> pending = SingleSubject.create();
    Retrier retrier = fixture.retrier(3, BackoffPolicy.fixed(100));

    new ScriptedSingle<String>(retrier, null, n -> Single.just("ok")).single()
        .subscribe(observer);
    new ScriptedSingle<String>(retrier, null, n -> pending).single().subscribe(observer);

    assertTrue(handles.get(0).isDisposed());
    assertFalse(handles.get(1).isDisposed());
    handles.get(1).dispose();
    assertTrue(handles.get(1).isDisposed());
  }

  @Test
  void disposingBeforeTheFirstAttemptCallsNothingAndTellsNothing() {
    ScriptedSingle<String> call = new ScriptedSingle<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> Single.just("ok"));
    TestObserver<String> observer = new TestObserver<>();
    observer.dispose();

    call.single().subscribe(observer);

    assertEquals(0, call.calls);
    observer.assertEmpty();
    assertEquals(asList(), fixture.events());
  }

  @Test
  void disposingWhileOnRetryIsToldEndsTheCallAfterIt() {
    AtomicReference<TestObserver<String>> observer = new AtomicReference<>();
    RetryListener disposing = new RetryListener() {
      @Override
      public void onRetry(RetryEvent event) {
        observer.get().dispose();
      }
    };
    Retrier retrier = fixture.policy(3, BackoffPolicy.fixed(100), 0L)
        .bind(fixture.builder(scheduler).listener(disposing).build());
    ScriptedSingle<String> call =
        new ScriptedSingle<>(retrier, null, n -> Single.error(new IOException("down")));
    observer.set(new TestObserver<>());

    call.single().subscribe(observer.get());
    advance(1000);

    assertEquals(1, call.calls);
    observer.get().assertEmpty();
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #1 CancellationException CANCELLED +0ms"),
        fixture.events());
  }

  @Test
  void tenThousandImmediateRetriesOfASynchronousFailureRunInALoop() {
    ScriptedSingle<String> call = new ScriptedSingle<>(
        fixture.policy(10_001, BackoffPolicy.fixed(0), 0L).bind(fixture.options),
        null,
        n -> n <= 10_000 ? Single.error(new IOException("down")) : Single.just("at last"));

    call.single().test().assertResult("at last");

    assertEquals(10_001, call.calls);
    assertEquals("success #10001 +0ms", fixture.events().get(10_000));
  }

  @Test
  void theRecoveryMayGiveAValue() {
    ScriptedSingle<String> call = new ScriptedSingle<String>(
        fixture.retrier(2, BackoffPolicy.fixed(100)), null,
        n -> Single.error(new IOException("down"))) {
      @Override
      protected Single<String> recover(Throwable failure) {
        return Single.just("stale quote after " + failure.getMessage());
      }
    };

    TestObserver<String> observer = call.single().test();
    advance(100);

    observer.assertResult("stale quote after down");
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #2 down ATTEMPTS_EXHAUSTED +100ms"),
        fixture.events());
  }

  @Test
  void theRecoveryMayGiveASingleOfItsOwn() {
    ScriptedSingle<String> call = new ScriptedSingle<String>(
        fixture.retrier(1, BackoffPolicy.fixed(100)), null,
        n -> Single.error(new IOException("down"))) {
      @Override
      protected Single<String> recover(Throwable failure) {
        return Single.timer(30, TimeUnit.MILLISECONDS).map(ignored -> "from the cache");
      }
    };

    TestObserver<String> observer = call.single().test();
    advance(29);
    observer.assertEmpty();
    advance(1);

    observer.assertResult("from the cache");
  }

  @Test
  void aFailedRecoveryEndsTheCallWithItsFailure() {
    IllegalStateException cacheDown = new IllegalStateException("cache down");
    ScriptedSingle<String> call = new ScriptedSingle<String>(
        fixture.retrier(1, BackoffPolicy.fixed(100)), null,
        n -> Single.error(new IOException("down"))) {
      @Override
      protected Single<String> recover(Throwable failure) {
        return Single.error(cacheDown);
      }
    };

    call.single().test().assertError(error -> error == cacheDown);
    assertEquals(1, call.calls);
  }

  @Test
  void aRejectedResultIsRetriedAndTheLastOneReturnedWhenAttemptsRunOut() {
    ScriptedSingle<String> call = new ScriptedSingle<String>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> Single.just("busy " + n)) {
      @Override
      protected boolean rejects(String result) {
        return result.startsWith("busy");
      }
    };

    TestObserver<String> observer = call.single().test();
    advance(100);
    observer.assertEmpty();
    advance(100);

    observer.assertResult("busy 3");
    assertEquals(
        asList(
            "retry #1 - 100ms +0ms",
            "retry #2 - 100ms +100ms",
            "failure #3 - ATTEMPTS_EXHAUSTED +200ms"),
        fixture.events());
  }

  @Test
  void aResultThatIsNotRejectedEndsTheCall() {
    ScriptedSingle<String> call = new ScriptedSingle<String>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Single.just(n == 1 ? "busy" : "ready")) {
      @Override
      protected boolean rejects(String result) {
        return result.equals("busy");
      }
    };

    TestObserver<String> observer = call.single().test();
    advance(100);

    observer.assertResult("ready");
    assertEquals(asList("retry #1 - 100ms +0ms", "success #2 +100ms"), fixture.events());
  }

  @Test
  void delayForChoosesTheWait() {
    ScriptedSingle<String> call = new ScriptedSingle<String>(
        fixture.retrier(2, BackoffPolicy.fixed(1000)), null,
        n -> n == 1 ? Single.error(new IOException("retry after 250")) : Single.just("ok")) {
      @Override
      protected long delayFor(Throwable failure) {
        return 250L;
      }
    };

    TestObserver<String> observer = call.single().test();
    advance(249);
    assertEquals(1, call.calls);
    advance(1);

    observer.assertResult("ok");
    assertEquals(
        asList("retry #1 retry after 250 250ms +0ms", "success #2 +250ms"), fixture.events());
  }

  @Test
  void maxDurationStopsTheRetryWhoseWaitWouldReachIt() {
    ScriptedSingle<String> call = new ScriptedSingle<>(
        fixture.retrier(10, BackoffPolicy.fixed(100), 250L), null,
        n -> Single.error(new IOException("down")));

    TestObserver<String> observer = call.single().test();
    advance(1000);

    observer.assertError(IOException.class);
    assertEquals(3, call.calls);
    assertEquals(
        asList(
            "retry #1 down 100ms +0ms",
            "retry #2 down 100ms +100ms",
            "failure #3 down DURATION_EXHAUSTED +200ms"),
        fixture.events());
  }

  @Test
  void aHookThatThrowsEndsTheCallWithWhatItThrew() {
    IllegalStateException hookFailed = new IllegalStateException("hook failed");
    ScriptedSingle<String> call = new ScriptedSingle<String>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Single.error(new IOException("down"))) {
      @Override
      protected long delayFor(Throwable failure) {
        throw hookFailed;
      }
    };

    call.single().test().assertError(error -> error == hookFailed);
    assertEquals(1, call.calls);
    assertEquals(asList("failure #1 hook failed USER_CODE_FAILED +0ms"), fixture.events());
  }
}
