package io.retrygen.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link RetryMetrics} against a {@link SimpleMeterRegistry}, after scripted calls (SPEC §12). */
class RetryMetricsTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private long nanos;
  private final Sleeper sleeper = millis -> nanos += TimeUnit.MILLISECONDS.toNanos(millis);
  private final Ticker ticker = () -> nanos;

  private RetryTemplate template(String label) {
    return RetryTemplate.builder()
        .label(label)
        .backoff(BackoffPolicy.fixed(100))
        .options(
            RetryOptions.builder()
                .sleeper(sleeper)
                .ticker(ticker)
                .listener(new RetryMetrics(registry))
                .build())
        .build();
  }

  /** The calls of {@code label} that ended so, whatever their reason. */
  private double calls(String label, String outcome, String retried) {
    double count = 0;
    for (Counter counter :
        registry
            .get("retrygen.calls")
            .tag("label", label)
            .tag("outcome", outcome)
            .tag("retried", retried)
            .counters()) {
      count += counter.count();
    }
    return count;
  }

  /** The calls of {@code label} that ended so, for {@code reason}. */
  private double calls(String label, String outcome, String retried, String reason) {
    return registry
        .get("retrygen.calls")
        .tag("label", label)
        .tag("outcome", outcome)
        .tag("retried", retried)
        .tag("reason", reason)
        .counter()
        .count();
  }

  @Test
  void countsCallsRetriesAndDurationsByLabelOutcomeAndRetried() throws IOException {
    RetryTemplate orders = template("orders.place");
    int[] attempts = {0};
    orders.execute(context -> "first");
    orders.execute(
        context -> {
          if (++attempts[0] < 3) {
            nanos += TimeUnit.MILLISECONDS.toNanos(5);
            throw new IOException("flaky");
          }
          return "third";
        });
    assertThrows(
        IOException.class,
        () ->
            orders.execute(
                context -> {
                  throw new IOException("down");
                }));
    String recovered =
        orders.execute(
            context -> {
              throw new AssertionError("an Error is not retried by default");
            },
            context -> "recovered");
    assertEquals("recovered", recovered);

    assertEquals(1.0, calls("orders.place", "success", "false"));
    assertEquals(1.0, calls("orders.place", "success", "true"));
    assertEquals(1.0, calls("orders.place", "failure", "true"));
    assertEquals(1.0, calls("orders.place", "failure", "false"), "gave up, then recovered");
    assertEquals(
        2.0 + 2.0, registry.get("retrygen.retries").tag("label", "orders.place").counter().count());
    Timer success =
        registry.get("retrygen.calls.duration").tag("label", "orders.place")
            .tag("outcome", "success").timer();
    assertEquals(2, success.count());
    // 0 ms, then 5 + 100 + 5 + 100 ms of virtual time.
    assertEquals(210.0, success.totalTime(TimeUnit.MILLISECONDS), 1e-9);
    assertEquals(2, registry.get("retrygen.calls.duration").tag("outcome", "failure").timer()
        .count());
  }

  @Test
  void labelsAreSeparateSeries() throws IOException {
    template("a").execute(context -> "x");
    template("b").execute(context -> "y");
    template("b").execute(context -> "z");
    assertEquals(1.0, calls("a", "success", "false"));
    assertEquals(2.0, calls("b", "success", "false"));
    assertNull(registry.find("retrygen.calls").tag("label", "c").counter());
  }

  @Test
  void metersAreCreatedOnceAndReusedForEveryCall() throws IOException {
    RetryTemplate template = template("cached");
    template.execute(context -> "first");
    List<Meter> before = new ArrayList<>(registry.getMeters());
    for (int i = 0; i < 100; i++) {
      template.execute(context -> "again");
    }
    assertEquals(before.size(), registry.getMeters().size());
    for (Meter meter : before) {
      assertSame(meter, registry.find(meter.getId().getName()).tags(meter.getId().getTags())
          .meter());
    }
    assertEquals(101.0, calls("cached", "success", "false"));
  }

  /**
   * Registering a meter per event would also return the same meter (the registry deduplicates),
   * so what shows that meters are cached is that recording allocates nothing: the builders and
   * tags of a registration would cost hundreds of bytes per event. A count of bytes, not a timing.
   */
  @Test
  void recordingWithTheMetersInPlaceAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    RetryMetrics metrics = new RetryMetrics(registry);
    RetryEvent retried = RetryEvent.of("alloc", 2, null, 0L, 1_000L);
    RetryEvent retry = RetryEvent.of("alloc", 1, new IOException(), 5L, 500L);
    for (int i = 0; i < 20_000; i++) { // first events, then enough for the JIT
      metrics.onSuccess(retried);
      metrics.onRetry(retry);
    }
    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    for (int i = 0; i < 100_000; i++) {
      metrics.onSuccess(retried);
      metrics.onRetry(retry);
    }
    long bytes = threads.getThreadAllocatedBytes(thread) - before;
    assertTrue(bytes < 100_000, "allocated " + bytes + " B for 200,000 events");
    assertEquals(120_000.0, calls("alloc", "success", "true"));
  }

  @Test
  void aNullRegistryIsRejected() {
    assertThrows(NullPointerException.class, () -> new RetryMetrics(null));
  }

  @Test
  void callsAreTaggedWithTheReasonTheyGaveUpForAndNoneOnSuccess() throws IOException {
    RetryTemplate orders =
        RetryTemplate.builder()
            .label("orders.reasons")
            .maxAttempts(2)
            .backoff(BackoffPolicy.fixed(100))
            .options(
                RetryOptions.builder()
                    .sleeper(sleeper)
                    .ticker(ticker)
                    .listener(new RetryMetrics(registry))
                    .build())
            .build();
    orders.execute(context -> "at once");
    assertThrows(
        IOException.class,
        () ->
            orders.execute(
                context -> {
                  throw new IOException("down");
                }));
    assertThrows(
        AssertionError.class,
        () ->
            orders.execute(
                context -> {
                  throw new AssertionError("not retried");
                }));

    assertEquals(1.0, calls("orders.reasons", "success", "false", "none"));
    assertEquals(1.0, calls("orders.reasons", "failure", "true", "attempts_exhausted"));
    assertEquals(1.0, calls("orders.reasons", "failure", "false", "not_retryable"));
    assertNull(
        registry.find("retrygen.calls").tag("label", "orders.reasons")
            .tag("reason", "cancelled").counter(),
        "a reason's counter is made when a call first gives up for it");
  }

  @Test
  void everyReasonHasItsTagAndAnEventWithoutOneCountsAsUnknown() {
    RetryMetrics metrics = new RetryMetrics(registry);
    for (GiveUpReason reason : GiveUpReason.values()) {
      metrics.onFailure(RetryEvent.of("every", 1, null, 0L, 0L, reason));
    }
    metrics.onFailure(RetryEvent.of("every", 2, null, 0L, 0L)); // built without a reason

    for (GiveUpReason reason : GiveUpReason.values()) {
      assertEquals(
          1.0,
          calls("every", "failure", "false", reason.name().toLowerCase(Locale.ROOT)),
          reason.name());
    }
    assertEquals(1.0, calls("every", "failure", "true", "unknown"));
  }

  @Test
  void recordingFailuresWithTheMetersInPlaceAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    RetryMetrics metrics = new RetryMetrics(registry);
    RetryEvent exhausted =
        RetryEvent.of("alloc.failure", 3, new IOException(), 0L, 1_000L,
            GiveUpReason.ATTEMPTS_EXHAUSTED);
    RetryEvent cancelled =
        RetryEvent.of("alloc.failure", 1, null, 0L, 500L, GiveUpReason.CANCELLED);
    for (int i = 0; i < 20_000; i++) { // first events, then enough for the JIT
      metrics.onFailure(exhausted);
      metrics.onFailure(cancelled);
    }
    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    for (int i = 0; i < 100_000; i++) {
      metrics.onFailure(exhausted);
      metrics.onFailure(cancelled);
    }
    long bytes = threads.getThreadAllocatedBytes(thread) - before;
    assertTrue(bytes < 100_000, "allocated " + bytes + " B for 200,000 events");
    assertEquals(120_000.0, calls("alloc.failure", "failure", "true", "attempts_exhausted"));
    assertEquals(120_000.0, calls("alloc.failure", "failure", "false", "cancelled"));
  }
}
