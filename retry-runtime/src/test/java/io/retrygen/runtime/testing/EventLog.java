package io.retrygen.runtime.testing;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.ArrayList;
import java.util.List;

/**
 * A listener that writes each event as one line ({@code "onRetry Label #1 IOException delay=100
 * elapsedMs=30"}) and keeps the events; with a shared log, it also appends {@code name:kind} there
 * to show the order of several listeners. Thread-safe.
 *
 * <p>retry-test depends on this module, so its tests keep their own listener instead of
 * retry-test's {@code RecordingListener} (whose {@code lines()} use this format).
 */
public final class EventLog implements RetryListener {
  private final List<String> lines = new ArrayList<String>();
  private final List<RetryEvent> events = new ArrayList<RetryEvent>();
  private final String name;
  private final List<String> sharedLog;

  public EventLog() {
    this(null, null);
  }

  public EventLog(String name, List<String> sharedLog) {
    this.name = name;
    this.sharedLog = sharedLog;
  }

  @Override
  public void onRetry(RetryEvent event) {
    record("onRetry", event);
  }

  @Override
  public void onSuccess(RetryEvent event) {
    record("onSuccess", event);
  }

  @Override
  public void onFailure(RetryEvent event) {
    record("onFailure", event);
  }

  private synchronized void record(String kind, RetryEvent event) {
    events.add(event);
    lines.add(line(kind, event.label(), event.attempt(), event.failure(), event.delayMillis(),
        event.elapsedNanos() / 1_000_000L));
    if (sharedLog != null) {
      synchronized (sharedLog) {
        sharedLog.add(name + ":" + kind);
      }
    }
  }

  public static String line(
      String kind, String label, int attempt, Throwable failure, long delay, long elapsedMs) {
    return kind + " " + label + " #" + attempt + " "
        + (failure == null ? "-" : failure.getClass().getSimpleName())
        + " delay=" + delay + " elapsedMs=" + elapsedMs;
  }

  public synchronized List<String> lines() {
    return new ArrayList<String>(lines);
  }

  public synchronized RetryEvent event(int index) {
    return events.get(index);
  }

  /** The {@code onSuccess} and {@code onFailure} events: exactly one per call that ended. */
  public synchronized int terminals() {
    int count = 0;
    for (String line : lines) {
      if (!line.startsWith("onRetry ")) {
        count++;
      }
    }
    return count;
  }
}
