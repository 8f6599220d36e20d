package io.retrygen.runtime.internal;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Not API. The keys of {@link io.retrygen.runtime.PolicyOverrides} and how their values are read:
 * {@code retrygen.enabled}, and {@code retrygen.<kind>.<name>.<attribute>} where the name (a label
 * or a breaker's or budget's name) may itself contain dots, so the attribute is what follows the
 * last one. An attribute may be written in kebab case ({@code max-attempts}), as Spring's relaxed
 * binding does.
 */
final class OverrideKeys {
  static final String PREFIX = "retrygen.";
  static final String ENABLED = "retrygen.enabled";
  static final String RETRY = "retry";
  static final String BREAKER = "circuitbreaker";
  static final String BUDGET = "budget";
  static final String TIMEOUT = "timeout";

  /** How a value is written: 'i' an int, 'l' a long (ms), 'd' a double, 'b' true or false. */
  private static final Map<String, Map<String, Character>> ATTRIBUTES = attributes();
  /** A whole number in ASCII digits, with an optional sign: what {@code Long.valueOf} takes. */
  private static final Pattern WHOLE = Pattern.compile("[+-]?[0-9]+");
  /** A decimal number: no hexadecimal, no {@code d}/{@code f} suffix, no NaN or Infinity. */
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?");

  private OverrideKeys() {}

  private static Map<String, Map<String, Character>> attributes() {
    Map<String, Map<String, Character>> kinds = new LinkedHashMap<String, Map<String, Character>>();
    kinds.put(RETRY, types(
        "maxAttempts", 'i', "maxDuration", 'l', "delay", 'l', "maxDelay", 'l',
        "multiplier", 'd', "jitter", 'd', "enabled", 'b'));
    kinds.put(BREAKER, types(
        "requestVolumeThreshold", 'i', "failureRatio", 'd', "delay", 'l',
        "successThreshold", 'i', "enabled", 'b'));
    kinds.put(BUDGET, types("maxTokens", 'i', "tokenRatio", 'd'));
    kinds.put(TIMEOUT, types("value", 'l'));
    return Collections.unmodifiableMap(kinds);
  }

  private static Map<String, Character> types(Object... namesAndTypes) {
    Map<String, Character> types = new LinkedHashMap<String, Character>();
    for (int i = 0; i < namesAndTypes.length; i += 2) {
      types.put((String) namesAndTypes[i], (Character) namesAndTypes[i + 1]);
    }
    return Collections.unmodifiableMap(types);
  }

  /**
   * The overrides among {@code given}: entries whose key starts with {@code retrygen.}, keyed by
   * their canonical spelling. Other entries (a whole {@code System.getProperties()}) are ignored.
   *
   * @throws IllegalArgumentException for a {@code retrygen.} key of no known shape, a value that is
   *     not a number (or, for {@code enabled}, not {@code true}/{@code false}), or two keys that
   *     name the same setting
   */
  static Map<String, OverrideValue> read(Map<?, ?> given) {
    Map<String, OverrideValue> values = new HashMap<String, OverrideValue>();
    for (Map.Entry<?, ?> entry : given.entrySet()) {
      if (!(entry.getKey() instanceof String) || !((String) entry.getKey()).startsWith(PREFIX)) {
        continue;
      }
      String key = (String) entry.getKey();
      String canonical = canonical(key);
      if (!(entry.getValue() instanceof String)) {
        throw new IllegalArgumentException(
            "The override " + key + " must have a text value, not " + entry.getValue());
      }
      String text = ((String) entry.getValue()).trim();
      String attribute = canonical.substring(canonical.lastIndexOf('.') + 1);
      char type = ENABLED.equals(canonical) ? 'b' : ATTRIBUTES.get(kind(canonical)).get(attribute);
      OverrideValue value = new OverrideValue(key, text, parse(key, text, type));
      OverrideValue before = values.put(canonical, value);
      if (before != null) {
        throw new IllegalArgumentException(
            "The overrides " + before.key() + " and " + key + " name the same setting; keep one");
      }
    }
    return values;
  }

  /** The kind of a canonical key other than {@link #ENABLED}: {@code retry}, {@code budget}... */
  private static String kind(String canonical) {
    return canonical.substring(PREFIX.length(), canonical.indexOf('.', PREFIX.length()));
  }

  /** {@code key} with its attribute in camel case, after checking its shape. */
  private static String canonical(String key) {
    if (ENABLED.equals(key)) {
      return key;
    }
    int kindEnd = key.indexOf('.', PREFIX.length());
    int attributeStart = key.lastIndexOf('.') + 1;
    if (kindEnd > 0 && attributeStart > kindEnd + 2) {
      Map<String, Character> attributes = ATTRIBUTES.get(key.substring(PREFIX.length(), kindEnd));
      String attribute = camelCase(key.substring(attributeStart));
      if (attributes != null && attributes.containsKey(attribute)) {
        return key.substring(0, attributeStart) + attribute;
      }
    }
    throw new IllegalArgumentException(
        "Unknown override key " + key + ": the keys are " + ENABLED + ", " + shapes());
  }

  /** {@code retrygen.retry.<label>.maxAttempts|...}, for a message. */
  private static String shapes() {
    StringBuilder text = new StringBuilder();
    for (Map.Entry<String, Map<String, Character>> kind : ATTRIBUTES.entrySet()) {
      String name = kind.getKey().equals(RETRY) || kind.getKey().equals(TIMEOUT) ? "label" : "name";
      text.append(text.length() == 0 ? "" : ", ").append(PREFIX).append(kind.getKey())
          .append(".<").append(name).append(">.");
      String separator = kind.getValue().size() > 1 ? "{" : "";
      for (String attribute : kind.getValue().keySet()) {
        text.append(separator).append(attribute);
        separator = ", ";
      }
      text.append(kind.getValue().size() > 1 ? "}" : "");
    }
    return text.toString();
  }

  private static String camelCase(String attribute) {
    StringBuilder camel = new StringBuilder(attribute.length());
    boolean upper = false;
    for (int i = 0; i < attribute.length(); i++) {
      char c = attribute.charAt(i);
      if (c == '-') {
        upper = true;
      } else {
        camel.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return camel.toString();
  }

  private static Object parse(String key, String text, char type) {
    try {
      if (type != 'b' && !(type == 'd' ? DECIMAL : WHOLE).matcher(text).matches()) {
        throw new NumberFormatException(text);
      }
      switch (type) {
        case 'i':
          return Integer.valueOf(text);
        case 'l':
          return Long.valueOf(text);
        case 'd':
          Double number = Double.valueOf(text);
          if (number.isInfinite()) {
            throw new NumberFormatException(text);
          }
          return number;
        default:
          if ("true".equalsIgnoreCase(text) || "false".equalsIgnoreCase(text)) {
            return Boolean.valueOf(text);
          }
          throw new IllegalArgumentException(
              "The override " + key + "=" + text + " must be true or false");
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "The override " + key + "=" + text + " is not "
              + (type == 'i' ? "a whole number" : type == 'l' ? "a whole number of ms" : "a number"));
    }
  }
}
