package io.retrygen.it.reactive;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.ArrayList;
import java.util.List;

/** Records every event as one line: {@code onRetry 1 100}, {@code onFailure 2 CANCELLED}. */
final class RecordingListener implements RetryListener {
  final List<String> lines = new ArrayList<>();
  final List<RetryEvent> events = new ArrayList<>();

  @Override
  public synchronized void onRetry(RetryEvent event) {
    events.add(event);
    lines.add("onRetry " + event.attempt() + " " + event.delayMillis());
  }

  @Override
  public synchronized void onSuccess(RetryEvent event) {
    events.add(event);
    lines.add("onSuccess " + event.attempt());
  }

  @Override
  public synchronized void onFailure(RetryEvent event) {
    events.add(event);
    lines.add("onFailure " + event.attempt() + " " + event.reason());
  }
}
