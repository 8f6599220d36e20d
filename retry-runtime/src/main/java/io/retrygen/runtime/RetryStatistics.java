package io.retrygen.runtime;

/**
 * Counts of the calls of one label, as seen by a {@link StatisticsListener}. A snapshot:
 * immutable. A call that gave up counts as failed whether or not it was then recovered.
 */
public final class RetryStatistics {
  private final long successfulWithoutRetry;
  private final long successfulWithRetry;
  private final long failedWithoutRetry;
  private final long failedWithRetry;

  RetryStatistics(
      long successfulWithoutRetry,
      long successfulWithRetry,
      long failedWithoutRetry,
      long failedWithRetry) {
    this.successfulWithoutRetry = successfulWithoutRetry;
    this.successfulWithRetry = successfulWithRetry;
    this.failedWithoutRetry = failedWithoutRetry;
    this.failedWithRetry = failedWithRetry;
  }

  /** Calls that succeeded on the first attempt. */
  public long successfulWithoutRetry() {
    return successfulWithoutRetry;
  }

  /** Calls that succeeded on a later attempt. */
  public long successfulWithRetry() {
    return successfulWithRetry;
  }

  /** Calls that gave up after the first attempt (a failure that is not retried, or maxAttempts 1). */
  public long failedWithoutRetry() {
    return failedWithoutRetry;
  }

  /** Calls that gave up after more than one attempt. */
  public long failedWithRetry() {
    return failedWithRetry;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof RetryStatistics)) {
      return false;
    }
    RetryStatistics that = (RetryStatistics) o;
    return successfulWithoutRetry == that.successfulWithoutRetry
        && successfulWithRetry == that.successfulWithRetry
        && failedWithoutRetry == that.failedWithoutRetry
        && failedWithRetry == that.failedWithRetry;
  }

  @Override
  public int hashCode() {
    long h = successfulWithoutRetry;
    h = h * 31 + successfulWithRetry;
    h = h * 31 + failedWithoutRetry;
    h = h * 31 + failedWithRetry;
    return (int) (h ^ (h >>> 32));
  }

  @Override
  public String toString() {
    return "RetryStatistics{successfulWithoutRetry=" + successfulWithoutRetry
        + ", successfulWithRetry=" + successfulWithRetry
        + ", failedWithoutRetry=" + failedWithoutRetry
        + ", failedWithRetry=" + failedWithRetry + "}";
  }
}
