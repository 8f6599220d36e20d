package io.retrygen.runtime.internal;

import io.retrygen.runtime.RetryBudgets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Not API: the process-wide retry budgets, one token bucket per name. {@link RetryBudgets} is the
 * public face of this registry; a {@link RetryPolicy} with a budget finds its bucket here.
 */
public final class BudgetRegistry {
  /** The largest {@code maxTokens}: a bucket of it holds 1,000,000 thousandths, well in an int. */
  static final int MAX_TOKENS = 1000;

  private static final ConcurrentMap<String, TokenBucket> NAMED =
      new ConcurrentHashMap<String, TokenBucket>();

  private BudgetRegistry() {}

  /** As {@link RetryBudgets#tokens}. */
  public static double tokens(String name) {
    if (name == null) {
      throw new NullPointerException("name == null");
    }
    TokenBucket bucket = NAMED.get(name);
    return bucket == null ? Double.NaN : bucket.tokens();
  }

  /** The bucket named {@code name}, or null when none was created. */
  static TokenBucket existing(String name) {
    return NAMED.get(name);
  }

  /**
   * The bucket named {@code name}, created full with these settings unless one of that name
   * exists already.
   *
   * @throws IllegalArgumentException for settings {@code @RetryBudget} rejects at compile time
   */
  static TokenBucket named(String name, int maxTokens, double tokenRatio) {
    if (name == null) {
      throw new NullPointerException("name == null");
    }
    int ratioThousandths = check(maxTokens, tokenRatio);
    TokenBucket bucket = NAMED.get(name);
    if (bucket != null) {
      return bucket;
    }
    TokenBucket created = new TokenBucket(name, maxTokens, ratioThousandths);
    bucket = NAMED.putIfAbsent(name, created);
    return bucket != null ? bucket : created;
  }

  /**
   * The rules of {@code @RetryBudget}: {@code maxTokens} from 1 to 1000, {@code tokenRatio} in
   * {@code (0, 1]} with at most 3 decimals.
   *
   * @return {@code tokenRatio} in thousandths
   * @throws IllegalArgumentException naming the rule a value breaks
   */
  static int check(int maxTokens, double tokenRatio) {
    if (maxTokens < 1 || maxTokens > MAX_TOKENS) {
      throw new IllegalArgumentException(
          "maxTokens must be from 1 to " + MAX_TOKENS + ": " + maxTokens);
    }
    long ratioThousandths = Math.round(tokenRatio * 1000.0);
    if (!(tokenRatio > 0.0 && tokenRatio <= 1.0)
        || Math.abs(tokenRatio * 1000.0 - ratioThousandths) > 1e-6) {
      throw new IllegalArgumentException(
          "tokenRatio must be in (0, 1] with at most 3 decimals: " + tokenRatio);
    }
    return (int) ratioThousandths;
  }
}
