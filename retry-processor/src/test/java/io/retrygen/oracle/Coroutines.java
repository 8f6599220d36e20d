package io.retrygen.oracle;

import kotlin.Result;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlin.coroutines.ContinuationKt;
import kotlin.coroutines.CoroutineContext;
import kotlin.jvm.functions.Function2;
import kotlinx.coroutines.CancellableContinuation;
import kotlinx.coroutines.CoroutineDispatcher;
import kotlinx.coroutines.Delay;
import kotlinx.coroutines.DisposableHandle;
import kotlinx.coroutines.Job;
import kotlinx.coroutines.JobKt;
import kotlinx.coroutines.test.TestCoroutineDispatchersKt;
import kotlinx.coroutines.test.TestCoroutineScheduler;
import kotlinx.coroutines.test.TestDispatcher;

/**
 * The coroutines of a run on {@link Path#SUSPEND}: kotlinx-coroutines-test's {@link
 * TestCoroutineScheduler} and its {@code StandardTestDispatcher}, which run every coroutine on the
 * test's thread, in virtual time, when {@link #runUntilIdle} is called (as {@code runTest} does).
 * The coroutines run on a dispatcher of the world's ({@link Traced}) that hands each {@code delay}
 * to the {@link World}, which traces it and resumes it on the test dispatcher as the script says;
 * everything else goes to the test dispatcher as it is. The world's {@code Ticker} reads the
 * scheduler's virtual time ({@link #nowMillis}), so {@code maxDuration}, the events' times and the
 * breaker follow the waits, and {@code withTimeoutOrNull} ({@code @Timeout}) times out in it.
 */
final class Coroutines {
  private final TestCoroutineScheduler scheduler = new TestCoroutineScheduler();
  private final TestDispatcher test =
      TestCoroutineDispatchersKt.StandardTestDispatcher(scheduler, "oracle");
  private final Traced traced;
  /** The job of the coroutine {@link #start} started last: the calling coroutine's. */
  private Job job;

  Coroutines(World world) {
    this.traced = new Traced(world);
  }

  /** The scheduler's virtual time, in ms since the run started. */
  long nowMillis() {
    return scheduler.getCurrentTime();
  }

  /**
   * Starts {@code block} in a new coroutine, with a job of its own (which the script may cancel)
   * on the traced dispatcher; it runs once {@link #runUntilIdle} is called.
   */
  Outcome start(Function2<Object, Continuation<? super Object>, Object> block) {
    job = JobKt.Job(null);
    Outcome outcome = new Outcome(traced.plus(job));
    ContinuationKt.startCoroutine(block, null, outcome);
    return outcome;
  }

  /**
   * The calling coroutine's job, which the script cancels: not the job of an attempt's context,
   * which under {@code @Timeout} is {@code withTimeoutOrNull}'s scope inside the call.
   */
  Job callJob() {
    return job;
  }

  /** Runs what is due, moving the virtual time on, until nothing is left. */
  void runUntilIdle() {
    scheduler.advanceUntilIdle();
  }

  /**
   * Runs {@code action} on the test dispatcher {@code millis} ms of virtual time from now (0: after
   * what is due now), untraced: the script's own events.
   */
  DisposableHandle later(long millis, Runnable action, CoroutineContext context) {
    return test.invokeOnTimeout(millis, action, context);
  }

  /** What {@code delay(millis)} does on the test dispatcher: resumes after that virtual time. */
  void resumeAfter(long millis, CancellableContinuation<? super Unit> continuation) {
    test.scheduleResumeAfterDelay(millis, continuation);
  }

  /** How the coroutine ended: with a value, a throwable, or not yet. */
  static final class Outcome implements Continuation<Object> {
    private final CoroutineContext context;
    private int completions;
    private Object value;
    private Throwable failure;

    Outcome(CoroutineContext context) {
      this.context = context;
    }

    @Override
    public CoroutineContext getContext() {
      return context;
    }

    @Override
    public void resumeWith(Object result) {
      completions++;
      if (result instanceof Result.Failure) {
        failure = ((Result.Failure) result).exception;
      } else {
        value = result;
      }
    }

    /** The end of the call's trace, as the other paths write it. */
    String describe(World world) {
      if (completions == 0) {
        return "pending";
      }
      String ended = failure != null ? "threw " + world.id(failure) : "returned " + value;
      return completions == 1 ? ended : ended + " (completed " + completions + " times)";
    }
  }

  /**
   * The dispatcher the calls run on: the test dispatcher's, except that each {@code delay} goes
   * to the world ({@link World#delayed}), which traces it. A {@code Delay} as {@code delay()} finds
   * it in the context.
   */
  private final class Traced extends CoroutineDispatcher implements Delay {
    private final World world;

    Traced(World world) {
      this.world = world;
    }

    @Override
    public boolean isDispatchNeeded(CoroutineContext context) {
      return test.isDispatchNeeded(context);
    }

    @Override
    public void dispatch(CoroutineContext context, Runnable block) {
      test.dispatch(context, block);
    }

    @Override
    public void scheduleResumeAfterDelay(
        long millis, CancellableContinuation<? super Unit> continuation) {
      world.delayed(millis, continuation);
    }

    /**
     * An attempt's {@code @Timeout} ({@code withTimeoutOrNull}, SPEC §16): as the test dispatcher
     * does, untraced (what it does shows: the attempt cancelled, its failure).
     */
    @Override
    public DisposableHandle invokeOnTimeout(long millis, Runnable block, CoroutineContext context) {
      return test.invokeOnTimeout(millis, block, context);
    }

    @Override
    @SuppressWarnings("deprecation")
    public Object delay(long millis, Continuation<? super Unit> continuation) {
      return Delay.DefaultImpls.delay(this, millis, continuation);
    }

    @Override
    public String toString() {
      return "oracle dispatcher";
    }
  }
}
