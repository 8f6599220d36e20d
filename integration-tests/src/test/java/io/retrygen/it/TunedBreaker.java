package io.retrygen.it;

import io.retrygen.CircuitBreaker;

/**
 * Breakers whose settings {@code BreakerOverridesTest} changes at run time: a window of 4, ratio
 * 0.5, open for 1000 ms, closed again by one trial success. One unnamed (its name is its label),
 * one named.
 */
interface TunedBreaker {
  String NAMED = "it.overrides.named";

  @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 1000)
  void call();

  @CircuitBreaker(name = NAMED, requestVolumeThreshold = 4, failureRatio = 0.5, delay = 1000)
  void named();
}
