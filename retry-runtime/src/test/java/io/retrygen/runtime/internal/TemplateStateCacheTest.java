package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryState;
import io.retrygen.runtime.RetryTemplate;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The process-wide state of a label is created by the first stateful call, not by building a
 * template: the caches by label are never removed, so a template built per host or per job (a
 * label of its own each time) that never makes a stateful call must not leave one behind.
 */
class TemplateStateCacheTest {
  @Test
  void aTemplateThatMakesNoStatefulCallRegistersNoStateForItsLabel() throws Exception {
    String label = "no-state-" + UUID.randomUUID();
    RetryTemplate template = RetryTemplate.builder().label(label).build();

    assertEquals("ok", template.execute(context -> "ok"));

    assertFalse(StateCache.exists(label));
  }

  @Test
  void theFirstStatefulCallCreatesTheLabelsState() throws Exception {
    String label = "state-" + UUID.randomUUID();
    RetryTemplate template = RetryTemplate.builder().label(label).build();

    assertEquals("ok", template.execute(context -> "ok", null, RetryState.of("k")));

    assertTrue(StateCache.exists(label));
  }
}
