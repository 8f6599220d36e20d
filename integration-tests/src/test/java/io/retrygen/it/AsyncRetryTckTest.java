package io.retrygen.it;

import static io.retrygen.it.AsyncRetryClient.SIMULATED_EXCEPTION_MESSAGE;
import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * MicroProfile Fault Tolerance TCK: the asynchronous tests of {@code RetryConditionTest} (those on
 * {@code AsyncRetryClient}, read from eclipse/microprofile-fault-tolerance), in virtual time: later
 * attempts wait on a {@link VirtualTime}, and the tasks the TCK ran on an executor are
 * finished by the test.
 */
class AsyncRetryTckTest {
  private static final String TEST_EXCEPTION_MESSAGE = "Test Exception - Simulated error";

  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final AsyncRetryClient client =
      new AsyncRetryClientRetrying(
          RetryOptions.builder()
              .sleeper(clock)
              .ticker(clock)
              .scheduler(clock)
              .listener(listener)
              .build());

  /**
   * Finishes the client's tasks and runs the scheduled attempts until {@code stage} completes;
   * returns the number of scheduled attempts run.
   */
  private int drive(CompletionStage<?> stage) {
    CompletableFuture<?> future = stage.toCompletableFuture();
    int attempts = 0;
    for (int step = 0; !future.isDone(); step++) {
      if (step == 100) {
        throw new AssertionError("not done after 100 steps");
      }
      if (!client.finishNext()) {
        assertTrue(clock.runNext());
        attempts++;
      }
    }
    assertEquals(0, clock.pendingTasks(), "attempts still scheduled");
    return attempts;
  }

  /** testAsyncRetryExceptionally: maxRetries = 2, always exceptional: 3 invocations, IOException. */
  @Test
  void asyncRetryExceptionally() {
    CompletionStage<String> stage = client.serviceA();

    assertEquals(1, client.countInvocationsServA);
    assertFalse(stage.toCompletableFuture().isDone());
    assertEquals(1, clock.pendingTasks());
    assertTrue(clock.runNext());
    assertEquals(2, client.countInvocationsServA);
    assertTrue(clock.runNext());
    assertEquals(3, client.countInvocationsServA);

    Outcomes.failureOf(stage, IOException.class, SIMULATED_EXCEPTION_MESSAGE);
    assertEquals(0, clock.pendingTasks());
    assertEquals(asList(100L, 100L), clock.scheduledDelays());
    String label = "AsyncRetryClient.serviceA";
    assertEquals(
        asList(
            "onRetry " + label + " #1 IOException delay=100 elapsedMs=0",
            "onRetry " + label + " #2 IOException delay=100 elapsedMs=100",
            "onFailure " + label + " #3 IOException delay=0 elapsedMs=200"),
        listener.lines());
  }

  /**
   * testNoAsynWilNotRetryExceptionally, where retrygen differs: MP retries only a synchronous
   * throw of a method without {@code @Asynchronous}, retrygen retries every method that returns a
   * stage. The delegate completes the same future every time, so the first failure stands.
   */
  @Test
  void exceptionalCompletionIsRetriedWithoutAsynchronous() {
    CompletableFuture<String> future = new CompletableFuture<>();

    CompletionStage<String> stage = client.serviceBFailExceptionally(future);
    assertEquals(2, drive(stage));

    assertEquals(3, client.countInvocationsServBFailExceptionally);
    Throwable failure = Outcomes.failureOf(stage, IOException.class, SIMULATED_EXCEPTION_MESSAGE);
    assertSame(Outcomes.failureOf(future), failure);
  }

  /**
   * testNoAsynRetryOnMethodException: a throw before any stage is returned is retried (2
   * retries); the caller gets it from the future, never from the call.
   */
  @Test
  void synchronousThrowIsRetriedAndEndsTheFuture() {
    CompletionStage<String> stage = client.serviceBFailException(new CompletableFuture<String>());

    assertEquals(1, client.countInvocationsServBFailException);
    assertEquals(2, drive(stage));

    assertEquals(3, client.countInvocationsServBFailException);
    Outcomes.failureOf(stage, TckTestException.class, TEST_EXCEPTION_MESSAGE);
  }

