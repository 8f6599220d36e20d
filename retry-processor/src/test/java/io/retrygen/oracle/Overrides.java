package io.retrygen.oracle;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The run-time overrides (SPEC §17) drawn for one pair: which attributes of its retry, breaker,
 * budget and timeout they change and to what, whether its type's options carry {@code
 * retrygen.enabled}, and sometimes one value that breaks a rule (checked apart from the runs).
 * Immutable.
 *
 * <p>Drawn once per pair, written as keys per method: each method of the pair (and the template)
 * has a label, breaker and budget of its own ({@link ModelNames}), so the same attribute becomes
 * one key per method ({@link #keys}). A generated instance binds every method of its type when it
 * is built, and a budget is created by the first instance that binds it, so every instance of a
 * type is given the keys of all its pairs ({@link #ofType}): each budget is then created with its
 * own overrides, whichever pair's run builds it first. The model applies the attributes itself
 * ({@link ModelOverrides}); the runner only passes the keys on.
 */
final class Overrides {
  /**
   * Attribute to value as written, in attribute order: {@code retry.maxAttempts}, {@code
   * circuitbreaker.delay}, {@code budget.tokenRatio}, {@code timeout.value}...; empty for none.
   */
  final SortedMap<String, String> values;
  /**
   * {@code retrygen.enabled} as the type's options give it, null when they do not: {@code "false"}
   * is the kill switch, {@code "true"} changes nothing. The same for every pair of a type.
   */
  final String enabled;
  /** Whether the attributes are written in kebab case ({@code max-attempts}). */
  final boolean kebab;
  /** A value that breaks a rule, checked on its own when building; null for none. */
  final Invalid invalid;

  /** One override that breaks a rule of the annotations, on the key of one method of the pair. */
  static final class Invalid {
    final String attribute;
    final String value;
    /** The method whose key it is (a generated one: the templates take retry keys alone). */
    final Path path;

    Invalid(String attribute, String value, Path path) {
      this.attribute = attribute;
      this.value = value;
      this.path = path;
    }

    @Override
    public String toString() {
      return attribute + "=" + value + " on " + path;
    }
  }

  Overrides(Map<String, String> values, String enabled, boolean kebab, Invalid invalid) {
    this.values = Collections.unmodifiableSortedMap(new TreeMap<>(values));
    this.enabled = enabled;
    this.kebab = kebab;
    this.invalid = invalid;
  }

  boolean killSwitch() {
    return "false".equals(enabled);
  }

  /** Whether the options carry no key at all for this pair. */
  boolean isEmpty() {
    return values.isEmpty() && enabled == null;
  }

  /** A copy without {@code attribute}, or without {@code retrygen.enabled} for {@code null}. */
  Overrides without(String attribute) {
    if (attribute == null) {
      return new Overrides(values, null, kebab, invalid);
    }
    Map<String, String> fewer = new TreeMap<>(values);
    fewer.remove(attribute);
    return new Overrides(fewer, enabled, kebab, invalid);
  }

  /**
   * The key of {@code attribute} on the method of {@code path}; null where it names nothing that
   * method has: a breaker or budget it lacks, a timeout on the synchronous method (its watchdog
   * runs in real time: {@link Policy#timeoutMillis}), anything but a retry on a template.
   */
  String key(String attribute, Policy policy, Names names, Path path) {
    String kind = attribute.substring(0, attribute.indexOf('.'));
    String setting = attribute.substring(kind.length() + 1);
    String owner;
    switch (kind) {
      case "retry":
        owner = policy.retry == null ? null : ModelNames.label(policy, names, path);
        break;
      case "circuitbreaker":
        owner = path.template || policy.breaker == null ? null
            : ModelNames.breaker(policy, names, path);
        break;
      case "budget":
        owner = path.template || policy.budget == null ? null
            : ModelNames.budget(policy, names, path);
        break;
      case "timeout":
        owner = Policy.writesTimeout(path) ? ModelNames.label(policy, names, path) : null;
        break;
      default:
        throw new IllegalArgumentException(attribute);
    }
    return owner == null ? null
        : "retrygen." + kind + "." + owner + "." + (kebab ? kebabCase(setting) : setting);
  }

  /** The keys of the pair's method on {@code path}, {@code retrygen.enabled} included. */
  Map<String, String> keys(Policy policy, Names names, Path path) {
    Map<String, String> keys = new TreeMap<>();
    if (enabled != null) {
      keys.put("retrygen.enabled", enabled);
    }
    for (Map.Entry<String, String> value : values.entrySet()) {
      String key = key(value.getKey(), policy, names, path);
      if (key != null) {
        keys.put(key, value.getValue());
      }
    }
    return keys;
  }

  /**
   * What the options of every generated instance of a type give: the keys of each method of each
   * of its pairs ({@code cases}, named {@code names}).
   */
  static Map<String, String> ofType(List<Case> cases, List<Names> names) {
    Map<String, String> keys = new TreeMap<>();
    for (int i = 0; i < cases.size(); i++) {
      Case pair = cases.get(i);
      for (Path path : Runner.paths(pair.policy)) {
        if (!path.template) {
          keys.putAll(pair.overrides.keys(pair.policy, names.get(i), path));
        }
      }
    }
    return keys;
  }

  /**
   * What the options of a template of {@code pair} on {@code path} give: the type's keys, which
   * name none of its policies unless it has the synchronous method's label, and its own.
   */
  static Map<String, String> ofTemplate(Map<String, String> type, Case pair, Names names,
      Path path) {
    Map<String, String> keys = new TreeMap<>(type);
    keys.putAll(pair.overrides.keys(pair.policy, names, path));
    return keys;
  }

  /** For a report: the attributes, {@code retrygen.enabled} and the invalid value if any. */
  String describe() {
    StringBuilder text = new StringBuilder();
    if (enabled != null) {
      text.append("retrygen.enabled=").append(enabled).append(" (the type's options), ");
    }
    text.append(values.isEmpty() ? "no attribute of this pair" : values.toString());
    if (kebab) {
      text.append(", in kebab case");
    }
    if (invalid != null) {
      text.append("; invalid, checked apart: ").append(invalid);
    }
    return text.toString();
  }

  private static String kebabCase(String camel) {
    StringBuilder kebab = new StringBuilder();
    for (char c : camel.toCharArray()) {
      if (Character.isUpperCase(c)) {
        kebab.append('-').append(Character.toLowerCase(c));
      } else {
        kebab.append(c);
      }
    }
    return kebab.toString();
  }
}
