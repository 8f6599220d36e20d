package io.retrygen.benchmarks;

import io.retrygen.CircuitBreaker;

/**
 * The guarded interface of the closed-state rows: the processor generates {@code
 * BreakerServiceRetrying}, a delegate. Unnamed breaker (one per instance), MicroProfile defaults:
 * a window of the last 20 calls, opens at a failure ratio of 0.5, stays open 5 s, one trial call.
 */
public interface BreakerService {
  @CircuitBreaker
  String call(String input);
}
