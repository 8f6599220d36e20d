package io.retrygen.benchmarks;

import java.time.Duration;
import org.openjdk.jmh.annotations.Benchmark;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;
import reactor.util.retry.RetryBackoffSpec;

/**
 * Reactor's own operator: {@code Mono.defer(() -> backend.call(input)).retryWhen(spec)} per call,
 * with {@code Retry.backoff(2, Duration.ZERO)} (2 retries, 3 attempts) made once. A zero backoff is
 * taken without a scheduler ({@code RetryBackoffSpec} short-circuits it).
 */
public class MonoRetryWhen extends MonoPathBenchmark {
  private RetryBackoffSpec spec;

  @Override
  protected void setUpWrapper() {
    spec = Retry.backoff(MAX_ATTEMPTS - 1, Duration.ZERO);
  }

  @Override
  @Benchmark
  public String call() {
    MonoBackend target = backend;
    String argument = input;
    return sink.take(Mono.defer(() -> target.call(argument)).retryWhen(spec));
  }
}
