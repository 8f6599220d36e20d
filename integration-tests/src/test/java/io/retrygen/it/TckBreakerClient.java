package io.retrygen.it;

import io.retrygen.CircuitBreaker;

/**
 * The breakers of MicroProfile Fault Tolerance's TCK {@code CircuitBreakerTest} (and its
 * initial/late success variants) on an interface: a window of 4, failure ratio 0.75, 1 s delay.
 */
interface TckBreakerClient {

  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 1000)
  void defaultSuccessThreshold();

  @CircuitBreaker(
      requestVolumeThreshold = 4,
      failureRatio = 0.75,
      delay = 1000,
      successThreshold = 2)
  void successThreshold2();

  @CircuitBreaker(
      requestVolumeThreshold = 4,
      failureRatio = 0.75,
      delay = 1000,
      successThreshold = 3)
  void successThreshold3();

  /** TCK's rolling-window client: opens at 2 failures among the last 4 outcomes. */
  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 1000)
  void rollingWindow();
}
