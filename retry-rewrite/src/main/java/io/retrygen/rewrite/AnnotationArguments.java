package io.retrygen.rewrite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.openrewrite.PrintOutputCapture;
import org.openrewrite.Tree;
import org.openrewrite.java.JavaPrinter;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JContainer;
import org.openrewrite.java.tree.JLeftPadded;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.marker.Markers;

/**
 * The attributes of one annotation as an ordered, editable map of name to value, written back
 * into the annotation with the formatting of the values that were kept.
 */
final class AnnotationArguments {

  /** One attribute: the tree it was written as (null when added) and its value. */
  private static final class Entry {
    final @Nullable Expression written;
    final String writtenName;
    final Expression value;

    Entry(@Nullable Expression written, String writtenName, Expression value) {
      this.written = written;
      this.writtenName = writtenName;
      this.value = value;
    }
  }

  private final Map<String, Entry> entries = new LinkedHashMap<>();
  private final Space firstPrefix;
  private final Space lastAfter;
  private boolean changed;

  private AnnotationArguments(J.Annotation annotation) {
    List<JRightPadded<Expression>> padded = annotation.getPadding().getArguments() == null
        ? Collections.emptyList()
        : annotation.getPadding().getArguments().getPadding().getElements();
    Space first = Space.EMPTY;
    Space after = Space.EMPTY;
    for (int i = 0; i < padded.size(); i++) {
      Expression argument = padded.get(i).getElement();
      if (i == 0) {
        first = argument.getPrefix();
      }
      after = padded.get(i).getAfter();
      if (argument instanceof J.Empty) {
        continue;
      }
      if (argument instanceof J.Assignment
          && ((J.Assignment) argument).getVariable() instanceof J.Identifier) {
        J.Assignment assignment = (J.Assignment) argument;
        String name = ((J.Identifier) assignment.getVariable()).getSimpleName();
        entries.put(name, new Entry(assignment, name, assignment.getAssignment()));
      } else {
        entries.put("value", new Entry(argument, "", argument));
      }
    }
    this.firstPrefix = first;
    this.lastAfter = after;
  }

  static AnnotationArguments of(J.Annotation annotation) {
    return new AnnotationArguments(annotation);
  }

  boolean has(String name) {
    return entries.containsKey(name);
  }

