package io.retrygen.oracle;

import java.util.Locale;

/**
 * What the generator may draw beyond what the product implements today. Each flag is off until
 * its feature exists; {@code -Doracle.flags=NAME} turns flags on for a run.
 *
 * <p>The model already knows each feature, as the contract states it; a flag only lets the
 * generator draw it and the runner observe it.
 */
enum Flags {
  ; // none open: each feature drawn so far exists (RetryEvent.reason(), #20)

  private static final String PROPERTY = "oracle.flags";

  /** Whether the run turned this flag on. */
  boolean on() {
    String value = System.getProperty(PROPERTY, "");
    for (String name : value.split(",")) {
      if (name.trim().toUpperCase(Locale.ROOT).equals(name())) {
        return true;
      }
    }
    return false;
  }
}
