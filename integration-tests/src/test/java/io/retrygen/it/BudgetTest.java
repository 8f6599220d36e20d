package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The retry budget of SPEC §10 through generated code: one bucket shared by instances and methods,
 * taken at step 2 (before retryIf), consulted at step 6, refilled by successes and by failures
 * that are not retried, for synchronous and asynchronous methods.
 */
class BudgetTest {
  private static final double EXACT = 0.0;

  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final Script delegate = new Script();

  private BudgetedClient client() {
    return new BudgetedClientRetrying(
        delegate,
        RetryOptions.builder()
            .sleeper(clock)
            .ticker(clock)
            .scheduler(clock)
            .listener(listener)
            .build());
  }

  /** The budget is process-wide: each test starts it full, refilled by successes. */
  @BeforeEach
  void refillTheBudget() throws IOException {
    BudgetedClient client = client();
    for (int i = 0; i < 100 && RetryBudgets.tokens(BudgetedClient.BUDGET) < 10.0; i++) {
      delegate.then("ok");
      client.call("refill");
    }
    assertEquals(10.0, RetryBudgets.tokens(BudgetedClient.BUDGET), EXACT);
    delegate.calls = 0;
    listener.clear();
  }

  private static double tokens() {
    return RetryBudgets.tokens(BudgetedClient.BUDGET);
  }

  @Test
  void instancesAndMethodsShareOneBucketAndItStopsTheRetries() {
    BudgetedClient first = client();
    BudgetedClient second = client();

    delegate.thenFail(5);
    assertThrows(IOException.class, () -> first.call("a"));
    assertEquals(5, delegate.calls, "10 -> 9, 8, 7, 6: four retries; the fifth attempt is last");
    assertEquals(5.0, tokens(), EXACT);

    delegate.thenFail(1);
    assertThrows(IOException.class, () -> second.call("b"));
    assertEquals(6, delegate.calls, "5 -> 4 is not more than 5: no retry");
    delegate.thenFail(1);
    assertThrows(IOException.class, () -> first.status("c"));
    assertEquals(7, delegate.calls);
    assertEquals(3.0, tokens(), EXACT);
    assertEquals(
        "onFailure BudgetedClient.call #1 IOException delay=0 elapsedMs=0",
        listener.lines().get(listener.lines().size() - 2),
        "a refused retry gives up as if attempts were exhausted");
  }

  @Test
  void successesAndUnretriedFailuresGiveTokensBackUntilRetriesResume() throws IOException {
    BudgetedClient client = client();
    delegate.thenFail(5);
    assertThrows(IOException.class, () -> client.call("down"));
    delegate.thenFail(1);
    assertThrows(IOException.class, () -> client.call("down"));
    assertEquals(4.0, tokens(), EXACT);

    delegate.then(new IllegalStateException("not an IOException"));
    assertThrows(IllegalStateException.class, () -> client.call("bug"));
    assertEquals(4.1, tokens(), EXACT);
    for (int i = 0; i < 19; i++) {
      delegate.then("ok");
      assertEquals("ok", client.call("up"));
    }
    assertEquals(6.0, tokens(), EXACT);
    delegate.calls = 0;

    delegate.thenFail(1);
    assertThrows(IOException.class, () -> client.call("flaky"));
    assertEquals(1, delegate.calls, "6 -> 5 is not more than 5: still no retry");
    delegate.then("ok"); // 5.1
    client.call("up");
    delegate.then("ok"); // 5.2
    client.call("up");
    for (int i = 0; i < 8; i++) {
      delegate.then("ok");
      client.call("up");
    }
    assertEquals(6.0, tokens(), EXACT);
    delegate.then("ok"); // 6.1
    client.call("up");
    delegate.calls = 0;

    delegate.thenFail(1).then("back");
    assertEquals("back", client.call("flaky"), "6.1 -> 5.1: a retry again");
    assertEquals(2, delegate.calls);
    assertEquals(5.2, tokens(), EXACT);
  }