  @Nullable Expression get(String name) {
    Entry entry = entries.get(name);
    return entry == null ? null : entry.value;
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  /** Removes the attribute and returns its value, or null when it was not written. */
  @Nullable Expression remove(String name) {
    Entry entry = entries.remove(name);
    if (entry == null) {
      return null;
    }
    changed = true;
    return entry.value;
  }

  /** Renames the attribute in place; a value already written under the new name wins. */
  void rename(String from, String to) {
    if (!entries.containsKey(from) || entries.containsKey(to)) {
      return;
    }
    Map<String, Entry> copy = new LinkedHashMap<>(entries);
    entries.clear();
    for (Map.Entry<String, Entry> e : copy.entrySet()) {
      if (e.getKey().equals(from)) {
        entries.put(to, e.getValue());
      } else {
        entries.put(e.getKey(), e.getValue());
      }
    }
    changed = true;
  }

  /**
   * Renames {@code from} to {@code to}, or removes {@code from} when {@code to} is written too:
   * for two attributes that are aliases of each other, which Spring requires to be equal.
   */
  void renameAlias(String from, String to) {
    if (entries.containsKey(to)) {
      remove(from);
    } else {
      rename(from, to);
    }
  }

  /** Sets the attribute: replaces the value where it was written, or adds it at the end. */
  void put(String name, Expression value) {
    Entry old = entries.get(name);
    if (old != null) {
      entries.put(name, new Entry(old.written, old.writtenName, value.withPrefix(
          old.value.getPrefix())));
    } else {
      entries.put(name, new Entry(null, name, value));
    }
    changed = true;
  }

  boolean changed() {
    return changed;
  }

  /** The annotation with these attributes; unchanged when nothing was edited. */
  J.Annotation applyTo(J.Annotation annotation) {
    if (!changed) {
      return annotation;
    }
    if (entries.isEmpty()) {
      return annotation.getPadding().withArguments(null);
    }
    List<JRightPadded<Expression>> elements = new ArrayList<>();
    boolean onlyValue = entries.size() == 1 && entries.containsKey("value");
    int index = 0;
    for (Map.Entry<String, Entry> e : entries.entrySet()) {
      Expression argument = argument(e.getKey(), e.getValue(), onlyValue);
      if (index == 0) {
        argument = argument.withPrefix(firstPrefix);
      } else if (argument.getPrefix().getWhitespace().isEmpty()
          && argument.getPrefix().getComments().isEmpty()) {
        argument = argument.withPrefix(Space.SINGLE_SPACE);
      }
      index++;
      Space after = index == entries.size() ? lastAfter : Space.EMPTY;
      elements.add(new JRightPadded<>(argument, after, Markers.EMPTY));
    }
    JContainer<Expression> old = annotation.getPadding().getArguments();
    JContainer<Expression> container = old == null
        ? JContainer.build(Space.EMPTY, elements, Markers.EMPTY)
        : old.getPadding().withElements(elements);
    return annotation.getPadding().withArguments(container);
  }

  private static Expression argument(String name, Entry entry, boolean onlyValue) {
    if (entry.written instanceof J.Assignment && entry.writtenName.equals(name)) {
      return ((J.Assignment) entry.written).withAssignment(entry.value);
    }
    if (entry.written instanceof J.Assignment) {
      J.Assignment assignment = (J.Assignment) entry.written;
      J.Identifier variable = ((J.Identifier) assignment.getVariable()).withSimpleName(name);
      return assignment.withVariable(variable).withAssignment(entry.value);
    }
    if (onlyValue && name.equals("value") && entry.written != null) {
      return entry.value;
    }
    Space prefix = entry.written == null ? Space.EMPTY : entry.written.getPrefix();
    return assignment(name, entry.value).withPrefix(prefix);
  }

  /** {@code name = value}. */
  static J.Assignment assignment(String name, Expression value) {
    J.Identifier variable = new J.Identifier(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
        Collections.emptyList(), name, null, null);
    return new J.Assignment(Tree.randomId(), Space.EMPTY, Markers.EMPTY, variable,
        JLeftPadded.build((Expression) value.withPrefix(Space.SINGLE_SPACE)).withBefore(Space.SINGLE_SPACE),
        value.getType());
  }

  /** A literal written as {@code source}. */
  static J.Literal literal(Object value, String source, JavaType.Primitive type) {
    return new J.Literal(Tree.randomId(), Space.EMPTY, Markers.EMPTY, value, source, null, type);
  }

  static J.Literal intLiteral(long value) {
    if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
      return literal(value, value + "L", JavaType.Primitive.Long);
    }
    return literal((int) value, Long.toString(value), JavaType.Primitive.Int);
  }

  static J.Literal doubleLiteral(double value) {
    String source = java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    if (!source.contains(".")) {
      source = source + ".0";
    }
    return literal(value, source, JavaType.Primitive.Double);
  }

  static J.Literal booleanLiteral(boolean value) {
    return literal(value, Boolean.toString(value), JavaType.Primitive.Boolean);
  }

  static J.Literal stringLiteral(String value) {
    return literal(value, "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"",
        JavaType.Primitive.String);
  }

  /** The value of a number literal (a negated one too), or null for any other expression. */
  static @Nullable Number number(@Nullable Expression expression) {
    if (expression instanceof J.Parentheses) {
      return number((Expression) ((J.Parentheses<?>) expression).getTree());
    }
    if (expression instanceof J.Literal && ((J.Literal) expression).getValue() instanceof Number) {
      return (Number) ((J.Literal) expression).getValue();
    }
    if (expression instanceof J.Unary
        && ((J.Unary) expression).getOperator() == J.Unary.Type.Negative) {
      Number n = number(((J.Unary) expression).getExpression());
      if (n instanceof Double || n instanceof Float) {
        return -n.doubleValue();
      }
      return n == null ? null : -n.longValue();
    }
    return null;
  }

  /** The value of a string literal, or null for any other expression. */
  static @Nullable String string(@Nullable Expression expression) {
    if (expression instanceof J.Literal && ((J.Literal) expression).getValue() instanceof String) {
      return (String) ((J.Literal) expression).getValue();
    }
    return null;
  }

  /** The text of an expression as written, on one line. */
  static String source(Expression expression) {
    PrintOutputCapture<Integer> out = new PrintOutputCapture<>(0);
    new JavaPrinter<Integer>().visit((Tree) expression.withPrefix(Space.EMPTY), out);
    return out.getOut().trim().replaceAll("\\s*\\n\\s*", " ");
  }
}
