package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.springframework.retry.RetryCallback;
import org.springframework.retry.support.RetryTemplate;

/**
 * Spring Retry's {@code RetryTemplate} with 3 attempts and {@code noBackoff()} (NoBackOffPolicy:
 * no sleep at all); template and callback built once.
 */
public class SpringRetryTemplate extends PathBenchmark {
  private RetryTemplate template;
  private RetryCallback<String, RuntimeException> callback;

  @Override
  protected void setUpWrapper() {
    template = RetryTemplate.builder().maxAttempts(MAX_ATTEMPTS).noBackoff().build();
    Service target = backend;
    String argument = input;
    callback = context -> target.call(argument);
  }

  @Override
  @Benchmark
  public String call() {
    return template.execute(callback);
  }
}
