package io.retrygen.processor.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;

/**
 * The problems found with one input, as values: what the stages find, they record here, and the
 * processor prints them all once the stages have run ({@code ReportPrinter}), each once. A stage
 * prints nothing, so that no rule depends on which stage ran first, and a type put off to a later
 * round reports nothing now. Counts errors so that a type with any error generates nothing.
 */
public final class Report {
  /** One error or warning: on the value that is wrong, else on the annotation or the element. */
  public static final class Problem {
    public final Kind kind;
    public final Element element;
    /** Null to report on {@link #element} itself. */
    public final AnnotationMirror annotation;
    /** Null to report on {@link #annotation}, or the element when that is null too. */
    public final AnnotationValue value;
    public final String message;

    public Problem(
        Kind kind,
        Element element,
        AnnotationMirror annotation,
        AnnotationValue value,
        String message) {
      this.kind = kind;
      this.element = element;
      this.annotation = annotation;
      this.value = value;
      this.message = message;
    }
  }

  private final List<Problem> problems = new ArrayList<>();
  private int errorCount;

  public int errorCount() {
    return errorCount;
  }

  public void error(Element element, String format, Object... args) {
    error(element, null, null, format, args);
  }

  public void error(Element element, AnnotationMirror annotation, String format, Object... args) {
    error(element, annotation, null, format, args);
  }

  public void error(
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      String format,
      Object... args) {
    errorCount++;
    problems.add(
        new Problem(Kind.ERROR, element, annotation, value, String.format(format, args)));
  }

  public void warning(
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      String format,
      Object... args) {
    problems.add(
        new Problem(Kind.WARNING, element, annotation, value, String.format(format, args)));
  }

  /** What was recorded since the last call, in order; the count of errors stays. */
  public List<Problem> take() {
    List<Problem> taken = Collections.unmodifiableList(new ArrayList<>(problems));
    problems.clear();
    return taken;
  }
}
