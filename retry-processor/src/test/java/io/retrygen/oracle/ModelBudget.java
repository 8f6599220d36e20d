package io.retrygen.oracle;

/**
 * The retry budget as the contract describes it (gRPC's throttling), in exact thousandths of a
 * token: it starts full; an attempt whose failure passes step 1 (or whose result is rejected)
 * takes one token, not below 0; any other outcome adds {@code tokenRatio}, not above {@code
 * maxTokens}; a retry is allowed only while more than {@code maxTokens / 2} tokens are left.
 * Without a budget it changes nothing and allows every retry.
 */
final class ModelBudget {
  private final boolean present;
  private final int maxThousandths;
  private final int ratioThousandths;
  private int thousandths;

  /** @param budget null for none */
  ModelBudget(Policy.Budget budget) {
    this.present = budget != null;
    this.maxThousandths = present ? budget.maxTokens * 1000 : 0;
    this.ratioThousandths = present ? budget.ratioThousandths : 0;
    this.thousandths = maxThousandths;
  }

  void take() {
    thousandths = Math.max(0, thousandths - 1000);
  }

  void refund() {
    thousandths = Math.min(maxThousandths, thousandths + ratioThousandths);
  }

  /** Step 6 of the decision order. */
  boolean allowsRetry() {
    return !present || thousandths * 2 > maxThousandths;
  }

  /** What {@code RetryBudgets.tokens(name)} returns: {@code k / 1000.0}. */
  double tokens() {
    return thousandths / 1000.0;
  }
}
