package io.retrygen.processor;

import com.squareup.javapoet.CodeBlock;

/** Java source literals for constants that JavaPoet's {@code $L} would not write correctly. */
final class Literals {
  private Literals() {}

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
        return c >= 0x20 && c < 0x7f ? "'" + c + "'" : String.format("'\\u%04x'", (int) c);
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
