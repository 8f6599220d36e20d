package io.retrygen.oracle;

import java.util.Locale;

/**
 * Defects the oracle found in the product and keeps out of its draws until they are fixed, each
 * reported with a seed and a minimal script. While a constant is here the generator avoids the
 * case; {@code -Doracle.draw=NAME} draws it anyway (to check a fix), and the fix deletes it.
 */
enum KnownDefect {
  ; // none open: each found so far is fixed (a named breaker bound by the constructor, #19)

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
