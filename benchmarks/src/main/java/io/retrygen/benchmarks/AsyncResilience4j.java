package io.retrygen.benchmarks;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Resilience4j {@code Retry}, 3 attempts, {@code waitDuration(Duration.ZERO)} (accepted: its
 * asynchronous path gives up only on a negative interval), decorated once with {@code
 * Retry.decorateCompletionStage(retry, scheduler, supplier)} ({@code executeCompletionStage} is the
 * same decoration made per call). The first attempt runs on the caller's thread; a retry is {@code
 * scheduler.schedule(block, 0, MILLISECONDS)} on the trial's scheduler.
 */
public class AsyncResilience4j extends AsyncPathBenchmark {
  private Supplier<CompletionStage<String>> decorated;

  @Override
  protected void setUpWrapper() {
    RetryConfig config =
        RetryConfig.custom().maxAttempts(MAX_ATTEMPTS).waitDuration(Duration.ZERO).build();
    Retry retry = Retry.of("benchmark", config);
    AsyncService target = backend;
    String argument = input;
    decorated = Retry.decorateCompletionStage(retry, scheduler, () -> target.call(argument));
  }

  @Override
  @Benchmark
  public String call() {
    return decorated.get().toCompletableFuture().join();
  }
}
