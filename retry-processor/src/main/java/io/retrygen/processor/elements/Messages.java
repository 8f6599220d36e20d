package io.retrygen.processor.elements;

import java.math.BigDecimal;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/** How messages write types, methods and numbers: as the user wrote them, without packages. */
public final class Messages {
  private Messages() {}

  /**
   * {@code " Did you mean 'x'?"} for the nearest of {@code options} by edit distance, if one is
   * close enough to be a typo; else the empty string.
   */
  public static String didYouMean(String name, Iterable<String> options) {
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
  public static String typeName(TypeMirror type) {
    return type.toString().replaceAll("\\b[a-z][a-z0-9_]*\\.", "");
  }
  /** A double as the user most likely wrote it: {@code -2}, not {@code -2.0}. */
  public static String number(double value) {
    if (value == Math.rint(value) && !Double.isInfinite(value) && Math.abs(value) < 1e15) {
      return String.valueOf((long) value);
    }
    if (Double.isNaN(value) || Double.isInfinite(value) || Math.abs(value) >= 1e-3) {
      return String.valueOf(value);
    }
    // As written, not 5.0E-4: 0.0005.
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /**
   * {@code name(ParamType, ...)}, for messages; {@code suspend name(ParamType, ...)} for a Kotlin
   * suspend function, as its source shows it.
   */
  public static String signature(ExecutableElement method) {
    String bare = bareSignature(method);
    return KotlinSupport.isSuspend(method) ? "suspend " + bare : bare;
  }

  /** {@code charge(String)}: a suspend function's without its continuation, as Kotlin shows it. */
  private static String bareSignature(ExecutableElement method) {
    if (KotlinSupport.isSuspend(method)) {
      return KotlinSupport.suspendSignature(method);
    }
    StringBuilder result = new StringBuilder().append(method.getSimpleName()).append('(');
    String separator = "";
    for (VariableElement parameter : method.getParameters()) {
      result.append(separator).append(typeName(parameter.asType()));
      separator = ", ";
    }
    return result.append(')').toString();
  }

  /** Where an annotation is declared, for a message: {@code com.acme.Client.charge(String)}. */
  public static String declaration(Element element) {
    if (element instanceof ExecutableElement) {
      return ((TypeElement) element.getEnclosingElement()).getQualifiedName() + "."
          + bareSignature((ExecutableElement) element);
    }
    return ((TypeElement) element).getQualifiedName().toString();
  }
}
