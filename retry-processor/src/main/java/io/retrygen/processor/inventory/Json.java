package io.retrygen.processor.inventory;

import io.retrygen.processor.elements.Surrogates;
import java.util.List;
import java.util.Map;

/**
 * A tiny JSON writer for the policy inventory, so that the processor needs no library
 * beyond JavaPoet. Values are {@code Map<String, ?>} (written in its iteration order: pass a
 * {@code LinkedHashMap}), {@code List<?>}, {@code String}, {@code Boolean}, {@code Integer},
 * {@code Long}, {@code Double} and null. The output is pretty-printed as Gson prints it: two
 * spaces of indent, {@code "key": value}, one member or element per line, {@code []} and {@code
 * {}} when empty, {@code \n} line ends and a final newline. Doubles are written as {@link
 * Double#toString(double)} writes them ({@code 0.5}, {@code 2.0}, {@code 0.1}), valid JSON for
 * every finite value, which is all the processor writes.
 */
public final class Json {
  private Json() {}

  /** {@code value} as a JSON document, ending with a newline. */
  public static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(out, value, "");
    return out.append('\n').toString();
  }

  private static void write(StringBuilder out, Object value, String indent) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String) {
      string(out, (String) value);
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      out.append(value);
    } else if (value instanceof Double) {
      double number = (Double) value;
      if (Double.isNaN(number) || Double.isInfinite(number)) {
        throw new IllegalArgumentException("not a JSON number: " + number);
      }
      out.append(Double.toString(number));
    } else if (value instanceof Map) {
      object(out, (Map<?, ?>) value, indent);
    } else if (value instanceof List) {
      array(out, (List<?>) value, indent);
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value.getClass());
    }
  }

  private static void object(StringBuilder out, Map<?, ?> members, String indent) {
    if (members.isEmpty()) {
      out.append("{}");
      return;
    }
    String inner = indent + "  ";
    out.append("{\n");
    String separator = "";
    for (Map.Entry<?, ?> member : members.entrySet()) {
      out.append(separator).append(inner);
      string(out, (String) member.getKey());
      out.append(": ");
      write(out, member.getValue(), inner);
      separator = ",\n";
    }
    out.append('\n').append(indent).append('}');
  }

  private static void array(StringBuilder out, List<?> elements, String indent) {
    if (elements.isEmpty()) {
      out.append("[]");
      return;
    }
    String inner = indent + "  ";
    out.append("[\n");
    String separator = "";
    for (Object element : elements) {
      out.append(separator).append(inner);
      write(out, element, inner);
      separator = ",\n";
    }
    out.append('\n').append(indent).append(']');
  }

  /**
   * A JSON string: quotes, backslashes, control characters and lone surrogates escaped (RFC 8259
   * §7).
   */
  static void string(StringBuilder out, String value) {
    out.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"':
          out.append("\\\"");
          break;
        case '\\':
          out.append("\\\\");
          break;
        case '\n':
          out.append("\\n");
          break;
        case '\r':
          out.append("\\r");
          break;
        case '\t':
          out.append("\\t");
          break;
        case '\b':
          out.append("\\b");
          break;
        case '\f':
          out.append("\\f");
          break;
        default:
          // U+2028 and U+2029 are valid in JSON but end a line in JavaScript; a lone surrogate
          // has no UTF-8 encoding, and its escape reads back as the same char.
          if (c < 0x20 || c == '\u2028' || c == '\u2029'
              || Surrogates.isLone(value, i)) {
            String hex = Integer.toHexString(c);
            out.append("\\u").append("0000", hex.length(), 4).append(hex);
          } else {
            out.append(c);
          }
      }
    }
    out.append('"');
  }
}
