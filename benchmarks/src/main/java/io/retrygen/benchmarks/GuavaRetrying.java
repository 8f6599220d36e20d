package io.retrygen.benchmarks;

import com.github.rholder.retry.Retryer;
import com.github.rholder.retry.RetryerBuilder;
import com.github.rholder.retry.StopStrategies;
import com.github.rholder.retry.WaitStrategies;
import java.util.concurrent.Callable;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * guava-retrying's {@code Retryer}: retry on any exception, stop after 3 attempts, {@code
 * noWait()}; retryer and callable built once. Its block strategy calls {@code Thread.sleep(0)}.
 */
public class GuavaRetrying extends PathBenchmark {
  private Retryer<String> retryer;
  private Callable<String> callable;

  @Override
  protected void setUpWrapper() {
    retryer = RetryerBuilder.<String>newBuilder()
        .retryIfException()
        .withStopStrategy(StopStrategies.stopAfterAttempt(MAX_ATTEMPTS))
        .withWaitStrategy(WaitStrategies.noWait())
        .build();
    Service target = backend;
    String argument = input;
    callable = () -> target.call(argument);
  }

  @Override
  @Benchmark
  public String call() throws Exception {
    return retryer.call(callable);
  }
}
