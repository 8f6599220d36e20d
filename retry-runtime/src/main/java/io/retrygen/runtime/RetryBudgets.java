package io.retrygen.runtime;

import io.retrygen.runtime.internal.BudgetRegistry;

/**
 * The process-wide retry budgets of {@code @RetryBudget}: one token bucket per name,
 * shared by every generated method and instance that uses the name. The first budget created
 * with a name wins: its {@code maxTokens} and {@code tokenRatio} are those of the bucket.
 */
public final class RetryBudgets {
  private RetryBudgets() {}

  /**
   * The tokens left in the budget named {@code name}: {@code k / 1000.0} for the whole number
   * {@code k} of thousandths it holds (so {@code 4.7}, never {@code 4.6999…}), or {@link
   * Double#NaN} for a name no budget was created with.
   *
   * @throws NullPointerException if {@code name} is null
   */
  public static double tokens(String name) {
    return BudgetRegistry.tokens(name);
  }
}
