package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.it.AsyncConditionClient.RetryChildException;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * MicroProfile Fault Tolerance TCK {@code RetryConditionTest}'s retryOn/abortOn scenarios on
 * methods that return a {@code CompletionStage}, each with the failure thrown, returned as a failed
 * stage, and completed later: classification is the same whichever way the failure arrives.
 */
class AsyncRetryConditionTest {
  private final VirtualTime clock = VirtualTime.start();
  private final AsyncAttempts attempts = new AsyncAttempts();
  private final AsyncConditionClient client =
      new AsyncConditionClientRetrying(
          new AsyncConditionClient() {
            @Override
            public CompletionStage<String> retryOnTestException(AsyncFailing how) {
              return attempts.fail(how, new TckTestException("Connection failed"));
            }

            @Override
            public CompletionStage<String> retryOnIo(AsyncFailing how) {
              return attempts.fail(how, new TckTestException("WritingService failed"));
            }

            @Override
            public CompletionStage<String> retryOnParent(AsyncFailing how) {
              return attempts.fail(how, new RetryChildException("Connection failed"));
            }

            @Override
            public CompletionStage<String> retryOnParentAbortOnChild(AsyncFailing how) {
              return attempts.fail(how, new RetryChildException("Connection failed"));
            }

            @Override
            public CompletionStage<String> abortOnIo(AsyncFailing how) {
              return attempts.fail(how, new TckTestException("Connection failed"));
            }

            @Override
            public CompletionStage<String> abortOnTestException(AsyncFailing how) {
              return attempts.fail(how, new TckTestException("WritingService failed"));
            }
          },
          RetryOptions.builder().sleeper(clock).ticker(clock).scheduler(clock).build());

  /**
   * Calls {@code method}, then fails the stages left to fail and runs the scheduled attempts until
   * the call ends; returns its failure, checked to be the last attempt's very instance.
   */
  private Throwable failureOf(
      Function<AsyncFailing, CompletionStage<String>> method, AsyncFailing how) {
    CompletionStage<String> stage = method.apply(how);
    CompletableFuture<String> future = stage.toCompletableFuture();
    for (int step = 0; !future.isDone(); step++) {
      if (step == 100) {
        throw new AssertionError("not done after 100 steps");
      }
      if (!attempts.failNext()) {
        assertTrue(clock.runNext());
      }
    }
    assertEquals(0, clock.pendingTasks());
    assertEquals(0, attempts.waiting());
    Throwable failure = Outcomes.failureOf(stage);
    assertSame(attempts.lastFailure(), failure);
    return failure;
  }

  /** testRetryOnTrue: retryOn matches: 3 retries + 1. */
  @ParameterizedTest
  @EnumSource(AsyncFailing.class)
  void retryOnTrue(AsyncFailing how) {
    Throwable failure = failureOf(client::retryOnTestException, how);

    assertEquals(TckTestException.class, failure.getClass());
    assertEquals(4, attempts.calls());
    assertEquals(Collections.nCopies(3, 100L), clock.scheduledDelays());
    assertEquals(300_000_000L, clock.nanoTime());
  }

  /** testRetryOnFalse: retryOn does not match: no retry. */
  @ParameterizedTest
  @EnumSource(AsyncFailing.class)
  void retryOnFalse(AsyncFailing how) {
    Throwable failure = failureOf(client::retryOnIo, how);

    assertEquals(TckTestException.class, failure.getClass());
    assertEquals(1, attempts.calls());
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
  }

  /** testRetryOnTrueThrowingAChildCustomException: retryOn names the parent. */
  @ParameterizedTest
  @EnumSource(AsyncFailing.class)
  void retryOnTrueThrowingAChildCustomException(AsyncFailing how) {
    Throwable failure = failureOf(client::retryOnParent, how);

    assertEquals(RetryChildException.class, failure.getClass());
    assertEquals(4, attempts.calls());
  }

  /** testRetryOnFalseAndAbortOnTrueThrowingAChildCustomException: abortOn wins. */
  @ParameterizedTest
  @EnumSource(AsyncFailing.class)
  void retryOnFalseAndAbortOnTrueThrowingAChildCustomException(AsyncFailing how) {
    Throwable failure = failureOf(client::retryOnParentAbortOnChild, how);

    assertEquals(RetryChildException.class, failure.getClass());
    assertEquals(1, attempts.calls());
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
  }

  /** testRetryWithAbortOnFalse: abortOn does not match: the default 3 retries. */
  @ParameterizedTest
  @EnumSource(AsyncFailing.class)
  void retryWithAbortOnFalse(AsyncFailing how) {
    Throwable failure = failureOf(client::abortOnIo, how);

    assertEquals(TckTestException.class, failure.getClass());
    assertEquals(4, attempts.calls());
  }

  /** testRetryWithAbortOnTrue: abortOn matches: no retry. */
  @ParameterizedTest
  @EnumSource(AsyncFailing.class)
  void retryWithAbortOnTrue(AsyncFailing how) {
    Throwable failure = failureOf(client::abortOnTestException, how);

    assertEquals(TckTestException.class, failure.getClass());
    assertEquals(1, attempts.calls());
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
  }
}
