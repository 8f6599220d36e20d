package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;
import java.io.IOException;

/**
 * Retry budgets whose settings {@code BudgetOverridesTest} changes at run time. A budget is created
 * once in the process, by the first instance bound to it, and there is no way to forget it: so
 * each test has a budget of its own, on a type of its own (binding an instance binds every method
 * of its type).
 */
final class BudgetKnobs {
  private BudgetKnobs() {}

  interface Tokens {
    String BUDGET = "it.overrides.tokens";

    @RetryBudget(name = BUDGET)
    @Retryable(retryFor = IOException.class, maxAttempts = 10, backoff = @Backoff(delay = 0))
    String call() throws IOException;
  }

  interface Ratio {
    String BUDGET = "it.overrides.ratio";

    @RetryBudget(name = BUDGET)
    @Retryable(retryFor = IOException.class, maxAttempts = 10, backoff = @Backoff(delay = 0))
    String call() throws IOException;
  }

  /** Type level and unnamed: the budget is named after the type, {@code BudgetKnobs.Unnamed}. */
  @RetryBudget
  interface Unnamed {
    @Retryable(retryFor = IOException.class, maxAttempts = 10, backoff = @Backoff(delay = 0))
    String call() throws IOException;
  }
}
