package io.retrygen.processor;

import java.util.Locale;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;

/** The values of one winning {@code @RetryBudget}, used whole (attributes are never merged). */
final class BudgetConfig extends AnnotationConfig {
  private final String name;
  private final int maxTokens;
  private final double tokenRatio;

  private BudgetConfig(Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    super(elements, annotatedElement, mirror);
    Mirrors.Values values = values();
    this.name = values.stringValue("name");
    this.maxTokens = values.intValue("maxTokens");
    this.tokenRatio = values.doubleValue("tokenRatio");
  }

  /** Reads the {@code @RetryBudget} {@code mirror} found on {@code annotatedElement}. */
  static BudgetConfig read(Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    return new BudgetConfig(elements, annotatedElement, mirror);
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
   * The settings two budgets of one name share at run time, as a message shows them:
   * {@code maxTokens = 10, tokenRatio = 0.1}.
   */
  String settings() {
    return String.format(
        Locale.ROOT, "maxTokens = %d, tokenRatio = %s", maxTokens,
        Messages.number(tokenRatio));
  }
}
