package io.retrygen.benchmarks;

import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryOptions;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The options of the rows with run-time overrides (issue 24): default options plus {@link
 * PolicyOverrides} of the given keys and of {@link #UNRELATED}, a key for a label no method of
 * the benchmarks has, as a whole {@code System.getProperties()} would bring some. {@link
 * #checkApplied} checks, once a wrapper was built with them, that the overrides did what the row
 * says: the wrapper's line of {@code describe} shows each expected part and only the unrelated key
 * was left unused.
 */
final class OverrideOptions {
  /** A key that names no policy of the benchmarks. */
  static final String UNRELATED = "retrygen.retry.Inventory.fetch.maxAttempts";

  private final PolicyOverrides overrides;
  private final RetryOptions options;

  private OverrideOptions(String... keysAndValues) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      values.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    values.put(UNRELATED, "2");
    overrides = PolicyOverrides.from(values);
    options = RetryOptions.builder().overrides(overrides).build();
  }

  /** Options whose overrides are {@code keysAndValues} (key, value, key, value...). */
  static OverrideOptions of(String... keysAndValues) {
    return new OverrideOptions(keysAndValues);
  }

  RetryOptions options() {
    return options;
  }

  /**
   * Checks that a wrapper built with {@link #options()} applied the overrides of {@code label}:
   * its effective policy shows every one of {@code expected}, and no key but {@link #UNRELATED}
   * went unused.
   *
   * @throws IllegalStateException naming what differs
   */
  void checkApplied(String label, String... expected) {
    String line = overrides.describe(label);
    for (String part : expected) {
      if (!line.contains(part)) {
        throw new IllegalStateException("the overrides of " + label + " do not show " + part
            + ": " + line);
      }
    }
    Set<String> unused = overrides.unusedKeys();
    if (!unused.equals(Collections.singleton(UNRELATED))) {
      throw new IllegalStateException("unused override keys: " + unused);
    }
  }
}
