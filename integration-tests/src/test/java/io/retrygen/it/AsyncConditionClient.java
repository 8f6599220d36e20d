package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.concurrent.CompletionStage;

/**
 * MicroProfile Fault Tolerance TCK {@code RetryClientRetryOn} and {@code RetryClientAbortOn} (used
 * by {@code RetryConditionTest}), with methods returning a {@code CompletionStage}: {@code retryOn}
 * is {@code retryFor}, {@code abortOn} is {@code noRetryFor}, MP's default {@code maxRetries = 3} is
 * {@code maxAttempts = 4}. How each method fails (thrown, or a stage completed exceptionally now or
 * later) is the test's choice, the argument {@code how}.
 */
interface AsyncConditionClient {
  /** RetryClientRetryOn.serviceA: retryOn TestException, throws TestException. */
  @Retryable(retryFor = TckTestException.class, maxAttempts = 4, backoff = @Backoff(delay = 100))
  CompletionStage<String> retryOnTestException(AsyncFailing how);

  /** RetryClientRetryOn.serviceB: retryOn IOException, throws TestException. */
  @Retryable(retryFor = IOException.class, maxAttempts = 4, backoff = @Backoff(delay = 100))
  CompletionStage<String> retryOnIo(AsyncFailing how);

  /** RetryClientRetryOn.serviceC: retryOn the parent, throws the child. */
  @Retryable(
      retryFor = RetryParentException.class,
      maxAttempts = 4,
      backoff = @Backoff(delay = 100))
  CompletionStage<String> retryOnParent(AsyncFailing how);

  /** RetryClientRetryOn.serviceD: retryOn the parent, abortOn the child, throws the child. */
  @Retryable(
      retryFor = RetryParentException.class,
      noRetryFor = RetryChildException.class,
      maxAttempts = 4,
      backoff = @Backoff(delay = 100))
  CompletionStage<String> retryOnParentAbortOnChild(AsyncFailing how);

  /** RetryClientAbortOn.serviceA: abortOn IOException, throws TestException. */
  @Retryable(noRetryFor = IOException.class, maxAttempts = 4, backoff = @Backoff(delay = 100))
  CompletionStage<String> abortOnIo(AsyncFailing how);

  /** RetryClientAbortOn.serviceB: abortOn TestException, throws TestException. */
  @Retryable(
      noRetryFor = TckTestException.class,
      maxAttempts = 4,
      backoff = @Backoff(delay = 100))
  CompletionStage<String> abortOnTestException(AsyncFailing how);

  /** The TCK's RetryParentException. */
  class RetryParentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RetryParentException(String message) {
      super(message);
    }
  }

  /** The TCK's RetryChildException. */
  final class RetryChildException extends RetryParentException {
    private static final long serialVersionUID = 1L;

    RetryChildException(String message) {
      super(message);
    }
  }
}
