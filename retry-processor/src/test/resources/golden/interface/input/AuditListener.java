package test;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;

public class AuditListener implements RetryListener {
  @Override
  public void onRetry(RetryEvent event) {}
}
