package io.retrygen.example.orders;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Logs every retry and every call that gives up. A {@link RetryListener} bean: retry-spring hands
 * it to every generated class of the context.
 */
@Component
public class RetryLogging implements RetryListener {
  private static final Logger log = LoggerFactory.getLogger(RetryLogging.class);

  @Override
  public void onRetry(RetryEvent event) {
    log.info("{}: attempt {} failed ({}), retrying in {} ms",
        event.label(), event.attempt(), event.failure().getMessage(), event.delayMillis());
  }

  @Override
  public void onSuccess(RetryEvent event) {
    if (event.attempt() > 1) {
      log.info("{}: attempt {} succeeded, {} ms after the first",
          event.label(), event.attempt(), event.elapsedNanos() / 1_000_000);
    }
  }

  @Override
  public void onFailure(RetryEvent event) {
    log.warn("{}: giving up after attempt {} ({}): {}",
        event.label(), event.attempt(), event.reason(), event.failure().getMessage());
  }
}
