package io.retrygen.processor;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic.Kind;

/**
 * Reports errors and warnings through the {@link Messager}, on the annotation value that is wrong
 * where there is one (javac then puts the caret on it), else on the annotation, else on the
 * element. Counts errors so that a type with any error generates nothing.
 */
final class Diagnostics {
  private final Messager messager;
  private int errorCount;
  /** The input type being processed: what is reported elsewhere is reported on it. */
  private TypeElement input;
  /**
   * What was printed, so that nothing is printed twice: a type-level annotation that shares one
   * mistake with all its methods (say, a {@code delayFor} that names nothing) is found once per
   * method, and javac does not drop repeated messages from processors.
   */
  private final Set<List<Object>> printed = new HashSet<>();

  Diagnostics(Messager messager) {
    this.messager = messager;
  }

  /** Forgets what was printed: the elements of one round must not be kept into the next. */
  void newRound() {
    printed.clear();
  }

  int errorCount() {
    return errorCount;
  }

  /**
   * From now on, a problem found on an element outside {@code input} (a setting inherited from a
   * supertype, perhaps in a jar, which has no source position here) is reported on {@code input},
   * naming where the setting comes from: the error is about the class generated for {@code
   * input}, and belongs where the user can see it. Null reports everything where it is found.
   */
  void reportingFor(TypeElement input) {
    this.input = input;
  }

  void error(Element element, String format, Object... args) {
    error(element, null, null, format, args);
  }

  void error(Element element, AnnotationMirror annotation, String format, Object... args) {
    error(element, annotation, null, format, args);
  }

  void error(
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      String format,
      Object... args) {
    errorCount++;
    print(Kind.ERROR, element, annotation, value, String.format(format, args));
  }

  void warning(
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      String format,
      Object... args) {
    print(Kind.WARNING, element, annotation, value, String.format(format, args));
  }

  /**
   * {@code " Did you mean 'x'?"} for the nearest of {@code options} by edit distance, if one is
   * close enough to be a typo; else the empty string.
   */
  static String didYouMean(String name, Iterable<String> options) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String option : options) {
      int distance = editDistance(name.toLowerCase(Locale.ROOT), option.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = option;
        bestDistance = distance;
      }
    }
    if (best == null || bestDistance > Math.max(2, name.length() / 3)) {
      return "";
    }
    return " Did you mean '" + best + "'?";
  }

  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  /** A type as messages show it: without package names, {@code List<String>}. */
  static String typeName(TypeMirror type) {
    return type.toString().replaceAll("\\b[a-z][a-z0-9_]*\\.", "");
  }

  /** A double as the user most likely wrote it: {@code -2}, not {@code -2.0}. */
  static String number(double value) {
    if (value == Math.rint(value) && !Double.isInfinite(value) && Math.abs(value) < 1e15) {
      return String.valueOf((long) value);
    }
    if (Double.isNaN(value) || Double.isInfinite(value) || Math.abs(value) >= 1e-3) {
      return String.valueOf(value);
    }
    // As written, not 5.0E-4: 0.0005.
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  private void print(
      Kind kind, Element element, AnnotationMirror annotation, AnnotationValue value, String text) {
    if (!printed.add(Arrays.<Object>asList(kind, element, annotation, value, text, input))) {
      return;
    }
    if (input != null && !isWithin(element, input)) {
      messager.printMessage(
          kind, input.getSimpleName() + " inherits this from " + describe(element) + ": " + text,
          input);
    } else if (annotation == null) {
      messager.printMessage(kind, text, element);
    } else if (value == null) {
      messager.printMessage(kind, text, element, annotation);
    } else {
      messager.printMessage(kind, text, element, annotation, value);
    }
  }

  private static boolean isWithin(Element element, TypeElement type) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      if (e.equals(type)) {
        return true;
      }
    }
    return false;
  }

  /** {@code Base} or {@code Base.call(String)}, for messages. */
  private static String describe(Element element) {
    if (element instanceof ExecutableElement) {
      return element.getEnclosingElement().getSimpleName() + "."
          + signature((ExecutableElement) element);
    }
    return element.getSimpleName().toString();
  }

  /** {@code name(ParamType, ...)}, for messages. */
  static String signature(ExecutableElement method) {
    StringBuilder result = new StringBuilder().append(method.getSimpleName()).append('(');
    String separator = "";
    for (VariableElement parameter : method.getParameters()) {
      result.append(separator).append(typeName(parameter.asType()));
      separator = ", ";
    }
    return result.append(')').toString();
  }

  /** Where an annotation is declared, for a message: {@code com.acme.Client.charge(String)}. */
  static String declaration(Element element) {
    if (element instanceof ExecutableElement) {
      return ((TypeElement) element.getEnclosingElement()).getQualifiedName() + "."
          + signature((ExecutableElement) element);
    }
    return ((TypeElement) element).getQualifiedName().toString();
  }
}
