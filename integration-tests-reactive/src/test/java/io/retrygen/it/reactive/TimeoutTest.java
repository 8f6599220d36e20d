package io.retrygen.it.reactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** {@code @Timeout} on generated reactive methods, in the libraries' virtual time. */
class TimeoutTest {
  private final Scripted<Mono<String>> quotes = new Scripted<>();
  private final Scripted<Single<Integer>> counts = new Scripted<>();
  private final RecordingListener listener = new RecordingListener();
  private final TimedQuotes api =
      new TimedQuotesRetrying(
          new TimedQuotes() {
            @Override
            public Mono<String> quote(String symbol) {
              return quotes.next();
            }

            @Override
            public Single<Integer> count(String sku) {
              return counts.next();
            }
          },
          RetryOptions.builder().listener(listener).build());

  @AfterEach
  void realTime() {
    RxJavaPlugins.reset();
  }

  @Test
  void aMonoThatHangsIsCancelledAtTheLimitAndRetried() {
    AtomicInteger cancelled = new AtomicInteger();
    quotes.then(() -> Mono.<String>never().doOnCancel(cancelled::incrementAndGet))
        .then(() -> Mono.just("42"));

    StepVerifier.withVirtualTime(() -> api.quote("ACME"))
        .expectSubscription()
        .expectNoEvent(Duration.ofMillis(500))
        .then(() -> assertEquals(1, cancelled.get()))
        .thenAwait(Duration.ofMillis(10))
        .expectNext("42")
        .verifyComplete();
    assertEquals(2, quotes.calls);
    assertEquals("TimedQuotes.quote: retry 1 (10 ms), success 2", listener.toString());
    assertInstanceOf(AttemptTimeoutException.class, listener.events().get(0).failure());
  }

  @Test
  void aSingleThatHangsIsRecoveredWithTheTimeout() {
    TestScheduler time = new TestScheduler();
    RxJavaPlugins.setComputationSchedulerHandler(scheduler -> time);
    counts.then(Single::never);

    TestObserver<Integer> observer = api.count("sku").test();
    time.advanceTimeBy(199, TimeUnit.MILLISECONDS);
    observer.assertEmpty();
    time.advanceTimeBy(1, TimeUnit.MILLISECONDS);
    observer.assertResult(-1);
    assertEquals(1, counts.calls);
  }
}
