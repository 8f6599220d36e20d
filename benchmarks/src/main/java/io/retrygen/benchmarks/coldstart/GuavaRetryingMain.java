package io.retrygen.benchmarks.coldstart;

import com.github.rholder.retry.RetryerBuilder;
import com.github.rholder.retry.StopStrategies;
import com.github.rholder.retry.WaitStrategies;
import java.util.concurrent.Callable;

/** One retried call through guava-retrying. */
public final class GuavaRetryingMain {
  private GuavaRetryingMain() {}

  public static void main(String[] args) throws Exception {
    final FlakyService backend = new FlakyService();
    String result = RetryerBuilder.<String>newBuilder()
        .retryIfException()
        .withStopStrategy(StopStrategies.stopAfterAttempt(3))
        .withWaitStrategy(WaitStrategies.noWait())
        .build()
        .call(new Callable<String>() {
          @Override
          public String call() {
            return backend.call("request");
          }
        });
    backend.verify(result);
  }
}
