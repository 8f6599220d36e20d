package io.retrygen.processor.model;

import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.Mirrors;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;

/** The values of one winning {@code @RetryBudget}, used whole (attributes are never merged). */
public final class BudgetConfig extends AnnotationConfig {
  private final String name;
  private final int maxTokens;
  private final double tokenRatio;

  private BudgetConfig(
      Elements elements, Element annotatedElement, MetaAnnotations.Placed placed) {
    super(elements, annotatedElement, placed);
    Mirrors.Values values = values();
    this.name = values.stringValue("name");
    this.maxTokens = values.intValue("maxTokens");
    this.tokenRatio = values.doubleValue("tokenRatio");
  }

  /** Reads the {@code @RetryBudget} {@code mirror} that applies to {@code annotatedElement}. */
  public static BudgetConfig read(
      Elements elements, Element annotatedElement, MetaAnnotations.Placed placed) {
    return new BudgetConfig(elements, annotatedElement, placed);
  }

  /**
   * As written; empty means the annotated type's name relative to its package, or the guarded
   * method's label ({@link GuardedMethod#budgetName()} holds the resolved one).
   */
  public String name() {
    return name;
  }

  public int maxTokens() {
    return maxTokens;
  }

  public double tokenRatio() {
    return tokenRatio;
  }

  /**
   * The settings two budgets of one name share at run time, as a message shows them:
   * {@code maxTokens = 10, tokenRatio = 0.1}.
   */
  public String settings() {
    return String.format(
        Locale.ROOT, "maxTokens = %d, tokenRatio = %s", maxTokens,
        Messages.number(tokenRatio));
  }
}
