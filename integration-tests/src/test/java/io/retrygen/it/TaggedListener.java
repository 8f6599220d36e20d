package io.retrygen.it;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;

/** A generic listener class, named in {@code @Retryable(listeners = TaggedListener.class)}. */
class TaggedListener<T> implements RetryListener {
  static int instances;

  public TaggedListener() {
    instances++;
  }

  @Override
  public void onSuccess(RetryEvent event) {
    CountingListener.LOG.add("tagged:onSuccess " + event.label() + " #" + event.attempt());
  }
}
