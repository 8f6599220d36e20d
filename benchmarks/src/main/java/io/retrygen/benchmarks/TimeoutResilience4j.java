package io.retrygen.benchmarks;

import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Resilience4j's {@code TimeLimiter} of 1 s: it limits a {@code Future}, so a synchronous call must
 * run on another thread, here one single-thread executor per trial ({@code
 * timeLimiter.decorateFutureSupplier(() -> executor.submit(call))} built once). Each call hands
 * the work to that thread and waits for it: the cost of a time limit for code that is not already
 * asynchronous.
 */
public class TimeoutResilience4j extends VariantBenchmark {
  private ExecutorService executor;
  private Callable<String> limited;

  @Override
  protected void setUpWrapper() {
    executor = Executors.newSingleThreadExecutor();
    TimeLimiter limiter =
        TimeLimiter.of(TimeLimiterConfig.custom().timeoutDuration(Duration.ofSeconds(1)).build());
    TimedService target = backend;
    String argument = input;
    Callable<String> call = () -> target.call(argument);
    Supplier<Future<String>> submit = () -> executor.submit(call);
    limited = limiter.decorateFutureSupplier(submit);
  }

  @Override
  protected void tearDownWrapper() {
    executor.shutdownNow();
  }

  @Override
  @Benchmark
  public String call() throws Exception {
    return limited.call();
  }
}
