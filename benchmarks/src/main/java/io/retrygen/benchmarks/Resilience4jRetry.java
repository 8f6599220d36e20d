package io.retrygen.benchmarks;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.time.Duration;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Resilience4j {@code Retry}, 3 attempts, {@code waitDuration(Duration.ZERO)}; the decorated
 * supplier is built once. Retrying calls {@code Thread.sleep(0)} before each retry.
 */
public class Resilience4jRetry extends PathBenchmark {
  private Supplier<String> decorated;

  @Override
  protected void setUpWrapper() {
    RetryConfig config =
        RetryConfig.custom().maxAttempts(MAX_ATTEMPTS).waitDuration(Duration.ZERO).build();
    Retry retry = Retry.of("benchmark", config);
    Service target = backend;
    String argument = input;
    decorated = Retry.decorateSupplier(retry, () -> target.call(argument));
  }

  @Override
  @Benchmark
  public String call() {
    return decorated.get();
  }
}
