package io.retrygen.oracle;

import java.util.Collections;
import java.util.List;

/**
 * Step 1 of the decision order: a failure is retryable when it is an instance of a {@code
 * retryFor} type ({@code Exception} when there is none) and of no {@code noRetryFor} type
 * (exclusion always wins, whatever the hierarchy), both looking at the causes too with {@code
 * matchCauses}; an interruption only when {@code retryFor} names {@code InterruptedException}
 * itself, and a cancellation only when it names {@code CancellationException}
 * itself. Those two rules look at the failure alone.
 */
final class ModelClassification {
  private ModelClassification() {}

  static boolean retryable(Policy.Retry retry, ModelFailure failure) {
    List<Fault> retryFor =
        retry.retryFor.isEmpty() ? Collections.singletonList(Fault.EXCEPTION) : retry.retryFor;
    boolean included = retry.matchCauses ? failure.isAnyInChain(retryFor) : failure.isAny(retryFor);
    boolean excluded = retry.matchCauses
        ? failure.isAnyInChain(retry.noRetryFor)
        : failure.isAny(retry.noRetryFor);
    if (!included || excluded) {
      return false;
    }
    if (failure.is(Fault.INTERRUPTED) && !retry.retryFor.contains(Fault.INTERRUPTED)) {
      return false;
    }
    return !cancelled(retry, failure);
  }

  /** A cancellation that ends the call at once: no retry, no recovery. */
  static boolean cancelled(Policy.Retry retry, ModelFailure failure) {
    return failure.is(Fault.CANCELLATION) && !retry.retryFor.contains(Fault.CANCELLATION);
  }
}
