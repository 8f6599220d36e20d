package io.retrygen.it;

import io.retrygen.Timeout;
import java.util.concurrent.CompletableFuture;

/** Time limits that {@code TimeoutOverridesTest} changes at run time. */
interface TimedKnobs {
  /** Far beyond the test's patience: only an override can make it fire in time. */
  @Timeout(60_000)
  String blocking() throws InterruptedException;

  /** Timed on the options' scheduler. */
  @Timeout(1000)
  CompletableFuture<String> later();
}
