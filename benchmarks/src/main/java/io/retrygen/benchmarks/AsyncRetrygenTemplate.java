package io.retrygen.benchmarks;

import io.retrygen.runtime.AsyncRetryCallback;
import io.retrygen.runtime.AsyncRetryTemplate;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryTemplate;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's {@code AsyncRetryTemplate} (issue 11) over a template with the settings of {@link
 * AsyncRetrygen}: 3 attempts, {@code BackoffPolicy.fixed(0)}, {@code
 * RetryOptions.builder().scheduler(scheduler)}, so a retry is {@code schedule(next, 0,
 * MILLISECONDS)} on the peers' scheduler. Template and callback built once.
 */
public class AsyncRetrygenTemplate extends AsyncPathBenchmark {
  private AsyncRetryTemplate template;
  private AsyncRetryCallback<String> callback;

  @Override
  protected void setUpWrapper() {
    template = AsyncRetryTemplate.of(RetryTemplate.builder()
        .maxAttempts(MAX_ATTEMPTS)
        .backoff(BackoffPolicy.fixed(0))
        .options(RetryOptions.builder().scheduler(scheduler).build())
        .build());
    AsyncService target = backend;
    String argument = input;
    callback = context -> target.call(argument);
  }

  @Override
  @Benchmark
  public String call() {
    return template.execute(callback).join();
  }
}
