package io.retrygen.benchmarks;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RecoveryCallback;
import io.retrygen.runtime.RetryCallback;
import io.retrygen.runtime.RetryState;
import io.retrygen.runtime.RetryTemplate;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * retrygen's stateful {@code RetryTemplate.execute(callback, recovery, RetryState.of(key))} (SPEC
 * §19) on the success path: 3 attempts, {@code BackoffPolicy.fixed(0)}, default options; template,
 * callback and recovery built once, the {@code RetryState} per call as a message listener makes
 * it. With no key holding state, a success reads the label's cache size and takes no lock.
 */
public class RetrygenStatefulTemplate extends VariantBenchmark {
  private RetryTemplate template;
  private RetryCallback<String, RuntimeException> callback;
  private RecoveryCallback<String> recovery;

  @Override
  protected void setUpWrapper() {
    template =
        RetryTemplate.builder()
            .label("RetrygenStatefulTemplate")
            .maxAttempts(3)
            .backoff(BackoffPolicy.fixed(0))
            .build();
    Service target = backend;
    String argument = input;
    callback = context -> target.call(argument);
    recovery = context -> "recovered";
  }

  @Override
  @Benchmark
  public String call() {
    return template.execute(callback, recovery, RetryState.of(input));
  }
}
