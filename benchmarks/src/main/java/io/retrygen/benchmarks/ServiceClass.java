package io.retrygen.benchmarks;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/**
 * The retried class: the processor generates {@code ServiceClassRetrying}, a subclass whose
 * {@code call} runs the loop around {@code super.call}. Same settings as {@link Service}.
 */
public class ServiceClass {
  private final Service backend;

  public ServiceClass(Service backend) {
    this.backend = backend;
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  public String call(String input) {
    return backend.call(input);
  }
}
