package io.retrygen.runtime.internal;

/** Not API. One override as it was given: its key, its text and the value read from it. */
final class OverrideValue {
  private final String key;
  private final String text;
  private final Object value;

  OverrideValue(String key, String text, Object value) {
    this.key = key;
    this.text = text;
    this.value = value;
  }

  /** The key as it was given (kebab case kept). */
  String key() {
    return key;
  }

  int intValue() {
    return ((Number) value).intValue();
  }

  long longValue() {
    return ((Number) value).longValue();
  }

  double doubleValue() {
    return ((Number) value).doubleValue();
  }

  boolean isFalse() {
    return Boolean.FALSE.equals(value);
  }

  /** {@code key=text}, for a message. */
  @Override
  public String toString() {
    return key + "=" + text;
  }
}
