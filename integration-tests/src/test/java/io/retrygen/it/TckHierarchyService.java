package io.retrygen.it;

import io.retrygen.CircuitBreaker;

/**
 * TCK {@code CircuitBreakerExceptionHierarchyTest}'s service: each method throws what it is given;
 * a window of one outcome, so one failure opens the breaker.
 */
interface TckHierarchyService {

  @CircuitBreaker(
      failOn = {E0.class, E2.class},
      skipOn = E1.class,
      requestVolumeThreshold = 1,
      failureRatio = 1,
      delay = 1000)
  void serviceA(Throwable failure) throws Throwable;

  @CircuitBreaker(
      failOn = {Exception.class, E1.class},
      skipOn = {E0.class, E2.class},
      requestVolumeThreshold = 1,
      failureRatio = 1,
      delay = 1000)
  void serviceB(Throwable failure) throws Throwable;

  @CircuitBreaker(
      failOn = {E1.class, E2.class},
      skipOn = E0.class,
      requestVolumeThreshold = 1,
      failureRatio = 1,
      delay = 1000)
  void serviceC(Throwable failure) throws Throwable;

  /** failOn defaults to Exception. */
  @CircuitBreaker(requestVolumeThreshold = 1, failureRatio = 1, delay = 1000)
  void byDefault(Throwable failure) throws Throwable;

  // E0 <: Exception, E1 <: E0, E2 <: E1, E2S <: E2, E1S <: E1 (not E2), E0S <: E0 (not E1)

  class E0 extends Exception {
    private static final long serialVersionUID = 1L;
  }

  class E1 extends E0 {
    private static final long serialVersionUID = 1L;
  }

  class E2 extends E1 {
    private static final long serialVersionUID = 1L;
  }

  class E2S extends E2 {
    private static final long serialVersionUID = 1L;
  }

  class E1S extends E1 {
    private static final long serialVersionUID = 1L;
  }

  class E0S extends E0 {
    private static final long serialVersionUID = 1L;
  }
}
