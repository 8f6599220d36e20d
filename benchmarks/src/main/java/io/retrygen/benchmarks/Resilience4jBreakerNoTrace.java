package io.retrygen.benchmarks;

/**
 * {@link Resilience4jBreaker} with {@code writableStackTraceEnabled(false)}: Resilience4j's own
 * switch for a refusal that does not walk the stack, as retrygen's never does.
 */
public class Resilience4jBreakerNoTrace extends Resilience4jBreaker {
  @Override
  protected boolean writableStackTrace() {
    return false;
  }
}
