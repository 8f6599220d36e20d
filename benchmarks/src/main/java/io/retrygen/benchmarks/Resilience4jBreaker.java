package io.retrygen.benchmarks;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Duration;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Resilience4j {@code CircuitBreaker}, count-based window, {@code CircuitBreaker.decorateSupplier}
 * built once; its defaults otherwise, so a refusal fills the stack trace of its {@code
 * CallNotPermittedException} ({@code writableStackTraceEnabled} is true by default).
 */
public class Resilience4jBreaker extends BreakerBenchmark {
  private Supplier<String> decorated;

  /** Whether the rejection exception fills its stack trace (the library's default: true). */
  protected boolean writableStackTrace() {
    return true;
  }

  @Override
  protected void setUpBreaker(boolean open) {
    int window = open ? 1 : WINDOW;
    CircuitBreakerConfig config = CircuitBreakerConfig.custom()
        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
        .slidingWindowSize(window)
        .minimumNumberOfCalls(window)
        .failureRateThreshold(50.0f)
        .permittedNumberOfCallsInHalfOpenState(1)
        .waitDurationInOpenState(
            Duration.ofMillis(open ? OPEN_DELAY_MILLIS : CLOSED_DELAY_MILLIS))
        .writableStackTraceEnabled(writableStackTrace())
        .build();
    CircuitBreaker breaker = CircuitBreaker.of("benchmark", config);
    Service target = backend;
    String argument = input;
    decorated = CircuitBreaker.decorateSupplier(breaker, () -> target.call(argument));
  }

  @Override
  @Benchmark
  public String call() {
    try {
      return decorated.get();
    } catch (CallNotPermittedException rejected) {
      return REJECTED;
    }
  }
}
