package io.retrygen.benchmarks;

import io.retrygen.Backoff;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;

/**
 * {@link Service} with a retry budget. A token ratio of 1 keeps the bucket level on the fail-once
 * path (the failure takes a token, the success gives it back), so every retry is allowed and the
 * row measures what the budget's bookkeeping costs.
 */
public interface BudgetedService {
  @RetryBudget(name = "benchmarks.budget", tokenRatio = 1)
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  String call(String input);
}
