package io.retrygen.it;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.List;

/**
 * Appends {@code name:onRetry} (and so on) to a log it shares with other listeners, sleepers or
 * recover methods, to check the order they run in; the events themselves are for a {@code
 * RecordingListener}.
 */
final class LogListener implements RetryListener {
  private final String name;
  private final List<String> log;

  LogListener(String name, List<String> log) {
    this.name = name;
    this.log = log;
  }

  @Override
  public void onRetry(RetryEvent event) {
    log.add(name + ":onRetry");
  }

  @Override
  public void onSuccess(RetryEvent event) {
    log.add(name + ":onSuccess");
  }

  @Override
  public void onFailure(RetryEvent event) {
    log.add(name + ":onFailure");
  }
}
