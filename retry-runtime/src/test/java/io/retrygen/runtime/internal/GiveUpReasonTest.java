package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.AsyncRetryTemplate;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.ManualScheduler;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Every reason a call gives up for, on every driver of the one decision order: the generated
 * synchronous loop (as the processor writes it, through its {@link Retrier}), {@link AsyncCall},
 * {@link RetryTemplate} and {@link AsyncRetryTemplate}. Each call's {@code onFailure} must carry
 * the step that ended it, and {@code onRetry} and {@code onSuccess} none. The templates have no
 * budget and no {@code delayFor}, so those two reasons are the generated drivers' only.
 */
class GiveUpReasonTest {
  private static final String LABEL = "Client.call";
  private static final String STALE = "stale";

  private final FakeClock clock = new FakeClock();
  private final ManualScheduler scheduler = new ManualScheduler(clock);
  private final Heard heard = new Heard();
  private Sleeper sleeper = clock;
  /** How long each scheduled wait takes: 0 as asked, -1 for ever (the test ends the call). */
  private long waitTakes;

  @AfterEach
  void clearInterruptFlag() {
    Thread.interrupted();
  }

  // ---------------------------------------------------------------- step 1

  @Test
  void aFailureThatIsNotRetriedIsNotRetryable() throws Throwable {
    Error error = new Error("not an Exception");

    assertSame(error, assertThrows(Error.class, () -> sync(policy(3), null, error)));
    assertGaveUp(GiveUpReason.NOT_RETRYABLE, 1, error);
    assertSame(error, failureOf(async(policy(3), null, error)));
    assertGaveUp(GiveUpReason.NOT_RETRYABLE, 1, error);
    assertSame(error, assertThrows(Error.class, () -> template(builder(3), error)));
    assertGaveUp(GiveUpReason.NOT_RETRYABLE, 1, error);
    assertSame(error, failureOf(asyncTemplate(builder(3), error)));
    assertGaveUp(GiveUpReason.NOT_RETRYABLE, 1, error);
  }

  @Test
  void anInterruptionIsNotRetryableUnlessNamed() throws Throwable {
    InterruptedException interrupted = new InterruptedException();

    assertThrows(InterruptedException.class, () -> sync(policy(3), null, interrupted));
    assertGaveUp(GiveUpReason.NOT_RETRYABLE, 1, interrupted);
    assertThrows(InterruptedException.class, () -> template(builder(3), interrupted));
    assertGaveUp(GiveUpReason.NOT_RETRYABLE, 1, interrupted);
  }

  @Test
  void aCancellationIsCancelledAndNeverRecovered() throws Throwable {
    CancellationException cancelled = new CancellationException("by the callee");

    assertSame(cancelled, assertThrows(CancellationException.class,
        () -> sync(policy(3), null, cancelled)));
    assertGaveUp(GiveUpReason.CANCELLED, 1, cancelled);
    assertSame(cancelled, failureOf(async(policy(3), null, cancelled)));
    assertGaveUp(GiveUpReason.CANCELLED, 1, cancelled);
    assertSame(cancelled, assertThrows(CancellationException.class,
        () -> builder(3).build().execute(attempts(cancelled), context -> "recovered")));
    assertGaveUp(GiveUpReason.CANCELLED, 1, cancelled);
    assertSame(cancelled, failureOf(asyncTemplate(builder(3), cancelled)));
    assertGaveUp(GiveUpReason.CANCELLED, 1, cancelled);
  }

