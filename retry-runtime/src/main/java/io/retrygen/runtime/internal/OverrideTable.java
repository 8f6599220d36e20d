package io.retrygen.runtime.internal;

import static io.retrygen.runtime.internal.OverrideKeys.BREAKER;
import static io.retrygen.runtime.internal.OverrideKeys.BUDGET;
import static io.retrygen.runtime.internal.OverrideKeys.ENABLED;
import static io.retrygen.runtime.internal.OverrideKeys.PREFIX;
import static io.retrygen.runtime.internal.OverrideKeys.RETRY;
import static io.retrygen.runtime.internal.OverrideKeys.TIMEOUT;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.PolicyOverrides;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Not API. What {@link PolicyOverrides} does, here so that the policies reach it when they are
 * bound without a public method on {@code PolicyOverrides}: its members are package-private, and
 * {@code PolicyOverrides} is its only subclass.
 *
 * <p>A policy asks its overrides once, when an instance binds it (the generated constructor, a
 * template's {@code build()}): {@link #retry}, {@link #breaker} and {@link #timeout} return the
 * policy the overrides make of the compiled one, checked by the annotations' own rules, and
 * remember it for {@link PolicyOverrides#describe}. The bound objects then hold the result, so no call reads the
 * overrides again. Thread-safe: instances may be bound concurrently.
 */
public abstract class OverrideTable {
  /** Canonical key to value; empty for none. */
  private final Map<String, OverrideValue> values;
  /** False for {@link PolicyOverrides#none()}: bindings then change nothing and record nothing. */
  private final boolean active;
  /** Whether {@code retrygen.enabled=false}: no retry, breakers closed, budgets take nothing. */
  private final boolean killed;
  /** The keys (as given) of every override a bound policy looked up. */
  private final Set<String> used =
      Collections.newSetFromMap(new ConcurrentHashMap<String, Boolean>());
  /** Per label, the policies last bound under it, for {@link #describe}. */
  private final ConcurrentMap<String, BoundPolicies> bound =
      new ConcurrentHashMap<String, BoundPolicies>();

  /**
   * @param given the keys and values; entries whose key does not start with {@code retrygen.} are
   *     ignored
   * @param active false for the overrides that change nothing
   * @throws IllegalArgumentException for a malformed key or value
   */
  protected OverrideTable(Map<?, ?> given, boolean active) {
    // none() reads nothing: a cold start without overrides does not load the key grammar.
    this.values = given.isEmpty()
        ? Collections.<String, OverrideValue>emptyMap()
        : Collections.unmodifiableMap(OverrideKeys.read(given));
    this.active = active;
    OverrideValue enabled = values.get(ENABLED);
    this.killed = enabled != null && enabled.isFalse();
  }

  /**
   * {@code compiled} as the overrides of its label (and its budget's name) make it.
   *
   * @throws IllegalArgumentException naming the key, the value and the rule an override breaks
   */
  final RetryPolicy retry(RetryPolicy compiled) {
    if (!active) {
      return compiled;
    }
    use(ENABLED);
    String section = PREFIX + RETRY + "." + compiled.label() + ".";
    OverrideValue maxAttempts = use(section + "maxAttempts");
    OverrideValue maxDuration = use(section + "maxDuration");
    OverrideValue delay = use(section + "delay");
    OverrideValue maxDelay = use(section + "maxDelay");
    OverrideValue multiplier = use(section + "multiplier");
    OverrideValue jitter = use(section + "jitter");
    OverrideValue enabled = use(section + "enabled");
    BudgetSpec budget = compiled.budgetSpec();
    OverrideValue maxTokens = null;
    OverrideValue tokenRatio = null;
    if (budget != null) {
      String budgetSection = PREFIX + BUDGET + "." + budget.name() + ".";
      maxTokens = use(budgetSection + "maxTokens");
      tokenRatio = use(budgetSection + "tokenRatio");
    }
    boolean off = killed || (enabled != null && enabled.isFalse());
    RetryPolicy effective = compiled;
    if (off || maxAttempts != null || maxDuration != null || delay != null || maxDelay != null
        || multiplier != null || jitter != null || maxTokens != null || tokenRatio != null) {
      BackoffPolicy backoff = compiled.backoff();
      try {
        backoff = BackoffPolicy.of(
            delay != null ? delay.longValue() : backoff.delayMillis(),
            maxDelay != null ? maxDelay.longValue() : backoff.maxDelayMillis(),
            multiplier != null ? multiplier.doubleValue() : backoff.multiplier(),
            backoff.random(),
            jitter != null ? jitter.doubleValue() : backoff.jitter());
      } catch (IllegalArgumentException e) {
        throw broken("@Backoff", e.getMessage(), delay, maxDelay, multiplier, jitter);
      }
      long duration = maxDuration != null ? maxDuration.longValue() : compiled.maxDurationMillis();
      if (maxDuration != null || delay != null) {
        try {
          RetryPolicy.requireTimeForARetry(duration, backoff);
        } catch (IllegalArgumentException e) {
          throw broken("@Retryable", e.getMessage(), maxDuration, delay);
        }
      }
      if (maxTokens != null || tokenRatio != null) {
        try {
          budget = new BudgetSpec(
              budget.name(),
              maxTokens != null ? maxTokens.intValue() : budget.maxTokens(),
              tokenRatio != null ? tokenRatio.doubleValue() : budget.tokenRatio());
        } catch (IllegalArgumentException e) {
          throw broken("@RetryBudget", e.getMessage(), maxTokens, tokenRatio);
        }
      }
      int attempts = maxAttempts != null ? maxAttempts.intValue() : compiled.maxAttempts();
      try {
        effective = compiled.overridden(attempts, duration, backoff, budget);
      } catch (IllegalArgumentException e) {
        throw broken("@Retryable", e.getMessage(), maxAttempts, maxDuration);
      }
      if (off) {
        effective = effective.overridden(1, duration, backoff, killed ? null : budget);
      }
    }
    bound(compiled.label()).retry = effective;
    return effective;
  }

  /**
   * {@code compiled} as the overrides of the breaker's name make it: disabled by {@code
   * enabled=false} or the kill switch.
   *
   * @param name the breaker's name: its {@code @CircuitBreaker(name)}, else the label
   * @param label the guarded method's label, under which {@link #describe} shows it
   * @throws IllegalArgumentException naming the key, the value and the rule an override breaks
   */
  final CircuitBreakerPolicy breaker(CircuitBreakerPolicy compiled, String name, String label) {
    if (!active) {
      return compiled;
    }
    use(ENABLED);
    String section = PREFIX + BREAKER + "." + name + ".";
    OverrideValue volume = use(section + "requestVolumeThreshold");
    OverrideValue ratio = use(section + "failureRatio");
    OverrideValue delay = use(section + "delay");
    OverrideValue successes = use(section + "successThreshold");
    OverrideValue enabled = use(section + "enabled");
    CircuitBreakerPolicy effective = compiled;
    if (volume != null || ratio != null || delay != null || successes != null) {
      try {
        effective = new CircuitBreakerPolicy(
            compiled.name(),
            volume != null ? volume.intValue() : compiled.requestVolumeThreshold(),
            ratio != null ? ratio.doubleValue() : compiled.failureRatio(),
            delay != null ? delay.longValue() : compiled.delayMillis(),
            successes != null ? successes.intValue() : compiled.successThreshold());
      } catch (IllegalArgumentException e) {
        throw broken("@CircuitBreaker", e.getMessage(), volume, ratio, delay, successes);
      }
    }
    if (killed || (enabled != null && enabled.isFalse())) {
      effective = effective.disabled();
    }
    BoundPolicies policies = bound(label);
    policies.breakerName = name;
    policies.breaker = effective;
    return effective;
  }

  /**
   * {@code compiled} as the override of its label makes it. The kill switch leaves timeouts alone.
   *
   * @throws IllegalArgumentException naming the key, the value and the rule an override breaks
   */
  final TimeoutPolicy timeout(TimeoutPolicy compiled) {
    if (!active) {
      return compiled;
    }
    use(ENABLED);
    OverrideValue value = use(PREFIX + TIMEOUT + "." + compiled.label() + ".value");
    TimeoutPolicy effective = compiled;
    if (value != null) {
      try {
        effective = new TimeoutPolicy(compiled.label(), value.longValue());
      } catch (IllegalArgumentException e) {
        throw broken("@Timeout", e.getMessage(), value);
      }
    }
    bound(compiled.label()).timeout = effective;
    return effective;
  }

  /** As {@link PolicyOverrides#unusedKeys()}. */
  protected final Set<String> keysNotUsed() {
    Set<String> unused = new TreeSet<String>();
    for (OverrideValue value : values.values()) {
      if (!used.contains(value.key())) {
        unused.add(value.key());
      }
    }
    return Collections.unmodifiableSet(unused);
  }

  /** As {@link PolicyOverrides#describe(String)}. */
  protected final String policyOf(String label) {
    if (label == null) {
      throw new NullPointerException("label == null");
    }
    BoundPolicies policies = active ? bound.get(label) : null;
    if (policies == null) {
      return label + ": no guarded method of this label has been bound with these overrides";
    }
    return new PolicyLine(values, killed).describe(label, policies);
  }

  /** The overrides as given, in key order, for {@code toString()}. */
  protected final String given() {
    Set<String> given = new TreeSet<String>();
    for (OverrideValue value : values.values()) {
      given.add(value.toString());
    }
    return given.toString();
  }

  /** The value of {@code canonicalKey}, marked used; null when none was given. */
  private OverrideValue use(String canonicalKey) {
    OverrideValue value = values.get(canonicalKey);
    if (value != null) {
      used.add(value.key());
    }
    return value;
  }

  private BoundPolicies bound(String label) {
    BoundPolicies policies = bound.get(label);
    if (policies == null) {
      BoundPolicies created = new BoundPolicies();
      policies = bound.putIfAbsent(label, created);
      return policies != null ? policies : created;
    }
    return policies;
  }

  /**
   * The error for overrides that break a rule of {@code annotation}: names the overrides among
   * {@code involved} that were given (those that can have broken it) and the rule.
   */
  private static IllegalArgumentException broken(
      String annotation, String rule, OverrideValue... involved) {
    StringBuilder keys = new StringBuilder();
    for (OverrideValue value : involved) {
      if (value != null) {
        keys.append(keys.length() == 0 ? "" : ", ").append(value);
      }
    }
    return new IllegalArgumentException(
        "The override " + keys + " breaks a rule of " + annotation + ": " + rule);
  }

  /** The policies bound under one label, the last binding's. */
  static final class BoundPolicies {
    volatile RetryPolicy retry;
    volatile String breakerName;
    volatile CircuitBreakerPolicy breaker;
    volatile TimeoutPolicy timeout;
  }
}
