package io.retrygen.it;

import io.retrygen.CircuitBreaker;

/**
 * TCK's class-level breaker ({@code CircuitBreakerClassLevelClientWithDelay}) on a class: {@code
 * serviceA} inherits the type's breaker, {@code serviceC} overrides it with its own.
 */
@CircuitBreaker(
    requestVolumeThreshold = 4,
    failureRatio = 0.75,
    delay = 1000,
    successThreshold = 2)
class TckBreakerService {
  private final BreakerScript script;

  TckBreakerService(BreakerScript script) {
    this.script = script;
  }

  void serviceA() {
    script.call();
  }

  @CircuitBreaker(
      requestVolumeThreshold = 2,
      failureRatio = 1,
      delay = 1000,
      successThreshold = 2)
  void serviceC() {
    script.call();
  }
}
