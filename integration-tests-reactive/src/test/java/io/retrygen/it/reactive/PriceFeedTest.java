package io.retrygen.it.reactive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** A Mono method of a class, retried by the generated subclass. */
class PriceFeedTest {
  @Test
  void theSubclassCallsSuperAgainAfterEachWait() {
    PriceFeedRetrying feed = new PriceFeedRetrying();
    feed.answers.add(Mono.error(new IOException("1")));
    feed.answers.add(Mono.just(42));

    StepVerifier.withVirtualTime(() -> feed.price("ACME"))
        .expectSubscription()
        .expectNoEvent(Duration.ofMillis(20))
        .expectNext(42)
        .verifyComplete();
    assertEquals(2, feed.calls);
  }

  @Test
  void theSubclassRecoversWithTheClasssMethod() {
    PriceFeedRetrying feed = new PriceFeedRetrying();

    StepVerifier.withVirtualTime(() -> feed.price("ACME"))
        .thenAwait(Duration.ofMillis(40))
        .expectNext(-1)
        .verifyComplete();
    assertEquals(3, feed.calls);
  }
}
