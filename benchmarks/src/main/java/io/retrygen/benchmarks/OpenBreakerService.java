package io.retrygen.benchmarks;

import io.retrygen.CircuitBreaker;

/**
 * The guarded interface of the open-state rows: the processor generates {@code
 * OpenBreakerServiceRetrying}. A window of one call, so that one failure opens it, and an open
 * delay of one hour, so that it stays open for the whole trial and every measured call is refused
 * at once (the delay is still checked against the real clock on every call, as it is in use).
 */
public interface OpenBreakerService extends BreakerService {
  @Override
  @CircuitBreaker(requestVolumeThreshold = 1, delay = BreakerBenchmark.OPEN_DELAY_MILLIS)
  String call(String input);
}
