package io.retrygen.it.reactive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Generated RxJava 3 methods, run on a {@code TestScheduler} that stands for {@code
 * Schedulers.computation()}, where the waits go.
 */
class RxJavaRetryTest {
  private final TestScheduler time = new TestScheduler();
  private final RecordingListener listener = new RecordingListener();
  private final Scripted<Single<Integer>> counts = new Scripted<>();
  private final Scripted<Maybe<String>> locations = new Scripted<>();
  private final Scripted<Completable> reservations = new Scripted<>();
  private final Scripted<Observable<String>> events = new Scripted<>();
  private final Scripted<Flowable<String>> history = new Scripted<>();
  private final Inventory inventory =
      new InventoryRetrying(new FakeInventory(), RetryOptions.builder().listener(listener).build());

  @BeforeEach
  void virtualTime() {
    RxJavaPlugins.setComputationSchedulerHandler(scheduler -> time);
  }

  @AfterEach
  void realTime() {
    RxJavaPlugins.reset();
  }

  @Test
  void aSingleWaitsExactlyAndCallsTheMethodAgain() {
    AtomicInteger cachedSubscriptions = new AtomicInteger();
    Single<Integer> cachedFailure =
        Single.<Integer>error(new IOException("1"))
            .doOnSubscribe(d -> cachedSubscriptions.incrementAndGet())
            .cache();
    counts.then(() -> cachedFailure).then(() -> Single.just(7));

    Single<Integer> count = inventory.count("sku");
    assertEquals(0, counts.calls); // lazy
    TestObserver<Integer> observer = count.test();
    assertEquals(1, counts.calls);
    time.advanceTimeBy(99, TimeUnit.MILLISECONDS);
    observer.assertEmpty();
    time.advanceTimeBy(1, TimeUnit.MILLISECONDS);
    observer.assertResult(7);
    assertEquals(1, cachedSubscriptions.get());
    assertEquals("Inventory.count: retry 1 (100 ms), success 2", listener.toString());
  }

  @Test
  void aSingleRecoversToAValue() {
    counts.then(() -> Single.error(new IOException("down")));
    TestObserver<Integer> observer = inventory.count("sku").test();
    time.advanceTimeBy(1, TimeUnit.SECONDS);
    observer.assertResult(-1);
    assertEquals(3, counts.calls);
  }

  @Test
  void aMaybeRecoversWithItsOwnTypeAndCompletesEmptyWithoutRetrying() {
    locations.then(() -> Maybe.error(new IOException("down")));
    TestObserver<String> observer = inventory.location("sku").test();
    time.advanceTimeBy(1, TimeUnit.SECONDS);
    observer.assertResult("nowhere");

    locations.then(Maybe::empty);
    inventory.location("sku").test().assertResult();
    assertEquals(4, locations.calls);
  }

  @Test
  void aCompletableRetriesThenRecoversWithAVoidMethod() {
    reservations.then(() -> Completable.error(new IOException("1")))
        .then(Completable::complete);
    TestObserver<Void> observer = inventory.reserve("sku").test();
    time.advanceTimeBy(100, TimeUnit.MILLISECONDS);
    observer.assertResult();

    reservations.then(() -> Completable.error(new IOException("down")));
    TestObserver<Void> recovered = inventory.reserve("sku").test();
    time.advanceTimeBy(1, TimeUnit.SECONDS);
    recovered.assertResult();
    assertEquals(5, reservations.calls);
  }

  @Test
  void anObservableEmitsItsElementsAgainAfterAFailure() {
    events.then(() -> Observable.just("a", "b").concatWith(Observable.error(new IOException("cut"))))
        .then(() -> Observable.just("a", "b", "c"));
    TestObserver<String> observer = inventory.events("sku").test();
    observer.assertValues("a", "b").assertNotComplete();
    time.advanceTimeBy(100, TimeUnit.MILLISECONDS);
    observer.assertResult("a", "b", "a", "b", "c");
  }

  @Test
  void aFlowableKeepsTheDemandAcrossAttempts() {
    history.then(() -> Flowable.just("a", "b").concatWith(Flowable.error(new IOException("cut"))))
        .then(() -> Flowable.range(1, 10).map(String::valueOf));
    TestSubscriber<String> subscriber = inventory.history("sku").test(3);
    subscriber.assertValues("a", "b");
    time.advanceTimeBy(100, TimeUnit.MILLISECONDS);
    subscriber.assertValues("a", "b", "1").assertNotComplete();
    subscriber.request(2);
    subscriber.assertValues("a", "b", "1", "2", "3");
    subscriber.cancel();
  }

  @Test
  void disposingDuringTheWaitStopsTheCall() {
    counts.then(() -> Single.error(new IOException("1")));
    TestObserver<Integer> observer = inventory.count("sku").test();
    observer.dispose();
    time.advanceTimeBy(1, TimeUnit.SECONDS);
    assertEquals(1, counts.calls);
    assertEquals("Inventory.count: retry 1 (100 ms), failure 1 CANCELLED", listener.toString());
  }

  @Test
  void disposingDuringAnAttemptDisposesIt() {
    AtomicInteger disposed = new AtomicInteger();
    events.then(() -> Observable.<String>never().doOnDispose(disposed::incrementAndGet));
    TestObserver<String> observer = inventory.events("sku").test();
    observer.dispose();
    assertEquals(1, disposed.get());
    assertEquals("Inventory.events: failure 1 CANCELLED", listener.toString());
  }

  /** The delegate: each method answers from its script. */
  private final class FakeInventory implements Inventory {
    @Override
    public Single<Integer> count(String sku) {
      return counts.next();
    }

    @Override
    public Maybe<String> location(String sku) {
      return locations.next();
    }

    @Override
    public Completable reserve(String sku) {
      return reservations.next();
    }

    @Override
    public Observable<String> events(String sku) {
      return events.next();
    }

    @Override
    public Flowable<String> history(String sku) {
      return history.next();
    }
  }
}
