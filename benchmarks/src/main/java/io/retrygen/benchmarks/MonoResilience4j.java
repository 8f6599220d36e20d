package io.retrygen.benchmarks;

import io.github.resilience4j.reactor.retry.RetryOperator;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.time.Duration;
import org.openjdk.jmh.annotations.Benchmark;
import reactor.core.publisher.Mono;

/**
 * Resilience4j's Reactor operator: {@code Mono.defer(() -> backend.call(input))
 * .transformDeferred(operator)} per call, with {@code RetryOperator.of(retry)} made once, 3
 * attempts, {@code waitDuration(Duration.ZERO)}. Its retry waits with {@code Mono.delay}, also for
 * 0 ms, so the attempt after a failure runs on a thread of {@code Schedulers.parallel()}.
 */
public class MonoResilience4j extends MonoPathBenchmark {
  private RetryOperator<String> operator;

  @Override
  protected void setUpWrapper() {
    RetryConfig config =
        RetryConfig.custom().maxAttempts(MAX_ATTEMPTS).waitDuration(Duration.ZERO).build();
    operator = RetryOperator.of(Retry.of("benchmark", config));
  }

  @Override
  @Benchmark
  public String call() {
    MonoBackend target = backend;
    String argument = input;
    return sink.take(Mono.defer(() -> target.call(argument)).transformDeferred(operator));
  }
}
