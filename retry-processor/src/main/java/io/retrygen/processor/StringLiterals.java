package io.retrygen.processor;

import com.squareup.javapoet.CodeBlock;
import java.util.Locale;

/**
 * A string the user chose freely (a label, a breaker or budget name) as a Java string literal that
 * holds exactly that string. JavaPoet's {@code $S} writes a lone surrogate as it is, and no
 * charset can encode one: the source file would then hold a {@code ?}, and the runtime another
 * name. Such a string is written with {@code \}{@code uXXXX} escapes instead.
 */
final class StringLiterals {
  private StringLiterals() {}

  /** {@code "value"}, as {@code $S} writes it unless it holds a lone surrogate. */
  static CodeBlock of(String value) {
    if (!hasLoneSurrogate(value)) {
      return CodeBlock.of("$S", value);
    }
    StringBuilder literal = new StringBuilder("\"");
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"':
          literal.append("\\\"");
          break;
        case '\\':
          literal.append("\\\\");
          break;
        case '\b':
          literal.append("\\b");
          break;
        case '\t':
          literal.append("\\t");
          break;
        case '\n':
          literal.append("\\n");
          break;
        case '\f':
          literal.append("\\f");
          break;
        case '\r':
          literal.append("\\r");
          break;
        default:
          if (Character.isISOControl(c) || isLoneSurrogate(value, i)) {
            literal.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            literal.append(c);
          }
      }
    }
    return CodeBlock.of("$L", literal.append('"'));
  }

  static boolean hasLoneSurrogate(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (isLoneSurrogate(value, i)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the {@code char} at {@code i} is a surrogate that is not half of a pair. */
  static boolean isLoneSurrogate(String value, int i) {
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
