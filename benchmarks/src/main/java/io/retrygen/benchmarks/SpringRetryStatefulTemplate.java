package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.springframework.retry.RecoveryCallback;
import org.springframework.retry.RetryCallback;
import org.springframework.retry.support.DefaultRetryState;
import org.springframework.retry.support.RetryTemplate;

/**
 * Spring Retry's stateful {@code RetryTemplate.execute(callback, recovery, new
 * DefaultRetryState(key))} on the success path: 3 attempts, {@code noBackoff()}; template,
 * callback and recovery built once, the state per call. Spring opens a context per call, looks
 * the key up in its {@code MapRetryContextCache} and closes it on success.
 */
public class SpringRetryStatefulTemplate extends VariantBenchmark {
  private RetryTemplate template;
  private RetryCallback<String, RuntimeException> callback;
  private RecoveryCallback<String> recovery;

  @Override
  protected void setUpWrapper() {
    template = RetryTemplate.builder().maxAttempts(3).noBackoff().build();
    Service target = backend;
    String argument = input;
    callback = context -> target.call(argument);
    recovery = context -> "recovered";
  }

  @Override
  @Benchmark
  public String call() {
    return template.execute(callback, recovery, new DefaultRetryState(input));
  }
}
