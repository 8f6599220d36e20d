package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;
import java.io.IOException;

/** {@link StormClient} with the default retry budget: 10 tokens, 0.1 back per success. */
interface BudgetedStormClient {
  String BUDGET = "it.storm";

  @RetryBudget(name = BUDGET)
  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 0))
  String fetch(int call) throws IOException;
}