  @Test
  void theTokenIsTakenBeforeRetryIfAndForRejectedResults() throws IOException {
    BudgetedClient client = client();
    delegate.then(new IOException("permanent"));
    assertThrows(IOException.class, () -> client.status("x"));
    assertEquals(1, delegate.calls, "retryIf said no");
    assertEquals(9.0, tokens(), EXACT, "step 2 comes before retryIf (step 5)");

    delegate.then("pending").then("pending").then("pending").then("pending");
    assertEquals("pending", client.status("y"), "the last result stands when the budget refuses");
    assertEquals(5, delegate.calls, "9 -> 8, 7, 6: three retries, 6 -> 5 refuses the fourth");
    assertEquals(5.0, tokens(), EXACT);
  }

  @Test
  void asynchronousMethodsDrawOnTheSameBucket() throws Exception {
    BudgetedClient client = client();
    delegate.thenFail(5);
    CompletableFuture<String> first = client.fetch("a");
    while (clock.pendingTasks() > 0) {
      assertTrue(clock.runNext());
    }
    ExecutionException thrown = assertThrows(ExecutionException.class, first::get);
    assertTrue(thrown.getCause() instanceof IOException);
    assertEquals(5, delegate.calls);
    assertEquals(5.0, tokens(), EXACT);

    delegate.thenFail(1);
    assertTrue(client.fetch("b").isCompletedExceptionally());
    assertEquals(0, clock.pendingTasks(), "refused: nothing scheduled");
    assertEquals(4.0, tokens(), EXACT);
    delegate.then("ok");
    assertEquals("ok", client.fetch("c").get());
    assertEquals(4.1, tokens(), EXACT);
    assertEquals(Arrays.asList(0L, 0L, 0L, 0L), clock.scheduledDelays());
  }

  @Test
  void delayForIsAskedOnlyForARetryThatRetryIfAndTheBudgetAllowed() {
    List<String> log = new ArrayList<>();
    WaitedClient delegate =
        new WaitedClient() {
          @Override
          public String call(String key) throws IOException {
            log.add("call");
            throw new IOException(key);
          }

          @Override
          public boolean isTransient(IOException failure) {
            log.add("isTransient");
            return !failure.getMessage().equals("permanent");
          }

          @Override
          public long waitFor(IOException failure) {
            log.add("waitFor");
            return 7;
          }
        };
    WaitedClient client =
        new WaitedClientRetrying(delegate, RetryOptions.builder().sleeper(clock).build());

    assertThrows(IOException.class, () -> client.call("down"));
    // Three attempts (10 -> 9, 8, 7): no retryIf or delayFor after the last one.
    assertEquals(
        Arrays.asList(
            "call", "isTransient", "waitFor", "call", "isTransient", "waitFor", "call"),
        log);
    assertEquals(Arrays.asList(7L, 7L), clock.sleeps());

    log.clear();
    assertThrows(IOException.class, () -> client.call("permanent"));
    assertEquals(Arrays.asList("call", "isTransient"), log, "retryIf said no: no wait asked");

    log.clear();
    assertThrows(IOException.class, () -> client.call("down"));
    // 6 -> 5: retryIf allows, the budget refuses (not more than 5), so delayFor is not asked.
    assertEquals(Arrays.asList("call", "isTransient"), log);
    assertEquals(5.0, RetryBudgets.tokens(WaitedClient.BUDGET), EXACT);
  }

  /** The delegate: answers from a script of results and failures, and counts its calls. */
  static final class Script implements BudgetedClient {
    private final Deque<Object> outcomes = new ArrayDeque<>();
    int calls;

    Script then(Object outcome) {
      outcomes.addLast(outcome);
      return this;
    }

    Script thenFail(int times) {
      for (int i = 0; i < times; i++) {
        then(new IOException("down"));
      }
      return this;
    }

    private Object next() {
      calls++;
      Object outcome = outcomes.removeFirst();
      return outcome;
    }

    @Override
    public String call(String key) throws IOException {
      return answer();
    }

    @Override
    public String status(String key) throws IOException {
      return answer();
    }

    private String answer() throws IOException {
      Object outcome = next();
      if (outcome instanceof IOException) {
        throw (IOException) outcome;
      }
      if (outcome instanceof RuntimeException) {
        throw (RuntimeException) outcome;
      }
      return (String) outcome;
    }

    @Override
    public CompletableFuture<String> fetch(String key) {
      Object outcome = next();
      CompletableFuture<String> future = new CompletableFuture<>();
      if (outcome instanceof Throwable) {
        future.completeExceptionally((Throwable) outcome);
      } else {
        future.complete((String) outcome);
      }
      return future;
    }
  }
}
