package io.retrygen.oracle;

import java.util.Locale;

/**
 * Defects the oracle found in the product and keeps out of its draws until they are fixed, each
 * reported with a seed and a minimal script. While a constant is here the generator avoids the
 * case; {@code -Doracle.draw=NAME} draws it anyway (to check a fix), and the fix deletes it.
 */
enum KnownDefect {
  // None open. The last one: a stateful RetryTemplate call that recovered a key exhausted by an
  // InterruptedException set the interrupt flag of that later call, which nothing interrupted
  // (the generated stateful method does not; 2 mismatching STATEFUL_TEMPLATE runs in 2400 cases).
  // The one before (#24): a breaker that overrides turn off still counted and opened on the
  // CompletionStage path, AsyncCall taking its permit past the gate's check (34 mismatching ASYNC
  // runs in 3000 cases).
  ;

  /** Whether the generator keeps away from this defect (unless the run asks to draw it). */
  boolean avoided() {
    for (String name : System.getProperty("oracle.draw", "").split(",")) {
      if (name.trim().toUpperCase(Locale.ROOT).equals(name())) {
        return false;
      }
    }
    return true;
  }
}
