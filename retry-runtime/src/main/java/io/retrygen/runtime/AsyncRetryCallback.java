package io.retrygen.runtime;

import java.util.concurrent.CompletionStage;

/**
 * One attempt of asynchronous work an {@link AsyncRetryTemplate} retries: it returns a stage, whose
 * exceptional completion (or a synchronous throw) is a failed attempt.
 *
 * @param <T> what the stage completes with
 */
@Api24
public interface AsyncRetryCallback<T> {

  /** Starts one attempt and returns its stage. */
  CompletionStage<T> doWithRetry(RetryContext context) throws Exception;
}
