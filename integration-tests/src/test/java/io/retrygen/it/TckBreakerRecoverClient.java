package io.retrygen.it;

import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.runtime.CircuitBreakerOpenException;

/** Breaker-only methods with recover methods (SPEC §5: an open circuit gives up too). */
interface TckBreakerRecoverClient {

  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1, delay = 1000)
  String lookup(String key);

  /** Recovers every failure of lookup, the delegate's and the open breaker's. */
  @Recover
  default String lookupFailed(RuntimeException failure, String key) {
    return recoveredWith(failure, key);
  }

  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1, delay = 1000)
  String fetch(int id);

  /** Recovers only the open breaker's refusals of fetch. */
  @Recover
  default String fetchRefused(CircuitBreakerOpenException failure, int id) {
    return recoveredWith(failure, "#" + id);
  }

  /** Records what a recover got; not guarded, the generated class forwards it. */
  String recoveredWith(RuntimeException failure, String key);
}
