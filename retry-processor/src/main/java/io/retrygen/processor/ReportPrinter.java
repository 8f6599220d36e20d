package io.retrygen.processor;

import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.Report.Problem;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Prints the problems of a {@link Report} through the {@link Messager}: on the annotation value
 * that is wrong where there is one (javac then puts the caret on it), else on the annotation, else
 * on the element; each once.
 */
final class ReportPrinter {
  private final Messager messager;
  /**
   * What was printed, so that nothing is printed twice: a type-level annotation that shares one
   * mistake with all its methods (say, a {@code delayFor} that names nothing) is found once per
   * method, and javac does not drop repeated messages from processors.
   */
  private final Set<List<Object>> printed = new HashSet<>();

  ReportPrinter(Messager messager) {
    this.messager = messager;
  }

  /** Forgets what was printed: the elements of one round must not be kept into the next. */
  void newRound() {
    printed.clear();
  }

  /**
   * Prints {@code problems} found while processing {@code input}. A problem found on an element
   * outside {@code input} (a setting inherited from a supertype, perhaps in a jar, which has no
   * source position here, or one of a meta-annotation read from the class path) is printed on
   * {@code input}, naming where the setting comes from: it is about the class generated for {@code
   * input}, and belongs where the user can see it. A null
   * {@code input} prints everything where it was found.
   */
  void print(List<Problem> problems, TypeElement input) {
    for (Problem problem : problems) {
      print(problem, input);
    }
  }

  private void print(Problem problem, TypeElement input) {
    if (!printed.add(
        Arrays.<Object>asList(
            problem.kind, problem.element, problem.annotation, problem.value, problem.message,
            input))) {
      return;
    }
    if (input != null && !isWithin(problem.element, input)) {
      messager.printMessage(
          problem.kind,
          problem.element.getKind() == ElementKind.ANNOTATION_TYPE
              // A meta-annotation read from the class path, which the input uses.
              ? input.getSimpleName() + " uses @" + problem.element.getSimpleName()
                  + " from the class path: " + problem.message
              : input.getSimpleName() + " inherits this from " + describe(problem.element) + ": "
                  + problem.message,
          input);
    } else if (problem.annotation == null) {
      messager.printMessage(problem.kind, problem.message, problem.element);
    } else if (problem.value == null) {
      messager.printMessage(problem.kind, problem.message, problem.element, problem.annotation);
    } else {
      messager.printMessage(
          problem.kind, problem.message, problem.element, problem.annotation, problem.value);
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
