package io.retrygen.test;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A {@link RetryListener} that records every event, for assertions that read like the schedule:
 *
 * <pre>{@code
 * RecordingListener listener = new RecordingListener();
 * RetryOptions options = time.options().toBuilder().listener(listener).build();
 * ...
 * assertEquals(
 *     "PaymentClient.charge: retry 1 (100 ms), retry 2 (200 ms), failure 3 ATTEMPTS_EXHAUSTED",
 *     listener.toString());
 * }</pre>
 *
 * Thread-safe: asynchronous retries tell it from the threads that run their attempts.
 */
public final class RecordingListener implements RetryListener {
  private static final String RETRY = "retry";
  private static final String SUCCESS = "success";
  private static final String FAILURE = "failure";

  /** Guarded by this. */
  private final List<RetryEvent> events = new ArrayList<RetryEvent>();
  /** The kind of each event, in the same order. Guarded by this. */
  private final List<String> kinds = new ArrayList<String>();

  @Override
  public synchronized void onRetry(RetryEvent event) {
    record(RETRY, event);
  }

  @Override
  public synchronized void onSuccess(RetryEvent event) {
    record(SUCCESS, event);
  }

  @Override
  public synchronized void onFailure(RetryEvent event) {
    record(FAILURE, event);
  }

  private void record(String kind, RetryEvent event) {
    events.add(event);
    kinds.add(kind);
  }

  /**
   * Forgets every event so far, so that the assertions after it see only what follows (a test's
   * second phase after a warm-up that filled a budget or opened a breaker).
   */
  public synchronized void clear() {
    events.clear();
    kinds.clear();
  }

  /** Every event so far, in the order they came: a copy that later events do not change. */
  public synchronized List<RetryEvent> events() {
    return Collections.unmodifiableList(new ArrayList<RetryEvent>(events));
  }

  /** The {@code onRetry} events of {@code label}. */
  public synchronized int retries(String label) {
    int retries = 0;
    for (int i = 0; i < events.size(); i++) {
      if (kinds.get(i).equals(RETRY) && events.get(i).label().equals(label)) {
        retries++;
      }
    }
    return retries;
  }

  /** The {@code failure()} of the last {@code onFailure} event of {@code label}, or null. */
  public synchronized Throwable lastFailure(String label) {
    for (int i = events.size() - 1; i >= 0; i--) {
      if (kinds.get(i).equals(FAILURE) && events.get(i).label().equals(label)) {
        return events.get(i).failure();
      }
    }
    return null;
  }

  /**
   * One line per event, in the order they came, with what {@link #toString()} leaves out: the
   * failure's class (its simple name, {@code -} when {@code failure()} is null) and the time since
   * the first attempt started (by the options' {@code Ticker}, in whole ms), e.g. {@code "onRetry
   * charge #1 IOException delay=100 elapsedMs=0"}, {@code "onSuccess charge #2 - delay=0
   * elapsedMs=100"}. A copy that later events do not change.
   */
  public synchronized List<String> lines() {
    List<String> lines = new ArrayList<String>(events.size());
    for (int i = 0; i < events.size(); i++) {
      RetryEvent event = events.get(i);
      Throwable failure = event.failure();
      lines.add(
          "on" + Character.toUpperCase(kinds.get(i).charAt(0)) + kinds.get(i).substring(1)
              + " " + event.label() + " #" + event.attempt()
              + " " + (failure == null ? "-" : failure.getClass().getSimpleName())
              + " delay=" + event.delayMillis()
              + " elapsedMs=" + TimeUnit.NANOSECONDS.toMillis(event.elapsedNanos()));
    }
    return Collections.unmodifiableList(lines);
  }

  /**
   * One line per label, in the order the labels were first seen, joined with {@code \n}: {@code
   * "charge: retry 1 (100 ms), retry 2 (200 ms), failure 3 ATTEMPTS_EXHAUSTED"}, {@code "find:
   * success 1"}.
   */
  @Override
  public synchronized String toString() {
    Map<String, StringBuilder> lines = new LinkedHashMap<String, StringBuilder>();
    for (int i = 0; i < events.size(); i++) {
      RetryEvent event = events.get(i);
      StringBuilder line = lines.get(event.label());
      if (line == null) {
        line = new StringBuilder(event.label()).append(": ");
        lines.put(event.label(), line);
      } else {
        line.append(", ");
      }
      String kind = kinds.get(i);
      line.append(kind).append(' ').append(event.attempt());
      if (kind.equals(RETRY)) {
        line.append(" (").append(event.delayMillis()).append(" ms)");
      } else if (kind.equals(FAILURE)) {
        line.append(' ').append(event.reason());
      }
    }
    StringBuilder all = new StringBuilder();
    for (StringBuilder line : lines.values()) {
      if (all.length() > 0) {
        all.append('\n');
      }
      all.append(line);
    }
    return all.toString();
  }
}
