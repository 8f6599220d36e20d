package io.retrygen.processor;

import java.util.Locale;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;

/** The values of one winning {@code @RetryBudget}, used whole (attributes are never merged). */
final class BudgetConfig {
  private final Element annotatedElement;
  private final Mirrors.Values values;
  private final String name;
  private final int maxTokens;
  private final double tokenRatio;

  private BudgetConfig(Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    Mirrors.Values values = Mirrors.values(elements, mirror);
    this.annotatedElement = annotatedElement;
    this.values = values;
    this.name = values.stringValue("name");
    this.maxTokens = values.intValue("maxTokens");
    this.tokenRatio = values.doubleValue("tokenRatio");
  }

  /** Reads the {@code @RetryBudget} {@code mirror} found on {@code annotatedElement}. */
  static BudgetConfig read(Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    return new BudgetConfig(elements, annotatedElement, mirror);
  }

  /** The method or type that carries the annotation. */
  Element annotatedElement() {
    return annotatedElement;
  }

  AnnotationMirror mirror() {
    return values.mirror();
  }

  /** The value written for {@code attribute}, or null when it is defaulted: for diagnostics. */
  AnnotationValue explicit(String attribute) {
    return values.explicit(attribute);
  }

  /**
   * As written; empty means the annotated type's name relative to its package, or the guarded
   * method's label ({@link GuardedMethod#budgetName()} holds the resolved one).
   */
  String name() {
    return name;
  }

  int maxTokens() {
    return maxTokens;
  }

  double tokenRatio() {
    return tokenRatio;
  }

  /**
   * The settings two budgets of one name share at run time (SPEC §10), as a message shows them:
   * {@code maxTokens = 10, tokenRatio = 0.1}.
   */
  String settings() {
    return String.format(
        Locale.ROOT, "maxTokens = %d, tokenRatio = %s", maxTokens,
        Diagnostics.number(tokenRatio));
  }
}
