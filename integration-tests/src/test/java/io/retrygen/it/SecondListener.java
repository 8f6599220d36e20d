package io.retrygen.it;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;

/** A second annotation listener, to check the order of several. */
class SecondListener implements RetryListener {
  static int instances;

  public SecondListener() {
    instances++;
  }

  @Override
  public void onRetry(RetryEvent event) {
    CountingListener.LOG.add("second:onRetry " + event.label() + " #" + event.attempt());
  }

  @Override
  public void onSuccess(RetryEvent event) {
    CountingListener.LOG.add("second:onSuccess " + event.label() + " #" + event.attempt());
  }

  @Override
  public void onFailure(RetryEvent event) {
    CountingListener.LOG.add("second:onFailure " + event.label() + " #" + event.attempt());
  }
}
