package io.retrygen.benchmarks;

import static io.retrygen.runtime.CircuitBreakerState.HALF_OPEN;
import static io.retrygen.runtime.CircuitBreakerState.OPEN;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrygen.RetryEvent;
import io.retrygen.micrometer.CircuitBreakerMetrics;
import io.retrygen.micrometer.RetryMetrics;
import io.retrygen.runtime.CircuitBreakerState;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What recording costs once the meters exist (SPEC §12: "recording allocates nothing once they
 * exist"): one event into {@code retry-micrometer}'s listeners on a {@link SimpleMeterRegistry},
 * whose meters the setup created with a first event of each kind. Read {@code
 * gc.alloc.rate.norm}: it should be 0 B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MetricsBenchmark {
  private RetryMetrics retryMetrics;
  private CircuitBreakerMetrics breakerMetrics;
  private RetryEvent success;
  private RetryEvent retry;
  private RetryEvent failure;

  @Setup
  public void setUp() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    retryMetrics = new RetryMetrics(registry);
    breakerMetrics = new CircuitBreakerMetrics(registry);
    success = RetryEvent.of("Service.call", 2, null, 0L, 1_500_000L);
    retry = RetryEvent.of("Service.call", 1, BenchmarkFailure.INSTANCE, 0L, 500_000L);
    failure = RetryEvent.of("Service.call", 3, BenchmarkFailure.INSTANCE, 0L, 2_500_000L);
    retryMetrics.onSuccess(success);
    retryMetrics.onRetry(retry);
    retryMetrics.onFailure(failure);
    breakerMetrics.onStateChange("inventory", CircuitBreakerState.CLOSED, OPEN);
    breakerMetrics.onStateChange("inventory", OPEN, HALF_OPEN);
    breakerMetrics.onCallNotPermitted("inventory");
  }

  /** {@code retrygen.calls} and {@code retrygen.calls.duration} of a call that was retried. */
  @Benchmark
  public void onSuccess() {
    retryMetrics.onSuccess(success);
  }

  /** {@code retrygen.retries}. */
  @Benchmark
  public void onRetry() {
    retryMetrics.onRetry(retry);
  }

  /** {@code retrygen.calls} and {@code retrygen.calls.duration} of a call that gave up. */
  @Benchmark
  public void onFailure() {
    retryMetrics.onFailure(failure);
  }

  /** {@code retrygen.circuitbreaker.not.permitted}. */
  @Benchmark
  public void onCallNotPermitted() {
    breakerMetrics.onCallNotPermitted("inventory");
  }

  /** {@code retrygen.circuitbreaker.transitions} and the state gauge's value. */
  @Benchmark
  public void onStateChange() {
    breakerMetrics.onStateChange("inventory", OPEN, HALF_OPEN);
  }
}