  @Test
  void aCancellationThatRetryForNamesIsAnOrdinaryFailure() throws Throwable {
    CancellationException first = new CancellationException("first");
    CancellationException last = new CancellationException("last");
    RetryPolicy named = policy(2).retryingCancellation();

    assertThrows(CancellationException.class, () -> sync(named, null, first, last));
    assertGaveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 2, last);
    assertSame(last, failureOf(async(named, null, first, last)));
    assertGaveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 2, last);
    RetryTemplate.Builder retryingIt = builder(2).retryOn(CancellationException.class);
    assertEquals(
        "recovered", retryingIt.build().execute(attempts(first, last), context -> "recovered"));
    assertGaveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 2, last);
  }

  // ---------------------------------------------------------------- steps 3 and 4

  @Test
  void theLastAttemptExhaustsTheAttempts() throws Throwable {
    IOException first = new IOException("first");
    IOException last = new IOException("last");

    assertSame(last, assertThrows(IOException.class, () -> sync(policy(2), null, first, last)));
    assertGaveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 2, last);
    assertSame(last, failureOf(async(policy(2), null, first, last)));
    assertGaveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 2, last);
    assertSame(last, assertThrows(IOException.class, () -> template(builder(2), first, last)));
    assertGaveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 2, last);
    assertSame(last, failureOf(asyncTemplate(builder(2), first, last)));
    assertGaveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 2, last);
  }

  @Test
  void aRejectedResultGivesUpWithTheReasonOfItsStep() throws Throwable {
    Hooks rejecting = new Hooks();

    assertEquals(STALE, sync(policy(2), rejecting, STALE, STALE));
    assertGaveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 2, null);
    assertEquals(STALE, async(policy(2), rejecting, STALE, STALE).join());
    assertGaveUp(GiveUpReason.ATTEMPTS_EXHAUSTED, 2, null);
  }

  @Test
  void anInterruptFlagSetAfterAFailedAttemptIsInterrupted() throws Throwable {
    IOException failure = new IOException();

    Thread.currentThread().interrupt();
    assertThrows(IOException.class, () -> sync(policy(3), null, failure));
    assertTrue(Thread.interrupted(), "the flag stays set");
    assertGaveUp(GiveUpReason.INTERRUPTED, 1, failure);
    Thread.currentThread().interrupt(); // the first attempt, and its decision, on this thread
    assertSame(failure, failureOf(async(policy(3), null, failure)));
    assertTrue(Thread.interrupted());
    assertGaveUp(GiveUpReason.INTERRUPTED, 1, failure);
    Thread.currentThread().interrupt();
    assertThrows(IOException.class, () -> template(builder(3), failure));
    assertTrue(Thread.interrupted());
    assertGaveUp(GiveUpReason.INTERRUPTED, 1, failure);
    Thread.currentThread().interrupt();
    assertSame(failure, failureOf(asyncTemplate(builder(3), failure)));
    assertTrue(Thread.interrupted());
    assertGaveUp(GiveUpReason.INTERRUPTED, 1, failure);
  }

  @Test
  void aWaitInterruptedIsInterruptedWithTheFlagSetAgain() throws Throwable {
    IOException failure = new IOException();
    sleeper =
        millis -> {
          throw new InterruptedException("interrupted while waiting");
        };

    assertThrows(IOException.class, () -> sync(policy(3), null, failure));
    assertTrue(Thread.interrupted());
    assertEquals(1, heard.retries, "onRetry comes before the wait");
    assertGaveUp(GiveUpReason.INTERRUPTED, 1, failure);
    assertThrows(IOException.class, () -> template(builder(3), failure));
    assertTrue(Thread.interrupted());
    assertGaveUp(GiveUpReason.INTERRUPTED, 1, failure);
  }

  // ---------------------------------------------------------------- step 5

  @Test
  void retryIfSayingNoIsRetryIfRejected() throws Throwable {
    IOException failure = new IOException();
    Hooks refusing = new Hooks();
    refusing.retryIf = false;

    assertThrows(IOException.class, () -> sync(policy(3), refusing, failure));
    assertGaveUp(GiveUpReason.RETRY_IF_REJECTED, 1, failure);
    assertSame(failure, failureOf(async(policy(3), refusing, failure)));
    assertGaveUp(GiveUpReason.RETRY_IF_REJECTED, 1, failure);
    assertThrows(
        IOException.class, () -> template(builder(3).retryIf(thrown -> false), failure));
    assertGaveUp(GiveUpReason.RETRY_IF_REJECTED, 1, failure);
    assertSame(failure, failureOf(asyncTemplate(builder(3).retryIf(thrown -> false), failure)));
    assertGaveUp(GiveUpReason.RETRY_IF_REJECTED, 1, failure);
  }

  // ---------------------------------------------------------------- step 6

  @Test
  void aBudgetThatRefusesIsBudgetExhausted(TestInfo test) throws Throwable {
    IOException failure = new IOException();
    // 2 tokens: the first failure takes one, and 1 is not more than half of 2.
    String syncBudget = test.getDisplayName() + ".sync";
    String asyncBudget = test.getDisplayName() + ".async";

    assertThrows(
        IOException.class,
        () -> sync(policy(3).withBudget(syncBudget, 2, 0.1), null, failure));
    assertGaveUp(GiveUpReason.BUDGET_EXHAUSTED, 1, failure);
    assertSame(failure, failureOf(async(policy(3).withBudget(asyncBudget, 2, 0.1), null, failure)));
    assertGaveUp(GiveUpReason.BUDGET_EXHAUSTED, 1, failure);
  }

  // ---------------------------------------------------------------- step 7

  @Test
  void aDelayForWaitAboveTheCapIsWaitAboveCap() throws Throwable {
    IOException failure = new IOException();
    Hooks impatient = new Hooks();
    impatient.delayFor = 101L;
    RetryPolicy capped =
        new RetryPolicy(LABEL, 3, 0L, BackoffPolicy.fixed(10L).withMaxDelay(100L));

    assertThrows(IOException.class, () -> sync(capped, impatient, failure));
    assertGaveUp(GiveUpReason.WAIT_ABOVE_CAP, 1, failure);
    assertSame(failure, failureOf(async(capped, impatient, failure)));
    assertGaveUp(GiveUpReason.WAIT_ABOVE_CAP, 1, failure);
    assertEquals(STALE, sync(capped, impatient, STALE));
    assertGaveUp(GiveUpReason.WAIT_ABOVE_CAP, 1, null);
    assertEquals(0, heard.retries);
  }

  // ---------------------------------------------------------------- steps 8 and 9

  @Test
  void aWaitThatWouldReachMaxDurationIsDurationExhausted() throws Throwable {
    Slow slow = new Slow(60L, new IOException()); // 60 ms + the 100 ms wait >= 150 ms
    RetryPolicy timed = new RetryPolicy(LABEL, 3, 150L, BackoffPolicy.fixed(100L));
    RetryTemplate.Builder timedTemplate = builder(3).maxDuration(150L);

    assertThrows(IOException.class, () -> sync(timed, null, slow));
    assertGaveUp(GiveUpReason.DURATION_EXHAUSTED, 1, slow.failure);
    assertSame(slow.failure, failureOf(async(timed, null, slow)));
    assertGaveUp(GiveUpReason.DURATION_EXHAUSTED, 1, slow.failure);
    assertThrows(IOException.class, () -> template(timedTemplate, slow));
    assertGaveUp(GiveUpReason.DURATION_EXHAUSTED, 1, slow.failure);
    assertSame(slow.failure, failureOf(asyncTemplate(timedTemplate, slow)));
    assertGaveUp(GiveUpReason.DURATION_EXHAUSTED, 1, slow.failure);
    assertEquals(0, heard.retries);
  }

  @Test
  void aWaitThatOverranMaxDurationIsDurationExhausted() throws Throwable {
    IOException failure = new IOException();
    RetryPolicy timed = new RetryPolicy(LABEL, 3, 150L, BackoffPolicy.fixed(100L));
    sleeper = millis -> clock.advanceMillis(millis * 2); // asked for 100 ms, it takes 200
    RetryTemplate.Builder timedTemplate = builder(3).maxDuration(150L);

    assertThrows(IOException.class, () -> sync(timed, null, failure));
    assertGaveUp(GiveUpReason.DURATION_EXHAUSTED, 1, failure);
    assertThrows(IOException.class, () -> template(timedTemplate, failure));
    assertGaveUp(GiveUpReason.DURATION_EXHAUSTED, 1, failure);
    waitTakes = 200L;
    assertSame(failure, failureOf(async(timed, null, failure)));
    assertGaveUp(GiveUpReason.DURATION_EXHAUSTED, 1, failure);
    assertSame(failure, failureOf(asyncTemplate(timedTemplate, failure)));
    assertGaveUp(GiveUpReason.DURATION_EXHAUSTED, 1, failure);
    assertEquals(4, heard.retries, "each told onRetry, then waited too long");
  }

  // ---------------------------------------------------------------- the call itself cancelled

  @Test
  void aCallCancelledOrCompletedFromOutsideIsCancelled() throws Throwable {
    IOException failure = new IOException();
    waitTakes = -1L; // the waits stay pending: the test ends the calls

    CompletableFuture<Object> cancelled = async(policy(3), null, failure, "never");
    assertTrue(cancelled.cancel(true));
    RetryEvent event = assertGaveUp(GiveUpReason.CANCELLED, 1, null);
    assertTrue(event.failure() instanceof CancellationException);
    CompletableFuture<Object> timedOut = asyncTemplate(builder(3), failure, "never");
    RuntimeException timeout = new RuntimeException("timed out");
    assertTrue(timedOut.completeExceptionally(timeout));
    assertGaveUp(GiveUpReason.CANCELLED, 1, timeout);
    CompletableFuture<Object> completed = async(policy(3), null, failure, "never");
    assertTrue(completed.complete("from outside"));
    assertEquals(0, heard.failures.size(), "a completion with a value is a success");
  }

  // ---------------------------------------------------------------- user code that throws

  @Test
  void aRetryIfThatThrowsIsUserCodeFailed() throws Throwable {
    IOException failure = new IOException();
    IllegalStateException broken = new IllegalStateException("retryIf broke");
    Hooks throwing = new Hooks();
    throwing.thrown = broken;

    assertSame(broken, assertThrows(IllegalStateException.class,
        () -> sync(policy(3), throwing, failure)));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, broken);
    assertSame(broken, failureOf(async(policy(3), throwing, failure)));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, broken);
    RetryTemplate.Builder throwingTemplate =
        builder(3).retryIf(
            thrown -> {
              throw broken;
            });
    assertSame(broken, assertThrows(IllegalStateException.class,
        () -> throwingTemplate.build().execute(attempts(failure), context -> "recovered")));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, broken);
    assertSame(broken, failureOf(asyncTemplate(throwingTemplate, failure)));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, broken);
  }

  @Test
  void aDelayForOrRetryOnResultThatThrowsIsUserCodeFailed() throws Throwable {
    IOException checked = new IOException("delayFor broke"); // rethrown as it is
    Hooks throwing = new Hooks();
    throwing.thrown = checked;
    throwing.retryIf = true;
    throwing.throwsFrom = "delayFor";

    assertSame(checked, assertThrows(IOException.class,
        () -> sync(policy(3), throwing, new IllegalStateException())));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, checked);
    assertSame(checked, failureOf(async(policy(3), throwing, new IllegalStateException())));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, checked);
    throwing.throwsFrom = "rejects";
    assertSame(checked, assertThrows(IOException.class, () -> sync(policy(3), throwing, "x")));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, checked);
    assertSame(checked, failureOf(async(policy(3), throwing, "x")));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, checked);
  }

  @Test
  void aSleeperThatThrowsIsUserCodeFailed() throws Throwable {
    IllegalStateException broken = new IllegalStateException("sleeper broke");
    sleeper =
        millis -> {
          throw broken;
        };

    assertSame(broken, assertThrows(IllegalStateException.class,
        () -> sync(policy(3), null, new IOException())));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, broken);
    assertSame(broken, assertThrows(IllegalStateException.class,
        () -> template(builder(3), new IOException())));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, broken);
  }

  @Test
  void aSchedulerThatRefusesTheWaitIsUserCodeFailed() throws Throwable {
    RejectedExecutionException refused = new RejectedExecutionException("shut down");
    scheduler.rejectWith = refused;

    assertSame(refused, failureOf(async(policy(3), null, new IOException())));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, refused);
    assertSame(refused, failureOf(asyncTemplate(builder(3), new IOException())));
    assertGaveUp(GiveUpReason.USER_CODE_FAILED, 1, refused);
  }

  // ---------------------------------------------------------------- no reason but in onFailure

  @Test
  void onRetryAndOnSuccessCarryNoReason() throws Throwable {
    assertEquals("ok", sync(policy(3), null, new IOException(), "ok"));
    assertEquals("ok", async(policy(3), null, new IOException(), "ok").join());
    assertEquals("ok", template(builder(3), new IOException(), "ok"));
    assertEquals("ok", asyncTemplate(builder(3), new IOException(), "ok").join());
    assertEquals(8, heard.events.size());
    for (RetryEvent event : heard.events) {
      assertNull(event.reason(), event.toString());
    }
    assertEquals(0, heard.failures.size());
  }

  // ---------------------------------------------------------------- drivers

  private RetryOptions options() {
    return RetryOptions.builder()
        .sleeper(sleeper)
        .ticker(clock)
        .scheduler(scheduler)
        .listener(heard)
        .build();
  }

  private static RetryPolicy policy(int maxAttempts) {
    return new RetryPolicy(LABEL, maxAttempts, 0L, BackoffPolicy.fixed(100L));
  }

  private RetryTemplate.Builder builder(int maxAttempts) {
    return RetryTemplate.builder()
        .label(LABEL)
        .maxAttempts(maxAttempts)
        .backoff(BackoffPolicy.fixed(100L))
        .options(options());
  }

  /**
   * What the processor writes for {@code Object call()} with {@code retryFor = Exception} and,
   * with hooks, {@code retryOnResult}: the classification and the result test inline, everything
   * else asked of the retrier.
   */
  private Object sync(RetryPolicy policy, Hooks hooks, Object... outcomes) throws Throwable {
    Retrier retrier = policy.bind(options(), hooks);
    Deque<Object> script = new ArrayDeque<Object>(Arrays.asList(outcomes));
    long startNanos = retrier.start();
    for (int attempt = 1; ; attempt++) {
      Object result;
      try {
        result = next(script);
      } catch (Throwable failure) {
        if (retryable(policy, failure)) {
          if (retrier.retryAfter(attempt, startNanos, failure)) {
            continue;
          }
        } else {
          retrier.notRetryable(attempt, startNanos, failure);
        }
        throw failure;
      }
      boolean rejected;
      try {
        rejected = hooks != null && hooks.rejects(result);
      } catch (Throwable predicateFailure) {
        retrier.userCodeFailed(attempt, startNanos, predicateFailure);
        throw predicateFailure;
      }
      if (rejected) {
        if (retrier.retryAfterResult(attempt, startNanos, result)) {
          continue;
        }
        return result;
      }
      retrier.succeeded(attempt, startNanos);
      return result;
    }
  }

  /** What the processor writes for the same method returning a future; runs it to its end. */
  private CompletableFuture<Object> async(RetryPolicy policy, Hooks hooks, Object... outcomes) {
    Deque<Object> script = new ArrayDeque<Object>(Arrays.asList(outcomes));
    Hooks asked = hooks != null ? hooks : new Hooks();
    CompletableFuture<Object> call =
        new AsyncCall<Object>(policy.bind(options()), null) {
          @Override
          protected CompletionStage<Object> call() {
            return stage(script);
          }

          @Override
          protected boolean retryable(Throwable failure) {
            return GiveUpReasonTest.retryable(policy, failure);
          }

          @Override
          protected boolean retryIf(Throwable failure) throws Throwable {
            return asked.retryIf(failure);
          }

          @Override
          protected long delayFor(Throwable failure) throws Throwable {
            return asked.delayFor(failure);
          }

          @Override
          protected long delayForResult(Object result) throws Throwable {
            return asked.delayForResult(result);
          }

          @Override
          protected boolean rejects(Object result) throws Throwable {
            return hooks != null && hooks.rejects(result);
          }
        }.start();
    runWaits();
    return call;
  }

  private Object template(RetryTemplate.Builder builder, Object... outcomes) throws Throwable {
    return builder.build().execute(attempts(outcomes));
  }

  private CompletableFuture<Object> asyncTemplate(
      RetryTemplate.Builder builder, Object... outcomes) {
    Deque<Object> script = new ArrayDeque<Object>(Arrays.asList(outcomes));
    CompletableFuture<Object> call =
        AsyncRetryTemplate.of(builder.build()).execute(context -> stage(script));
    runWaits();
    return call;
  }

  /** A template callback that makes its attempts in turn, as {@link #next} says. */
  private io.retrygen.runtime.RetryCallback<Object, Throwable> attempts(Object... outcomes) {
    Deque<Object> script = new ArrayDeque<Object>(Arrays.asList(outcomes));
    return context -> next(script);
  }

  /** Runs every wait scheduled, each taking {@link #waitTakes} if set. */
  private void runWaits() {
    while (scheduler.pending() > 0 && waitTakes >= 0) {
      if (waitTakes > 0) {
        scheduler.runNextAfter(waitTakes);
      } else {
        scheduler.runNext();
      }
    }
  }

  /** Step 1 as generated code writes it for {@code retryFor = Exception}. */
  private static boolean retryable(RetryPolicy policy, Throwable failure) {
    return failure instanceof Exception
        && !(failure instanceof InterruptedException)
        && (policy.retriesCancellation() || !(failure instanceof CancellationException));
  }

  /** The next outcome: a failure thrown, or a value returned (after its time, if slow). */
  private Object next(Deque<Object> script) throws Throwable {
    Object outcome = script.removeFirst();
    if (outcome instanceof Slow) {
      clock.advanceMillis(((Slow) outcome).millis);
      throw ((Slow) outcome).failure;
    }
    if (outcome instanceof Throwable) {
      throw (Throwable) outcome;
    }
    return outcome;
  }

  private CompletionStage<Object> stage(Deque<Object> script) {
    CompletableFuture<Object> stage = new CompletableFuture<Object>();
    try {
      stage.complete(next(script));
    } catch (Throwable failure) {
      stage.completeExceptionally(failure);
    }
    return stage;
  }

  private static Throwable failureOf(CompletableFuture<Object> call) {
    assertTrue(call.isCompletedExceptionally(), "not failed: " + call);
    // Not join(): from JDK 23 on it throws a new CancellationException around the one held.
    Throwable failure = call.handle((value, thrown) -> thrown).join();
    return failure instanceof CompletionException ? failure.getCause() : failure;
  }

  /** The one {@code onFailure} heard since the last check: its reason, attempt and failure. */
  private RetryEvent assertGaveUp(GiveUpReason reason, int attempt, Throwable failure) {
    assertEquals(1, heard.failures.size(), heard.failures.toString());
    RetryEvent event = heard.failures.remove(0);
    assertSame(reason, event.reason(), event.toString());
    assertEquals(attempt, event.attempt(), event.toString());
    if (failure != null) {
      assertSame(failure, event.failure(), event.toString());
    }
    assertFalse(event.label().isEmpty());
    return event;
  }

  /** The user code of a generated method: {@code retryIf}, {@code delayFor}, {@code rejects}. */
  private static final class Hooks extends RetryHooks<Object> {
    boolean retryIf = true;
    long delayFor = -1L;
    Throwable thrown;
    String throwsFrom = "retryIf";

    @Override
    protected boolean retryIf(Throwable failure) throws Throwable {
      throwIf("retryIf");
      return retryIf;
    }

    @Override
    protected long delayFor(Throwable failure) throws Throwable {
      throwIf("delayFor");
      return delayFor;
    }

    @Override
    protected long delayForResult(Object result) throws Throwable {
      throwIf("delayFor");
      return delayFor;
    }

    @Override
    protected boolean rejects(Object result) throws Throwable {
      throwIf("rejects");
      return STALE.equals(result);
    }

    private void throwIf(String hook) throws Throwable {
      if (thrown != null && throwsFrom.equals(hook)) {
        throw thrown;
      }
    }
  }

  /** An attempt that takes {@code millis} by the clock, then fails. */
  private static final class Slow {
    final long millis;
    final Throwable failure;

    Slow(long millis, Throwable failure) {
      this.millis = millis;
      this.failure = failure;
    }
  }

  /** Keeps every event, and the {@code onFailure} ones apart. */
  private static final class Heard implements RetryListener {
    final List<RetryEvent> events = new ArrayList<RetryEvent>();
    final List<RetryEvent> failures = new ArrayList<RetryEvent>();
    int retries;

    @Override
    public void onRetry(RetryEvent event) {
      events.add(event);
      retries++;
    }

    @Override
    public void onSuccess(RetryEvent event) {
      events.add(event);
    }

    @Override
    public void onFailure(RetryEvent event) {
      failures.add(event);
    }
  }
}
