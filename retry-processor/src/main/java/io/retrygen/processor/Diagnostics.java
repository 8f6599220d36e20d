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
          + Messages.signature((ExecutableElement) element);
    }
    return element.getSimpleName().toString();
  }


}
