package io.retrygen.docs;

import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import io.retrygen.runtime.CircuitBreakers;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** The guide's tests of reactive methods in the libraries' virtual time (docs/async.md). */
class QuoteClientTest {
  private final AtomicInteger calls = new AtomicInteger();

  /** Its first Mono fails with an IOException, the next ones answer. */
  private final QuoteClient webClientQuotes = new QuoteClient() {
    @Override
    public Mono<String> quote(String symbol) {
      return calls.incrementAndGet() == 1
          ? Mono.error(new IOException("connection reset"))
          : Mono.just(symbol + " 42.00");
    }

    @Override
    public Flux<Integer> ticks(String symbol) {
      return Flux.just(1, 2, 3);
    }
  };

  @Test
  void aMonoIsRetriedInVirtualTime() {
    CircuitBreakers.resetAll();
    QuoteClient quotes = new QuoteClientRetrying(webClientQuotes);
    String expected = "ACME 42.00";
    StepVerifier.withVirtualTime(() -> quotes.quote("ACME"))
        .expectSubscription()
        .expectNoEvent(Duration.ofMillis(100))    // the first wait
        .expectNext(expected)
        .verifyComplete();
  }

  @Test
  void aSingleIsRetriedInVirtualTime() {
    AtomicInteger counts = new AtomicInteger();
    StockCounter inventory = new StockCounterRetrying(sku -> counts.incrementAndGet() == 1
        ? Single.error(new IOException("connection reset"))
        : Single.just(7));
    TestScheduler time = new TestScheduler();
    RxJavaPlugins.setComputationSchedulerHandler(scheduler -> time);
    TestObserver<Integer> count = inventory.count("sku").test();
    time.advanceTimeBy(100, TimeUnit.MILLISECONDS);   // the first wait
    count.assertResult(7);
    RxJavaPlugins.reset();
  }
}
