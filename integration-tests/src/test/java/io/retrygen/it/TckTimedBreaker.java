package io.retrygen.it;

import io.retrygen.CircuitBreaker;

/**
 * A named breaker made by exactly one test, so that the options it is first created with (and so
 * its ticker) are known.
 */
interface TckTimedBreaker {

  @CircuitBreaker(name = "tck8.timed", requestVolumeThreshold = 1, failureRatio = 1, delay = 1000)
  void call();
}
