package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.runtime.StatefulRetries;
import io.retrygen.runtime.TemplateStates;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Where the state lives (SPEC §19): per method, in its compiled policy (a constant of the generated
 * class), so every instance shares it and overloads that share a label do not; per template; and
 * nowhere by label but the evictions, so templates built with labels of their own leave nothing
 * behind.
 */
class TemplateStateCacheTest {
  private final IllegalStateException failure = new IllegalStateException("down");

  @Test
  void everyInstanceBoundToAPolicySharesItsStateAndAnotherPolicyOfTheLabelDoesNot() {
    String label = "Inbox.take-" + UUID.randomUUID();
    RetryPolicy take = new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(0L));
    RetryPolicy overload = new RetryPolicy(label, 3, 0L, BackoffPolicy.fixed(0L));
    StatefulRetrier one = take.bindStateful(RetryOptions.defaults());
    StatefulRetrier other = take.bindStateful(RetryOptions.defaults());
    StatefulRetrier ofOverload = overload.bindStateful(RetryOptions.defaults());

    assertSame(one.cache(), other.cache());
    assertNotSame(one.cache(), ofOverload.cache());
    one.failed("b", 0L, failure);
    assertEquals(1, other.failures("b"));
    assertEquals(0, ofOverload.failures("b"));
  }

  @Test
  void templatesWithOneLabelKeepStatesApartAndCountTheirEvictionsTogether() {
    String label = "jobs-" + UUID.randomUUID();
    RetryTemplate first =
        RetryTemplate.builder().label(label).backoff(BackoffPolicy.fixed(0L)).build();
    RetryTemplate second =
        RetryTemplate.builder().label(label).backoff(BackoffPolicy.fixed(0L)).build();
    StateCache cache = TemplateStates.of(first).cache();
    assertNotSame(cache, TemplateStates.of(second).cache());

    for (int key = 0; key <= StatefulRetries.MAX_KEYS; key++) {
      TemplateStates.of(first).failed(key, 0L, failure);
      TemplateStates.of(second).failed(key, 0L, failure);
    }
    assertEquals(StatefulRetries.MAX_KEYS, cache.size());
    assertEquals(2L, StatefulRetries.evictions(label));
  }
}
