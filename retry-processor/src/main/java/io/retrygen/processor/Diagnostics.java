package io.retrygen.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;

/**
 * Reports errors and warnings through the {@link Messager}, on the annotation value that is wrong
 * where there is one (javac then puts the caret on it), else on the annotation, else on the
 * element. Counts errors so that a type with any error generates nothing.
 */
final class Diagnostics {
  private final Messager messager;
  private int errorCount;

  Diagnostics(Messager messager) {
    this.messager = messager;
  }

  int errorCount() {
    return errorCount;
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

  /** A double as the user most likely wrote it: {@code -2}, not {@code -2.0}. */
  static String number(double value) {
    if (value == Math.rint(value) && !Double.isInfinite(value) && Math.abs(value) < 1e15) {
      return String.valueOf((long) value);
    }
    return String.valueOf(value);
  }

  private void print(
      Kind kind, Element element, AnnotationMirror annotation, AnnotationValue value, String text) {
    if (annotation == null) {
      messager.printMessage(kind, text, element);
    } else if (value == null) {
      messager.printMessage(kind, text, element, annotation);
    } else {
      messager.printMessage(kind, text, element, annotation, value);
    }
  }
}
