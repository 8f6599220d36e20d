package io.retrygen.it;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.ArrayList;
import java.util.List;

/** Created by generated classes from {@code @Retryable(listeners = ...)}; counts its instances. */
class CountingListener implements RetryListener {
  static int instances;
  /** Shared with the other listeners of a test, to check the order they run in. */
  static final List<String> LOG = new ArrayList<>();

  static void reset() {
    instances = 0;
    LOG.clear();
  }

  public CountingListener() {
    instances++;
  }

  @Override
  public void onRetry(RetryEvent event) {
    LOG.add("counting:onRetry " + event.label() + " #" + event.attempt());
  }

  @Override
  public void onSuccess(RetryEvent event) {
    LOG.add("counting:onSuccess " + event.label() + " #" + event.attempt());
  }

  @Override
  public void onFailure(RetryEvent event) {
    LOG.add("counting:onFailure " + event.label() + " #" + event.attempt());
  }
}
