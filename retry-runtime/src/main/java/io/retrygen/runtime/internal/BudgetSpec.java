package io.retrygen.runtime.internal;

/**
 * Not API. The {@code @RetryBudget} of a {@link RetryPolicy}: its name and settings, checked when
 * the policy is made. The bucket itself is found or created when an instance binds the policy, so
 * that overrides of the settings can apply first.
 */
final class BudgetSpec {
  private final String name;
  private final int maxTokens;
  private final double tokenRatio;

  /** @throws IllegalArgumentException for settings {@code @RetryBudget} rejects */
  BudgetSpec(String name, int maxTokens, double tokenRatio) {
    if (name == null) {
      throw new NullPointerException("name == null");
    }
    BudgetRegistry.check(maxTokens, tokenRatio);
    this.name = name;
    this.maxTokens = maxTokens;
    this.tokenRatio = tokenRatio;
  }

  String name() {
    return name;
  }

  int maxTokens() {
    return maxTokens;
  }

  double tokenRatio() {
    return tokenRatio;
  }

  /** The process-wide bucket of this name: created with these settings if there is none yet. */
  TokenBucket bucket() {
    return BudgetRegistry.named(name, maxTokens, tokenRatio);
  }

  @Override
  public String toString() {
    return "budget " + name + " maxTokens=" + maxTokens + " tokenRatio=" + tokenRatio;
  }
}
