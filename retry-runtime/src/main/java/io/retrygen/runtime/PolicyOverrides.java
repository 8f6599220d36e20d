package io.retrygen.runtime;

import io.retrygen.runtime.internal.OverrideTable;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Changes the policies of generated instances and templates when they are created, without
 * recompiling: the operators' knobs. Pass them with {@link RetryOptions.Builder#overrides}; every
 * instance built with those options (its generated constructor), and every {@link RetryTemplate}
 * built with them, applies the overrides that name its policies once, then runs exactly as if the
 * annotations had said so: no call reads them again.
 *
 * <pre>{@code
 * PolicyOverrides overrides = PolicyOverrides.from(System.getProperties());
 * RetryOptions options = RetryOptions.builder().overrides(overrides).build();
 * PaymentClient client = new PaymentClientRetrying(http, options);
 * }</pre>
 *
 * <p>The keys (values as in the annotations, times in milliseconds; an attribute may also be
 * written in kebab case, {@code max-attempts}):
 *
 * <ul>
 *   <li>{@code retrygen.enabled}: {@code false} is a kill switch: every guarded method makes one
 *       attempt (no retry, no wait), circuit breakers stay closed and retry budgets take nothing.
 *       Timeouts and recovery stay in force;
 *   <li>{@code retrygen.retry.<label>.maxAttempts}, {@code .maxDuration}, {@code .delay}, {@code
 *       .maxDelay}, {@code .multiplier}, {@code .jitter}, and {@code .enabled} ({@code false}: one
 *       attempt, as {@code maxAttempts = 1});
 *   <li>{@code retrygen.circuitbreaker.<name>.requestVolumeThreshold}, {@code .failureRatio},
 *       {@code .delay}, {@code .successThreshold}, and {@code .enabled} ({@code false}: every call
 *       passes, nothing is counted); the name is the breaker's {@code name}, else the label;
 *   <li>{@code retrygen.budget.<name>.maxTokens}, {@code .tokenRatio} (the budget is created with
 *       them by the first instance bound to it);
 *   <li>{@code retrygen.timeout.<label>.value}.
 * </ul>
 *
 * The label is the method's {@code @Retryable(label)}, by default {@code Type.method} (the type's
 * name relative to its package). The policy inventory ({@code META-INF/retrygen/*.json}) lists the
 * keys of every guarded method under {@code "overrides"}. Keys that do not start with {@code
 * retrygen.} are ignored, so a whole {@code System.getProperties()} may be given.
 *
 * <p>An override is checked by the rules of its annotation when it is applied: a bad value makes
 * the generated constructor, or the template's {@code build()}, throw an {@code
 * IllegalArgumentException} that names the key, the value and the rule. Immutable as to its
 * values and thread-safe.
 */
public final class PolicyOverrides extends OverrideTable {
  private static final PolicyOverrides NONE =
      new PolicyOverrides(Collections.<String, String>emptyMap(), false);

  private PolicyOverrides(Map<?, ?> values, boolean active) {
    super(values, active);
  }

  /** Overrides that change nothing: the default of {@link RetryOptions}. */
  public static PolicyOverrides none() {
    return NONE;
  }

  /**
   * The overrides among {@code values} (a copy is taken).
   *
   * @throws IllegalArgumentException for a key that starts with {@code retrygen.} but has none of
   *     the shapes above, a value that is not a number (or, for {@code enabled}, not {@code
   *     true}/{@code false}), or two keys for the same setting; a number that breaks a rule is
   *     reported when it is applied
   */
  public static PolicyOverrides from(Map<String, String> values) {
    if (values == null) {
      throw new NullPointerException("values == null");
    }
    return new PolicyOverrides(new HashMap<String, String>(values), true);
  }

  /**
   * The overrides among {@code properties}, their defaults included, e.g. {@code
   * System.getProperties()} or a file read with {@link Properties#load}.
   *
   * @throws IllegalArgumentException as {@link #from(Map)}; also for a {@code retrygen.} key whose
   *     value is not a {@code String} (one {@code put} there, {@code put("retrygen.enabled",
   *     false)}), which is never dropped silently
   */
  public static PolicyOverrides from(Properties properties) {
    if (properties == null) {
      throw new NullPointerException("properties == null");
    }
    Map<Object, Object> values = new HashMap<Object, Object>();
    for (String key : properties.stringPropertyNames()) {
      values.put(key, properties.getProperty(key));
    }
    // stringPropertyNames() leaves out an entry whose value is not a String: keep it, so that the
    // check of from(Map) rejects it if it is an override. Iterating a Properties' entries takes
    // its lock (Hashtable on Java 8, a synchronized view since Java 9).
    synchronized (properties) {
      for (Map.Entry<Object, Object> entry : properties.entrySet()) {
        if (!(entry.getValue() instanceof String)) {
          values.put(entry.getKey(), entry.getValue());
        }
      }
    }
    return new PolicyOverrides(values, true);
  }

  /**
   * The keys, as given, that no bound policy has used so far: a policy uses the keys of its label
   * (or name) when an instance binds it, and {@code retrygen.enabled} is used by every binding. A
   * key left here after start-up names no policy of the application, often a mistyped label.
   * A sorted, unmodifiable snapshot.
   */
  public Set<String> unusedKeys() {
    return keysNotUsed();
  }

  /**
   * The effective policy of {@code label}, as last bound with these overrides, on one line: the
   * retry (and its budget), circuit breaker and timeout values, each overridden one followed by
   * {@code (override)}; e.g. {@code Orders.place: retry maxAttempts=5 (override), maxDuration=0,
   * delay=50, maxDelay=0, multiplier=0.0, jitter=0.0, random=false}. When no instance was bound
   * under that label, a line that says so.
   */
  public String describe(String label) {
    return policyOf(label);
  }

  @Override
  public String toString() {
    return this == NONE ? "PolicyOverrides.none()" : "PolicyOverrides" + given();
  }
}
