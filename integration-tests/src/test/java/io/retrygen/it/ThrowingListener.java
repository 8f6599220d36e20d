package io.retrygen.it;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;

/** Throws from every callback. */
class ThrowingListener implements RetryListener {

  public ThrowingListener() {}

  @Override
  public void onRetry(RetryEvent event) {
    throw new IllegalStateException("listener fails in onRetry");
  }

  @Override
  public void onSuccess(RetryEvent event) {
    throw new SimulatedError("listener fails in onSuccess");
  }

  @Override
  public void onFailure(RetryEvent event) {
    throw new IllegalStateException("listener fails in onFailure");
  }
}
