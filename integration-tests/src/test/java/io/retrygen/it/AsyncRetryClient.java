package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * MicroProfile Fault Tolerance TCK {@code asyncretry/clientserver/AsyncRetryClient}, read from
 * eclipse/microprofile-fault-tolerance, as a class input: the generated subclass retries {@code
 * super.serviceX()}. MP's {@code maxRetries = n} is {@code maxAttempts = n + 1} here, and MP's
 * {@code @Asynchronous} is not needed: a method returning a {@code CompletionStage} is retried
 * without blocking. Each wait is 100 ms of virtual time (MP's default delay is 0, but a visible
 * wait lets the tests see each retry scheduled).
 *
 * <p>Where the TCK ran {@code doTask} on an executor with a real 50 ms sleep, these methods start
 * {@link Work} that the test finishes, one item at a time, with {@link #finishNext()}.
 */
class AsyncRetryClient {
  static final String SIMULATED_EXCEPTION_MESSAGE = "Simulated error";

  /** Work started and not yet finished, oldest first. */
  final Deque<Work> work = new ArrayDeque<>();
  int countInvocationsServA;
  int countInvocationsServBFailException;
  int countInvocationsServBFailExceptionally;
  int countInvocationsServC;
  int countInvocationsServD;
  int countInvocationsServE;
  int countInvocationsServF;
  int countInvocationsServG;
  int countInvocationsServH;

  /** serviceA: always returns a stage completed exceptionally with an IOException. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  public CompletionStage<String> serviceA() {
    countInvocationsServA++;
    CompletableFuture<String> future = new CompletableFuture<>();
    future.completeExceptionally(new IOException(SIMULATED_EXCEPTION_MESSAGE));
    return future;
  }

  /**
   * serviceBFailExceptionally: completes the caller's future exceptionally and returns it. In MP,
   * without {@code @Asynchronous}, the exceptional completion is not retried; retrygen retries every
   * method that returns a {@code CompletionStage} (SPEC §7), so this one is.
   */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  public CompletionStage<String> serviceBFailExceptionally(CompletionStage<String> future) {
    countInvocationsServBFailExceptionally++;
    future.toCompletableFuture()
        .completeExceptionally(new IOException(SIMULATED_EXCEPTION_MESSAGE));
    return future;
  }

  /** serviceBFailException: always throws before returning a stage. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  public CompletionStage<String> serviceBFailException(CompletionStage<String> future) {
    countInvocationsServBFailException++;
    throw new TckTestException(SIMULATED_EXCEPTION_MESSAGE);
  }

  /** serviceC: the first two stages complete exceptionally, the third succeeds. */
  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100))
  public CompletionStage<String> serviceC() {
    countInvocationsServC++;
    CompletableFuture<String> future = new CompletableFuture<>();
    if (countInvocationsServC < 3) {
      future.completeExceptionally(new IOException(SIMULATED_EXCEPTION_MESSAGE));
    } else {
      future.complete("Success");
    }
    return future;
  }

  /** serviceD: two tasks in sequence; the second one fails in the first two invocations. */
  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100))
  public CompletionStage<String> serviceD() {
    countInvocationsServD++;
    String error = countInvocationsServD < 3 ? SIMULATED_EXCEPTION_MESSAGE : null;
    return start(null).thenCompose(s -> start(error));
  }

  /** serviceE: two tasks in sequence; the second one always fails. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  public CompletionStage<String> serviceE() {
    countInvocationsServE++;
    return start(null).thenCompose(s -> start(SIMULATED_EXCEPTION_MESSAGE));
  }

  /** serviceF: two tasks in parallel; one fails in the first two invocations. */
  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100))
  public CompletionStage<String> serviceF() {
    countInvocationsServF++;
    String error = countInvocationsServF < 3 ? SIMULATED_EXCEPTION_MESSAGE : null;
    return start(null).thenCombine(start(error), (s, s2) -> s + " then " + s2);
  }

  /** serviceG: two tasks in parallel; one always fails. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  public CompletionStage<String> serviceG() {
    countInvocationsServG++;
    return start(null).thenCombine(start(SIMULATED_EXCEPTION_MESSAGE), (s, s2) -> s + " then " + s2);
  }

  /** serviceH: throws in the first two invocations, then returns a completed stage. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  public CompletionStage<String> serviceH() {
    countInvocationsServH++;
    if (countInvocationsServH < 3) {
      throw new TckTestException(SIMULATED_EXCEPTION_MESSAGE);
    }
    CompletableFuture<String> future = new CompletableFuture<>();
    future.complete("Success");
    return future;
  }

  /** Starts one task: the TCK's {@code supplyAsync(doTask(errorMessage), executor)}. */
  private CompletableFuture<String> start(String errorMessage) {
    Work item = new Work(errorMessage);
    work.addLast(item);
    return item.future;
  }

  /** Finishes the oldest task started; returns whether there was one. */
  boolean finishNext() {
    Work item = work.pollFirst();
    if (item == null) {
      return false;
    }
    item.finish();
    return true;
  }

  /** The TCK's {@code doTask}: succeeds with "Success" or fails with a TestException. */
  static final class Work {
    final CompletableFuture<String> future = new CompletableFuture<>();
    final String errorMessage;

    Work(String errorMessage) {
      this.errorMessage = errorMessage;
    }

    void finish() {
      if (errorMessage != null) {
        future.completeExceptionally(new TckTestException(errorMessage));
      } else {
        future.complete("Success");
      }
    }
  }
}
