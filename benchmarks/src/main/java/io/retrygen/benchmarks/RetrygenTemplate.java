package io.retrygen.benchmarks;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryCallback;
import io.retrygen.runtime.RetryTemplate;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's {@code RetryTemplate} (issue 11) with the settings of the generated rows: 3 attempts,
 * {@code BackoffPolicy.fixed(0)} (a 0 ms wait calls no sleeper), default options. Template and
 * callback built once, as for Spring's {@code RetryTemplate}; each call allocates its {@code
 * RetryContext} unless escape analysis removes it.
 */
public class RetrygenTemplate extends PathBenchmark {
  private RetryTemplate template;
  private RetryCallback<String, RuntimeException> callback;

  @Override
  protected void setUpWrapper() {
    template =
        RetryTemplate.builder().maxAttempts(MAX_ATTEMPTS).backoff(BackoffPolicy.fixed(0)).build();
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
