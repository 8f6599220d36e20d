package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.RetryBudget;
import io.retrygen.Retryable;
import java.io.IOException;

/**
 * Steps 5, 6 and 7 of SPEC §3 with instance methods the test's delegate counts: {@code delayFor}
 * is asked for a wait only once retryIf and the budget have allowed the retry.
 */
@RetryBudget(name = WaitedClient.BUDGET)
interface WaitedClient {
  String BUDGET = "it.waited";

  @Retryable(
      retryFor = IOException.class,
      retryIf = "isTransient",
      backoff = @Backoff(delay = 1000, delayFor = "waitFor"))
  String call(String key) throws IOException;

  /** Instance predicates are default methods, called on the delegate, which overrides them. */
  default boolean isTransient(IOException failure) {
    return true;
  }

  default long waitFor(IOException failure) {
    return -1;
  }
}