  /** testRetrySuccess: the first two stages fail, the third succeeds. */
  @Test
  void retrySuccess() {
    CompletionStage<String> stage = client.serviceC();

    assertEquals(2, drive(stage));

    assertEquals("Success", Outcomes.valueOf(stage));
    assertEquals(3, client.countInvocationsServC);
    assertEquals(asList(100L, 100L), clock.scheduledDelays());
    assertEquals(
        "onSuccess AsyncRetryClient.serviceC #3 - delay=0 elapsedMs=200",
        listener.lines().get(listener.lines().size() - 1));
  }

  /** testRetryChainSuccess: the failure is deep in a chain of two stages, twice. */
  @Test
  void retryChainSuccess() {
    CompletionStage<String> stage = client.serviceD();

    assertEquals(1, client.work.size());
    client.finishNext(); // the first task of the chain: the second starts
    assertEquals(1, client.work.size());
    assertEquals(0, clock.pendingTasks());
    client.finishNext(); // the second fails: the retry is scheduled only now
    assertEquals(1, clock.pendingTasks());
    assertEquals(1, client.countInvocationsServD);

    assertEquals(2, drive(stage));

    assertEquals("Success", Outcomes.valueOf(stage));
    assertEquals(3, client.countInvocationsServD);
  }

  /** testRetryChainExceptionally: the chain always fails: 3 invocations, the TestException. */
  @Test
  void retryChainExceptionally() {
    CompletionStage<String> stage = client.serviceE();

    assertEquals(2, drive(stage));

    Outcomes.failureOf(stage, TckTestException.class, TEST_EXCEPTION_MESSAGE);
    assertEquals(3, client.countInvocationsServE);
  }

  /** testRetryParallelExceptionally: one of two parallel tasks always fails. */
  @Test
  void retryParallelExceptionally() {
    CompletionStage<String> stage = client.serviceG();

    assertEquals(2, drive(stage));

    Outcomes.failureOf(stage, TckTestException.class, TEST_EXCEPTION_MESSAGE);
    assertEquals(3, client.countInvocationsServG);
  }

  /** testRetryParallelSuccess: one of two parallel tasks fails twice. */
  @Test
  void retryParallelSuccess() {
    CompletionStage<String> stage = client.serviceF();

    assertEquals(2, drive(stage));

    assertEquals("Success then Success", Outcomes.valueOf(stage));
    assertEquals(3, client.countInvocationsServF);
  }

  /** testRetryCompletionStageWithException: throws twice, then returns a completed stage. */
  @Test
  void retryCompletionStageWithException() {
    CompletionStage<String> stage = client.serviceH();

    assertEquals(2, drive(stage));

    assertEquals("Success", Outcomes.valueOf(stage));
    assertEquals(3, client.countInvocationsServH);
    assertEquals(
        asList(
            "onRetry AsyncRetryClient.serviceH #1 TckTestException delay=100 elapsedMs=0",
            "onRetry AsyncRetryClient.serviceH #2 TckTestException delay=100 elapsedMs=100",
            "onSuccess AsyncRetryClient.serviceH #3 - delay=0 elapsedMs=200"),
        listener.lines());
  }

  /** A first attempt that succeeds schedules nothing and runs entirely on the caller's thread. */
  @Test
  void firstSuccessSchedulesNothing() {
    client.countInvocationsServC = 2;
    CompletionStage<String> stage = client.serviceC();

    assertEquals("Success", Outcomes.valueOf(stage));
    assertEquals(Collections.<Long>emptyList(), clock.scheduledDelays());
    assertEquals(
        asList("onSuccess AsyncRetryClient.serviceC #1 - delay=0 elapsedMs=0"), listener.lines());
  }
}
