package io.retrygen.it;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.ArrayList;
import java.util.List;

/** Named in {@code @Retryable(listeners = ...)} of {@link SerialSession}; logs to a static list. */
class SerialListener implements RetryListener {
  static final List<String> LOG = new ArrayList<>();

  public SerialListener() {}

  @Override
  public void onRetry(RetryEvent event) {
    LOG.add("onRetry " + event.label() + " #" + event.attempt());
  }

  @Override
  public void onSuccess(RetryEvent event) {
    LOG.add("onSuccess " + event.label() + " #" + event.attempt());
  }

  @Override
  public void onFailure(RetryEvent event) {
    LOG.add("onFailure " + event.label() + " #" + event.attempt());
  }
}
