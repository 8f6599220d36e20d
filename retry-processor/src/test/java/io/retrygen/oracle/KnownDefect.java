package io.retrygen.oracle;

import java.util.Locale;

/**
 * Defects the oracle found in the product and keeps out of its draws until they are fixed, each
 * reported with a seed and a minimal script. While a constant is here the generator avoids the
 * case; {@code -Doracle.draw=NAME} draws it anyway (to check a fix), and the fix deletes it.
 */
enum KnownDefect {
  /**
   * A named breaker is created when a generated instance is constructed ({@code
   * CircuitBreakerPolicy.bind} in the constructor), not by the first call through it, so it reads
   * the clock of whichever instance was built first, though another instance makes every call
   * (a breaker is "created by the first call that passes through it, never by a constructor"). The
   * oracle builds an instance per path, so the asynchronous method's named breaker was bound to
   * the synchronous run's clock, and each pair's to the clock of the first case of its type.
   * Avoided: no breaker is named (an unnamed one belongs to its instance, bound to its clock).
   */
  NAMED_BREAKER_BOUND_BY_CONSTRUCTOR;

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
