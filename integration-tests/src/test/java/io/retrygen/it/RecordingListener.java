package io.retrygen.it;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.ArrayList;
import java.util.List;

/** Records every event as one readable line, and the events themselves. */
final class RecordingListener implements RetryListener {
  final List<String> lines = new ArrayList<>();
  final List<RetryEvent> events = new ArrayList<>();
  private final List<String> sharedLog;
  private final String name;

  RecordingListener() {
    this(null, null);
  }

  /** Also appends {@code name:kind} to {@code sharedLog}, to check the order of listeners. */
  RecordingListener(String name, List<String> sharedLog) {
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

  /** Synchronized: asynchronous calls may end on several threads at once. */
  private synchronized void record(String kind, RetryEvent event) {
    events.add(event);
    lines.add(line(kind, event));
    if (sharedLog != null) {
      sharedLog.add(name + ":" + kind);
    }
  }

  static String line(String kind, RetryEvent event) {
    return kind + " " + event.label() + " #" + event.attempt()
        + " " + (event.failure() == null ? "-" : event.failure().getClass().getSimpleName())
        + " delay=" + event.delayMillis() + " elapsedMs=" + event.elapsedNanos() / 1_000_000L;
  }
}
