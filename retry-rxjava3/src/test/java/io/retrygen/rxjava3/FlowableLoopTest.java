package io.retrygen.rxjava3;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.processors.PublishProcessor;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import io.retrygen.rxjava3.Fixtures.ScriptedFlowable;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerOpenException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FlowableLoopTest extends VirtualTimeTest {
  @Test
  void theDemandNotYetMetIsAskedOfTheNextAttempt() {
    List<List<Long>> requests = new ArrayList<>();
    ScriptedFlowable<Integer> call = new ScriptedFlowable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> {
          List<Long> asked = new ArrayList<>();
          requests.add(asked);
          Flowable<Integer> elements = n == 1
              ? Flowable.just(1, 2).concatWith(Flowable.error(new IOException("down")))
              : Flowable.range(1, 10);
          return elements.doOnRequest(asked::add);
        });

    TestSubscriber<Integer> subscriber = call.flowable().test(0L);
    assertEquals(asList(), requests.get(0));
    subscriber.request(5);
    subscriber.assertValues(1, 2).assertNotComplete();
    advance(100);

    subscriber.assertValues(1, 2, 1, 2, 3).assertNotComplete();
    assertEquals(asList(3L), requests.get(1));
    subscriber.request(7);
    subscriber.assertResult(1, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    assertEquals(asList(5L), requests.get(0));
    assertEquals(asList(3L, 7L), requests.get(1));
  }

  @Test
  void aRequestDuringTheWaitIsAskedOfTheNextAttemptOnce() {
    List<Long> asked = new ArrayList<>();
    ScriptedFlowable<Integer> call = new ScriptedFlowable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> n == 1
            ? Flowable.<Integer>error(new IOException("down"))
            : Flowable.range(1, 10).doOnRequest(asked::add));

    TestSubscriber<Integer> subscriber = call.flowable().test(2L);
    advance(50);
    subscriber.request(1);
    advance(50);

    assertEquals(asList(3L), asked);
    subscriber.assertValues(1, 2, 3).assertNotComplete();
  }

  @Test
  void anUnboundedSubscriberGetsTheElementsAgainFromTheStartExactlyWhenTheWaitEnds() {
    AtomicInteger cachedSubscriptions = new AtomicInteger();
    Flowable<Integer> cachedFailure = Flowable.just(1, 2)
        .concatWith(Flowable.error(new IOException("down")))
        .doOnSubscribe(ignored -> cachedSubscriptions.incrementAndGet())
        .cache();
    ScriptedFlowable<Integer> call = new ScriptedFlowable<>(
        fixture.retrier(3, BackoffPolicy.exponential(100, 2.0)), null,
        n -> n < 3 ? cachedFailure : Flowable.just(1, 2, 3));

    Flowable<Integer> flowable = call.flowable();
    assertEquals(0, call.calls);
    TestSubscriber<Integer> subscriber = flowable.test();
    advance(100);
    assertEquals(2, call.calls);
    advance(199);
    assertEquals(2, call.calls);
    advance(1);

    subscriber.assertResult(1, 2, 1, 2, 1, 2, 3);
    assertEquals(1, cachedSubscriptions.get());
    assertEquals(
        asList("retry #1 down 100ms +0ms", "retry #2 down 200ms +100ms", "success #3 +300ms"),
        fixture.events());
  }

  @Test
  void cancellingDuringAnAttemptCancelsItAndStopsTheAttempts() {
    PublishProcessor<Integer> attempt = PublishProcessor.create();
    ScriptedFlowable<Integer> call = new ScriptedFlowable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> n == 1 ? Flowable.<Integer>error(new IOException("down")) : attempt);

    TestSubscriber<Integer> subscriber = call.flowable().test();
    advance(100);
    attempt.onNext(7);
    subscriber.cancel();

    assertFalse(attempt.hasSubscribers());
    advance(1000);
    assertEquals(2, call.calls);
    subscriber.assertValues(7).assertNotComplete().assertNoErrors();
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #2 CancellationException CANCELLED +100ms"),
        fixture.events());
  }

  @Test
  void cancellingDuringAWaitStopsTheAttempts() {
    ScriptedFlowable<Integer> call = new ScriptedFlowable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Flowable.<Integer>error(new IOException("down")));

    TestSubscriber<Integer> subscriber = call.flowable().test();
    advance(60);
    subscriber.cancel();
    advance(1000);

    assertEquals(1, call.calls);
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #1 CancellationException CANCELLED +60ms"),
        fixture.events());
  }

  @Test
  void theRecoveryGetsTheDemandNotYetMet() {
    List<Long> asked = new ArrayList<>();
    ScriptedFlowable<Integer> toValue = new ScriptedFlowable<Integer>(
        fixture.retrier(1, BackoffPolicy.fixed(100)), null,
        n -> Flowable.just(1).concatWith(Flowable.error(new IOException("down")))) {
      @Override
      protected Flowable<Integer> recover(Throwable failure) {
        return Flowable.range(100, 5).doOnRequest(asked::add);
      }
    };
    ScriptedFlowable<Integer> toFlowable = new ScriptedFlowable<Integer>(
        fixture.retrier(1, BackoffPolicy.fixed(100)), null,
        n -> Flowable.<Integer>error(new IOException("down"))) {
      @Override
      protected Flowable<Integer> recover(Throwable failure) {
        return Flowable.timer(10, TimeUnit.MILLISECONDS).map(Long::intValue);
      }
    };

    TestSubscriber<Integer> bounded = toValue.flowable().test(3L);
    bounded.assertValues(1, 100, 101).assertNotComplete();
    assertEquals(asList(2L), asked);
    TestSubscriber<Integer> later = toFlowable.flowable().test();
    advance(10);
    later.assertResult(0);
  }

  @Test
  void aFailureThatIsNotRetryableIsNotRetried() {
    IllegalArgumentException bad = new IllegalArgumentException("bad");
    ScriptedFlowable<Integer> call = new ScriptedFlowable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null,
        n -> Flowable.just(1).concatWith(Flowable.error(bad)));

    call.flowable().test().assertValues(1).assertError(error -> error == bad);
    advance(1000);

    assertEquals(1, call.calls);
    assertEquals(asList("failure #1 bad NOT_RETRYABLE +0ms"), fixture.events());
  }

  @Test
  void aRequestOfNothingIsReportedAsRxJavaReportsIt() {
    ScriptedFlowable<Integer> call = new ScriptedFlowable<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), null, n -> Flowable.range(1, 3));
    List<org.reactivestreams.Subscription> handles = new ArrayList<>();
    call.flowable().subscribe(new io.reactivex.rxjava3.core.FlowableSubscriber<Integer>() {
      @Override
      public void onSubscribe(org.reactivestreams.Subscription handle) {
        handles.add(handle);
      }

      @Override
      public void onNext(Integer value) {}

      @Override
      public void onError(Throwable failure) {}

      @Override
      public void onComplete() {}
    });

    handles.get(0).request(0);

    assertEquals(1, undeliverable.size());
    assertTrue(undeliverable.get(0) instanceof IllegalArgumentException);
    undeliverable.clear();
  }

  @Test
  void anOpenBreakerFailsWithoutCallingTheMethod() {
    ScriptedFlowable<Integer> call = new ScriptedFlowable<>(
        null, fixture.breaker(1, 1.0, 1000),
        n -> Flowable.<Integer>error(new IOException("down")));

    call.flowable().test().assertError(IOException.class);
    call.flowable().test().assertError(CircuitBreakerOpenException.class);

    assertEquals(1, call.calls);
  }
}
