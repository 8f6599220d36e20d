package io.retrygen.processor.write;

import com.squareup.javapoet.CodeBlock;
import io.retrygen.processor.elements.Surrogates;
import java.util.Locale;

/**
 * Java source literals for values that JavaPoet's {@code $S} and {@code $L} would not write
 * correctly. A string the user chose freely (a label, a breaker or budget name, an annotation's
 * value) must be a literal that holds exactly that string: {@code $S} writes a lone surrogate as
 * it is, and no charset can encode one, so the source file would hold a {@code ?}, and the runtime
 * another name; such a string is written with {@code \}{@code uXXXX} escapes instead. A char,
 * and a float or double that is not finite, need a spelling of their own too.
 */
public final class Literals {
  private Literals() {}

  /** {@code "value"}, as {@code $S} writes it unless it holds a lone surrogate. */
  static CodeBlock string(String value) {
    if (!Surrogates.hasLone(value)) {
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
          if (Character.isISOControl(c) || Surrogates.isLone(value, i)) {
            literal.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            literal.append(c);
          }
      }
    }
    return CodeBlock.of("$L", literal.append('"'));
  }

  /** {@code 'a'}, {@code '\''}, {@code '\n'}: any char as a char literal, escaped where needed. */
  static String character(char c) {
    switch (c) {
      case '\'':
        return "'\\''";
      case '\\':
        return "'\\\\'";
      case '\n':
        return "'\\n'";
      case '\r':
        return "'\\r'";
      case '\t':
        return "'\\t'";
      case '\b':
        return "'\\b'";
      case '\f':
        return "'\\f'";
      default:
        // Printable ASCII as it is; anything else (controls, surrogates, the rest) escaped, so
        // the source file's encoding cannot change it.
        return c >= 0x20 && c < 0x7f
            ? "'" + c + "'"
            : String.format(Locale.ROOT, "'\\u%04x'", (int) c);
    }
  }

  /** {@code 1.5}, {@code Double.NaN}, {@code Double.POSITIVE_INFINITY}. */
  static CodeBlock doubleValue(double value) {
    if (Double.isNaN(value)) {
      return CodeBlock.of("$T.NaN", Double.class);
    }
    if (Double.isInfinite(value)) {
      return CodeBlock.of(
          value > 0 ? "$T.POSITIVE_INFINITY" : "$T.NEGATIVE_INFINITY", Double.class);
    }
    return CodeBlock.of("$L", Double.toString(value));
  }

  /** {@code 1.5f}, {@code Float.NaN}, {@code Float.POSITIVE_INFINITY}. */
  static CodeBlock floatValue(float value) {
    if (Float.isNaN(value)) {
      return CodeBlock.of("$T.NaN", Float.class);
    }
    if (Float.isInfinite(value)) {
      return CodeBlock.of(value > 0 ? "$T.POSITIVE_INFINITY" : "$T.NEGATIVE_INFINITY", Float.class);
    }
    return CodeBlock.of("$Lf", Float.toString(value));
  }
}
