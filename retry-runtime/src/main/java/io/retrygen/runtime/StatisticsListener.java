package io.retrygen.runtime;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link RetryListener} that counts calls per label: successful or failed, with or without
 * retry. Thread-safe; register one instance with {@code RetryOptions.builder().listener(statistics)}
 * and read its counts. Not in {@code @Retryable(listeners = ...)}: that creates an instance private
 * to one generated object, whose counts no one could read (a compile warning says so).
 *
 * <pre>{@code
 * StatisticsListener statistics = new StatisticsListener();
 * ...
 * statistics.statistics("PaymentClient.charge").successfulWithRetry();
 * }</pre>
 */
public final class StatisticsListener implements RetryListener {
  private final ConcurrentMap<String, Counters> countersByLabel =
      new ConcurrentHashMap<String, Counters>();

  /** Counts nothing yet. */
  public StatisticsListener() {}

  @Override
  public void onSuccess(RetryEvent event) {
    Counters counters = countersFor(event.label());
    (event.attempt() == 1 ? counters.successfulWithoutRetry : counters.successfulWithRetry)
        .incrementAndGet();
  }

  @Override
  public void onFailure(RetryEvent event) {
    Counters counters = countersFor(event.label());
    (event.attempt() == 1 ? counters.failedWithoutRetry : counters.failedWithRetry)
        .incrementAndGet();
  }

  /** A snapshot of the counts for {@code label}; all zero for a label never seen. */
  public RetryStatistics statistics(String label) {
    Counters counters = countersByLabel.get(label);
    if (counters == null) {
      return new RetryStatistics(0, 0, 0, 0);
    }
    return new RetryStatistics(
        counters.successfulWithoutRetry.get(),
        counters.successfulWithRetry.get(),
        counters.failedWithoutRetry.get(),
        counters.failedWithRetry.get());
  }

  private Counters countersFor(String label) {
    Counters counters = countersByLabel.get(label);
    if (counters == null) {
      Counters created = new Counters();
      counters = countersByLabel.putIfAbsent(label, created);
      if (counters == null) {
        counters = created;
      }
    }
    return counters;
  }

  private static final class Counters {
    final AtomicLong successfulWithoutRetry = new AtomicLong();
    final AtomicLong successfulWithRetry = new AtomicLong();
    final AtomicLong failedWithoutRetry = new AtomicLong();
    final AtomicLong failedWithRetry = new AtomicLong();
  }

  @Override
  public String toString() {
    return "StatisticsListener" + countersByLabel.keySet();
  }
}
