package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;
import java.io.IOException;

/** A large budget that concurrent callers change at once: 1000 tokens, 0.001 back per success. */
interface BulkClient {
  String BUDGET = "it.bulk";

  @RetryBudget(name = BUDGET, maxTokens = 1000, tokenRatio = 0.001)
  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 0))
  String send(boolean fail) throws IOException;
}
