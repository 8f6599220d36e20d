package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * Methods sharing the type's retry budget {@value #BUDGET} (SPEC §10): 10 tokens, 0.1 back per
 * attempt that is not a retryable failure, retries only while more than 5 are left.
 */
@RetryBudget(name = BudgetedClient.BUDGET)
@Retryable(retryFor = IOException.class, maxAttempts = 5, backoff = @Backoff(delay = 0))
interface BudgetedClient {
  String BUDGET = "it.budgeted";

  String call(String key) throws IOException;

  /** With a retryIf that the test's delegate answers, and results that may be "pending". */
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 5,
      retryIf = "isTransient",
      retryOnResult = "isPending",
      backoff = @Backoff(delay = 0))
  String status(String key) throws IOException;

  CompletableFuture<String> fetch(String key);

  /** Static: the type-level @Retryable guards every overridable method, a default one included. */
  static boolean isTransient(IOException failure) {
    return !failure.getMessage().equals("permanent");
  }

  static boolean isPending(String status) {
    return status.equals("pending");
  }
}
