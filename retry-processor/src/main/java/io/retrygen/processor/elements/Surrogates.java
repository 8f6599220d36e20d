package io.retrygen.processor.elements;

/**
 * Lone surrogates in the strings users write (labels, names): a {@code char} that is half of a
 * UTF-16 pair without its other half has no UTF-8 encoding, so generated source and JSON escape
 * it rather than write it.
 */
public final class Surrogates {
  private Surrogates() {}

  /** Whether {@code value} holds a lone surrogate anywhere. */
  public static boolean hasLone(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (isLone(value, i)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the {@code char} at {@code i} is a surrogate that is not half of a pair. */
  public static boolean isLone(String value, int i) {
    char c = value.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 == value.length() || !Character.isLowSurrogate(value.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i == 0 || !Character.isHighSurrogate(value.charAt(i - 1));
    }
    return false;
  }
}
