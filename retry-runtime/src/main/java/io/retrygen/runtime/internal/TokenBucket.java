package io.retrygen.runtime.internal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The state of one retry budget: tokens kept as an integer count of thousandths, so
 * that the arithmetic is exact, changed only by compare-and-set, so that concurrent calls neither
 * lose nor double a change and never block.
 */
final class TokenBucket {
  private static final int ONE_TOKEN = 1000;

  private final String name;
  private final int maxTokens;
  private final int ratioThousandths;
  private final int capacity;
  /** A retry is allowed only above this: half of the capacity, exact since it is in thousandths. */
  private final int threshold;
  private final AtomicInteger thousandths;

  TokenBucket(String name, int maxTokens, int ratioThousandths) {
    this.name = name;
    this.maxTokens = maxTokens;
    this.ratioThousandths = ratioThousandths;
    this.capacity = maxTokens * ONE_TOKEN;
    this.threshold = maxTokens * (ONE_TOKEN / 2);
    this.thousandths = new AtomicInteger(capacity);
  }

  /** An attempt failed in a way its method would retry: one token less, not below 0. */
  void take() {
    while (true) {
      int current = thousandths.get();
      if (current == 0 || thousandths.compareAndSet(current, Math.max(0, current - ONE_TOKEN))) {
        return;
      }
    }
  }

  /**
   * An attempt ended in any other way: {@code tokenRatio} back, not above {@code maxTokens}. A
   * full bucket, the usual case on a healthy path, costs one read and no write.
   */
  void giveBack() {
    while (true) {
      int current = thousandths.get();
      if (current == capacity
          || thousandths.compareAndSet(current, Math.min(capacity, current + ratioThousandths))) {
        return;
      }
    }
  }

  /** Whether a retry may follow: more than {@code maxTokens / 2} tokens are left. */
  boolean allowsRetry() {
    return thousandths.get() > threshold;
  }

  /** Whether it was created with these settings. */
  boolean hasSettings(int maxTokens, double tokenRatio) {
    return this.maxTokens == maxTokens && ratioThousandths == Math.round(tokenRatio * ONE_TOKEN);
  }

  /** Its settings, as {@code describe} shows them. */
  String settings() {
    return "maxTokens=" + maxTokens + ", tokenRatio=" + (ratioThousandths / (double) ONE_TOKEN);
  }

  /** The tokens left: {@code k / 1000.0} for the {@code k} thousandths held, so 4.7, not 4.69… */
  double tokens() {
    return thousandths.get() / (double) ONE_TOKEN;
  }

  @Override
  public String toString() {
    return "RetryBudget{" + name + ", " + settings() + ", tokens=" + tokens() + "}";
  }
}
