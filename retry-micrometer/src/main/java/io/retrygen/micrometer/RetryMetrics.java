package io.retrygen.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Records retry events as Micrometer meters. Register it once, for every generated
 * instance or template that should report:
 *
 * <pre>{@code
 * RetryOptions options = RetryOptions.builder().listener(new RetryMetrics(registry)).build();
 * }</pre>
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>meter</th><th>type</th><th>tags</th><th>when</th></tr>
 *   <tr><td>{@code retrygen.calls}</td><td>counter</td><td>{@code label}, {@code outcome}
 *       ({@code success}/{@code failure}), {@code retried} ({@code true}/{@code false}), {@code
 *       reason} (the {@link GiveUpReason} in lower case, {@code attempts_exhausted}; {@code none}
 *       on success; {@code unknown} for an {@code onFailure} event built without one)</td>
 *       <td>each call, at {@code onSuccess}/{@code onFailure}; {@code retried}: it made more than
 *       one attempt</td></tr>
 *   <tr><td>{@code retrygen.retries}</td><td>counter</td><td>{@code label}</td>
 *       <td>each {@code onRetry}</td></tr>
 *   <tr><td>{@code retrygen.calls.duration}</td><td>timer</td><td>{@code label}, {@code
 *       outcome}</td><td>each call, its {@code elapsedNanos()}</td></tr>
 * </table>
 *
 * <p>The meters of a label are created at its first event and kept, those of a failure's reason at
 * the first call that gives up for it, so that a label shows only the reasons it met; recording
 * looks them up without allocating. Thread-safe.
 */
public final class RetryMetrics implements RetryListener {
  private final MeterRegistry registry;
  private final ConcurrentMap<String, LabelMeters> byLabel =
      new ConcurrentHashMap<String, LabelMeters>();

  /** Records into {@code registry}. */
  public RetryMetrics(MeterRegistry registry) {
    if (registry == null) {
      throw new NullPointerException("registry == null");
    }
    this.registry = registry;
  }

  @Override
  public void onRetry(RetryEvent event) {
    meters(event.label()).retries.increment();
  }

  @Override
  public void onSuccess(RetryEvent event) {
    LabelMeters meters = meters(event.label());
    (event.attempt() > 1 ? meters.successRetried : meters.successFirst).increment();
    meters.successDuration.record(event.elapsedNanos(), TimeUnit.NANOSECONDS);
  }

  @Override
  public void onFailure(RetryEvent event) {
    LabelMeters meters = meters(event.label());
    meters.failures(event.reason(), event.attempt() > 1).increment();
    meters.failureDuration.record(event.elapsedNanos(), TimeUnit.NANOSECONDS);
  }

  private LabelMeters meters(String label) {
    LabelMeters meters = byLabel.get(label);
    if (meters == null) {
      LabelMeters created = new LabelMeters(registry, label);
      meters = byLabel.putIfAbsent(label, created);
      if (meters == null) {
        meters = created;
      }
    }
    return meters;
  }

  /**
   * Every meter of one label: created together, but for the failures' counters, one per reason and
   * {@code retried}, made when first needed.
   */
  private static final class LabelMeters {
    private static final GiveUpReason[] REASONS = GiveUpReason.values();
    /** The {@code reason} tags, by ordinal; the last one for an event without a reason. */
    private static final String[] REASON_TAGS = reasonTags();

    private final MeterRegistry registry;
    private final String label;
    final Counter successFirst;
    final Counter successRetried;
    /** By {@code 2 * reason + retried}; a race creates the same meter twice, which is harmless. */
    private final AtomicReferenceArray<Counter> failures =
        new AtomicReferenceArray<Counter>(2 * REASON_TAGS.length);
    final Counter retries;
    final Timer successDuration;
    final Timer failureDuration;

    LabelMeters(MeterRegistry registry, String label) {
      this.registry = registry;
      this.label = label;
      successFirst = calls(registry, label, "success", "false", "none");
      successRetried = calls(registry, label, "success", "true", "none");
      retries =
          Counter.builder("retrygen.retries")
              .description("Retries: attempts that failed and were followed by another")
              .tag("label", label)
              .register(registry);
      successDuration = duration(registry, label, "success");
      failureDuration = duration(registry, label, "failure");
    }

    /** The counter of the calls that gave up for {@code reason} (null: unknown). */
    Counter failures(GiveUpReason reason, boolean retried) {
      int index = 2 * (reason == null ? REASONS.length : reason.ordinal()) + (retried ? 1 : 0);
      Counter counter = failures.get(index);
      if (counter == null) {
        counter =
            calls(registry, label, "failure", retried ? "true" : "false", REASON_TAGS[index / 2]);
        failures.set(index, counter); // the registry returns the same counter for the same tags
      }
      return counter;
    }

    private static String[] reasonTags() {
      String[] tags = new String[REASONS.length + 1];
      for (GiveUpReason reason : REASONS) {
        tags[reason.ordinal()] = reason.name().toLowerCase(Locale.ROOT);
      }
      tags[REASONS.length] = "unknown";
      return tags;
    }

    private static Counter calls(
        MeterRegistry registry, String label, String outcome, String retried, String reason) {
      return Counter.builder("retrygen.calls")
          .description("Calls of a retried method or template, by how they ended")
          .tag("label", label)
          .tag("outcome", outcome)
          .tag("retried", retried)
          .tag("reason", reason)
          .register(registry);
    }

    private static Timer duration(MeterRegistry registry, String label, String outcome) {
      return Timer.builder("retrygen.calls.duration")
          .description("Time from the start of a call's first attempt to its end, waits included")
          .tag("label", label)
          .tag("outcome", outcome)
          .register(registry);
    }
  }
}
