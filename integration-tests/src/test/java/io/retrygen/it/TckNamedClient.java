package io.retrygen.it;

import io.retrygen.CircuitBreaker;

/**
 * Named breakers shared by generated instances and by methods, and an unnamed one. The names are
 * process-wide: each is used by one test only.
 */
interface TckNamedClient {

  @CircuitBreaker(name = "tck8.instances", requestVolumeThreshold = 2, failureRatio = 1, delay = 1000)
  void shared();

  @CircuitBreaker(name = "tck8.methods", requestVolumeThreshold = 2, failureRatio = 1, delay = 1000)
  void first();

  @CircuitBreaker(name = "tck8.methods", requestVolumeThreshold = 2, failureRatio = 1, delay = 1000)
  void second();

  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1, delay = 1000)
  void unnamed();
}
