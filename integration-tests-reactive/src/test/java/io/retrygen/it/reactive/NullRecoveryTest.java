package io.retrygen.it.reactive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reactivex.rxjava3.core.Maybe;
import io.retrygen.runtime.RetryOptions;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** A recover method's null value completes a {@code Mono} or {@code Maybe} empty, not in error. */
class NullRecoveryTest {
  private final Lookups lookups = new LookupsRetrying(new Lookups() {
    @Override
    public Mono<String> owner(String id) {
      return Mono.error(new IOException("down"));
    }

    @Override
    public Maybe<String> location(String id) {
      return Maybe.error(new IOException("down"));
    }
  }, RetryOptions.defaults());

  @Test
  void aMonoRecoveredWithNullCompletesEmpty() {
    StepVerifier.create(lookups.owner("unknown")).verifyComplete();
    StepVerifier.create(lookups.owner("known")).expectNext("fallback known").verifyComplete();
  }

  @Test
  void aMaybeRecoveredWithNullCompletesEmpty() {
    lookups.location("unknown").test().assertNoErrors().assertNoValues().assertComplete();
    assertEquals("fallback known", lookups.location("known").blockingGet());
  }
}
