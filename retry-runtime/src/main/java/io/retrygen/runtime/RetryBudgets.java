package io.retrygen.runtime;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The process-wide retry budgets of {@code @RetryBudget}: one token bucket per name,
 * shared by every generated method and instance that uses the name. The first budget created
 * with a name wins: its {@code maxTokens} and {@code tokenRatio} are those of the bucket.
 */
public final class RetryBudgets {
  /** The largest {@code maxTokens}: a bucket of it holds 1,000,000 thousandths, well in an int. */
  static final int MAX_TOKENS = 1000;

  private static final ConcurrentMap<String, TokenBucket> NAMED =
      new ConcurrentHashMap<String, TokenBucket>();

  private RetryBudgets() {}

  /**
   * The tokens left in the budget named {@code name}: {@code k / 1000.0} for the whole number
   * {@code k} of thousandths it holds (so {@code 4.7}, never {@code 4.6999…}), or {@link
   * Double#NaN} for a name no budget was created with.
   *
   * @throws NullPointerException if {@code name} is null
   */
  public static double tokens(String name) {
    if (name == null) {
      throw new NullPointerException("name == null");
    }
    TokenBucket bucket = NAMED.get(name);
    return bucket == null ? Double.NaN : bucket.tokens();
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
    TokenBucket bucket = NAMED.get(name);
    if (bucket != null) {
      return bucket;
    }
    TokenBucket created = new TokenBucket(name, maxTokens, (int) ratioThousandths);
    bucket = NAMED.putIfAbsent(name, created);
    return bucket != null ? bucket : created;
  }
}
