package io.retrygen.processor.check;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.model.BudgetConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryableType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * The rules of {@code @RetryBudget}: the bounds of its values, each reported on the
 * value that is wrong; that budgets of one name share their settings; and that a budget on a
 * method caps the retries of a {@code @Retryable}.
 */
public final class BudgetValidator {
  /** As {@code RetryBudgets.MAX_TOKENS}: a full bucket's thousandths stay well in an int. */
  static final int MAX_TOKENS = 1000;

  private final Types types;
  private final Report report;
  private final SharedSettings names = new SharedSettings();

  BudgetValidator(Types types, Report report) {
    this.types = types;
    this.report = report;
  }

  /** Checks the values of {@code budget}, wherever it is declared. */
  void validate(BudgetConfig budget) {
    Element element = budget.declaredOn();
    if (budget.maxTokens() < 1 || budget.maxTokens() > MAX_TOKENS) {
      report.error(
          element, budget.mirror(), budget.explicit("maxTokens"),
          "@RetryBudget(maxTokens = %d) is invalid: it is the size of the token bucket, from 1 to"
              + " %d. The default is 10",
          budget.maxTokens(), MAX_TOKENS);
    }
    double ratio = budget.tokenRatio();
    if (!(ratio > 0.0 && ratio <= 1.0) || decimals(ratio) > 3) {
      report.error(
          element, budget.mirror(), budget.explicit("tokenRatio"),
          "@RetryBudget(tokenRatio = %s) is invalid: it is the share of a token given back by"
              + " each attempt that is not a retryable failure, in (0, 1] with at most 3"
              + " decimals, as the bucket counts thousandths of a token. The default is 0.1",
          Messages.number(ratio));
    }
  }

  /** The decimals {@code value} is written with: 0.1 has 1, 0.0005 has 4. */
  private static int decimals(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return Integer.MAX_VALUE;
    }
    return Math.max(0, BigDecimal.valueOf(value).stripTrailingZeros().scale());
  }

  /**
   * Two budgets of one resolved name with different settings are an error: at run time
   * only the first one created would count. Reported on the second one seen.
   */
  void checkName(String name, BudgetConfig budget) {
    String[] first = names.conflict(name, budget.settings(), budget.annotatedElement());
    if (first != null) {
      report.error(
          budget.annotatedElement(), budget.useMirror(), budget.useValue("name"),
          "@RetryBudget \"%s\"%s is also declared on %s with other settings (%s; here %s)."
              + " Budgets of one name share one bucket, so the first one created would win. Give"
              + " them the same settings, or different names",
          name, budget.ofMeta(), first[1], first[0], budget.settings());
    }
  }

  /**
   * A {@code @RetryBudget} directly on {@code method}, which no {@code @Retryable} guards: a budget
   * caps retries, so it would do nothing.
   *
   * @param cause why nothing retries it, e.g. "it is guarded by @CircuitBreaker alone"
   */
  void reportUnretried(ExecutableElement method, AnnotationMirror budget, String cause) {
    report.error(
        method, budget,
        "@RetryBudget on %s does nothing: a retry budget caps the retries of a @Retryable, and"
            + " %s. Add @Retryable to the method or its type, or remove @RetryBudget",
        Messages.signature(method), cause);
  }

  /**
   * A {@code @RetryBudget} on a method of the input (written there, or carried by a
   * meta-annotation placed there) that no {@code @Retryable} guards.
   * Not for a method with its own {@code @Retryable} that cannot be guarded (its error says why),
   * nor in a type that an input of this round extends (its generated class may retry the method).
   */
  void checkBudgetsApply(RetryableType model, List<TypeElement> inputs) {
    List<ExecutableElement> unretried = new ArrayList<>();
    List<ExecutableElement> declared =
        ElementFilter.methodsIn(model.element().getEnclosedElements());
    for (ExecutableElement method : declared) {
      if (MetaAnnotations.find(method, AnnotationNames.RETRY_BUDGET) == null) {
        continue;
      }
      GuardedMethod guarded = model.method(method);
      if (guarded == null && MetaAnnotations.find(method, AnnotationNames.RETRYABLE) != null) {
        continue; // checkOverridable reported why it cannot be guarded
      }
      if (guarded == null || guarded.retry() == null) {
        unretried.add(method);
      }
    }
    // Asked last, and only with a budget to report: it tests the type against every input of the
    // round, which for every input would make a round quadratic in its number of inputs.
    if (unretried.isEmpty()
        || Declarations.isSupertypeOfAnInput(types, model.element(), inputs)) {
      return;
    }
    for (ExecutableElement method : unretried) {
      GuardedMethod guarded = model.method(method);
      reportUnretried(
          method, MetaAnnotations.find(method, AnnotationNames.RETRY_BUDGET).written(),
          guarded == null
              ? "no @Retryable applies to it"
              : guarded.breaker() != null && guarded.timeout() != null
                  ? "it is guarded by @CircuitBreaker and @Timeout alone"
                  : guarded.breaker() != null
                      ? "it is guarded by @CircuitBreaker alone"
                      : guarded.timeout() != null
                          ? "it is guarded by @Timeout alone"
                          : "no @Retryable applies to it");
    }
  }
}
