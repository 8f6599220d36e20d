package io.retrygen.runtime.internal;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryListener;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Not API. One guarded method of one generated instance, made by {@link RetryPolicy#bind}: its
 * {@link DecisionOrder}, hooks, seams and listeners. The generated synchronous loop keeps the
 * success path and the classification inline and asks this object, after a failed attempt,
 * whether to go on:
 *
 * <pre>{@code
 * long startNanos = retrier.start();
 * for (int attempt = 1; ; attempt++) {
 *   try {
 *     result = delegate.call(args);
 *   } catch (Throwable failure) {
 *     if (failure instanceof IOException) {        // step 1, decided at compile time
 *       if (retrier.retryAfter(attempt, startNanos, failure)) {
 *         continue;                                // decided, told onRetry, waited
 *       }
 *     } else {
 *       retrier.notRetryable(attempt, startNanos, failure);
 *     }
 *     throw failure;              // gave up, told onFailure with the reason; or recover
 *   }
 *   retrier.succeeded(attempt, startNanos);
 *   return result;
 * }
 * }</pre>
 *
 * A driver that must not block (an asynchronous call, a coroutine, a reactive subscription) asks
 * {@link #decide} or {@link #decideOnResult} instead, tells {@link #retrying}, waits its own way,
 * asks {@link #timeLeft}, and reports the end with {@link #gaveUp} or {@link #succeeded}.
 *
 * <p>Immutable and thread-safe. With no listener, {@link #start} and {@link #succeeded} read no
 * clock and allocate nothing, so the success path costs what a direct call costs; nor does a
 * retry without wait, budget, hooks or {@code maxDuration}.
 */
public final class Retrier {
  private final String label;
  private final DecisionOrder order;
  /** The method's {@code retryIf} and {@code delayFor}; null for none. */
  private final RetryHooks<?> hooks;
  /** The classification by causes, with {@code matchCauses = true}; else null. */
  private final CauseMatcher causes;
  private final Sleeper sleeper;
  private final Ticker ticker;
  /** The options' own scheduler, null for the runtime's default; only asynchronous calls use it. */
  private final ScheduledExecutorService scheduler;
  /** Null when there is no listener. */
  private final Events events;
  /** Whether {@link #start} must read the clock: for {@code maxDuration} or for events. */
  private final boolean timed;
  /** Whether a success has nothing to do: no budget to refill, no listener to tell. */
  private final boolean quietSuccess;
  /**
   * The retry budget a success refills, null for none: the order's, held here too so that the
   * success path reads this object's fields only (one dependent load less per call).
   */
  private final TokenBucket budget;
  /**
   * Whether a retryable failure is retried at once when an attempt may follow, with nothing to
   * ask or tell: the decision order's {@linkplain DecisionOrder#instant() instant} case with no
   * hooks and no listener. Copied here with {@link #maxAttempts}, so that the loop's fail-once
   * path reads this object's fields only.
   */
  private final boolean atOnce;
  private final int maxAttempts;

  /**
   * @param hooks the method's {@code retryIf} and {@code delayFor}; null for none
   * @param methodListeners the method's own listeners, after those of {@code options}; or null
   */
  Retrier(
      RetryPolicy policy,
      RetryOptions options,
      RetryHooks<?> hooks,
      RetryListener[] methodListeners) {
    if (options == null) {
      throw new NullPointerException("options == null");
    }
    this.label = policy.label();
    this.order = new DecisionOrder(policy, options);
    this.hooks = hooks;
    this.causes = policy.causes();
    this.sleeper = options.sleeper();
    this.ticker = options.ticker();
    this.scheduler = options.schedulerIfSet();
    this.events = Events.of(label, ticker, options.listeners(), methodListeners);
    this.timed = order.timed() || events != null;
    this.budget = order.budget();
    this.quietSuccess = budget == null && events == null;
    this.atOnce = order.instant() && hooks == null && events == null;
    this.maxAttempts = order.maxAttempts();
  }

  /** The label of events and statistics. */
  public String label() {
    return label;
  }

  /**
   * Called before the first attempt: the ticker's time when it is needed (for {@code maxDuration}
   * or listeners), else 0 without reading any clock.
   */
  public long start() {
    return timed ? ticker.nanoTime() : 0L;
  }

  /**
   * Step 1 with {@code matchCauses = true}: whether {@code failure} or one of its causes is a
   * {@code retryFor} type and neither it nor any cause a {@code noRetryFor} type. The rules for
   * interruption and cancellation look at the failure itself, so the generated code tests them
   * beside this.
   *
   * @throws IllegalStateException for a policy made without {@link RetryPolicy#matchingCauses}
   */
  public boolean matchesCauses(Throwable failure) {
    if (causes == null) {
      throw new IllegalStateException(label + " does not match causes");
    }
    return causes.matches(failure);
  }

  /**
   * Steps 2 to 10 after {@code attempt} failed with a failure that step 1 retries, blocking:
   * decides, and either tells {@code onRetry} and sleeps the wait (no {@link Sleeper} call for 0
   * ms), returning true for the next attempt, or tells {@code onFailure} with the reason and
   * returns false. An interrupted wait gives up as {@link GiveUpReason#INTERRUPTED} with the flag
   * set again; a wait that overran {@code maxDuration} as {@link
   * GiveUpReason#DURATION_EXHAUSTED}.
   *
   * <p>User code that throws ({@code retryIf}, {@code delayFor}, the {@link Sleeper}, the random
   * source) ends the call with its exception, checked or not, after {@code onFailure} with {@link
   * GiveUpReason#USER_CODE_FAILED}: this method rethrows it as it is.
   */
  public boolean retryAfter(int attempt, long startNanos, Throwable failure) {
    if (atOnce && mayRetry(attempt)) {
      return true; // the order's decision when steps 2 and 5 to 9 have nothing to do
    }
    return decideAndWait(attempt, startNanos, failure, true);
  }

  /**
   * Step 1 did not retry {@code failure}: the call gives up, the listeners told {@link
   * GiveUpReason#NOT_RETRYABLE}, or {@link GiveUpReason#CANCELLED} for a {@code
   * CancellationException} that {@code retryFor} does not name; the retry budget, if any, gets its
   * ratio back. The generated loop branches on its compile-time classification and calls this or
   * {@link #retryAfter(int, long, Throwable)}: a branch, rather than the classification passed as
   * a boolean, keeps the loop's success path as fast as a hand-written one on JDK 17, whose
   * compiler otherwise spends a cycle per call on the unused failure path.
   */
  public void notRetryable(int attempt, long startNanos, Throwable failure) {
    decideAndWait(attempt, startNanos, failure, false);
  }

  /**
   * {@link #retryAfter(int, long, Throwable)} or {@link #notRetryable}, as {@code retryable}
   * (step 1, classified by the caller) says: for drivers that classify at run time (the
   * templates).
   */
  public boolean retryAfter(int attempt, long startNanos, Throwable failure, boolean retryable) {
    if (atOnce && retryable && mayRetry(attempt)) {
      return true;
    }
    return decideAndWait(attempt, startNanos, failure, retryable);
  }

  /** Steps 3 and 4, as {@link DecisionOrder#mayRetry} says. */
  private boolean mayRetry(int attempt) {
    return DecisionOrder.mayRetry(attempt, maxAttempts);
  }

  /**
   * {@link #retryAfter} past its one-test case: kept apart so that the generated loop, which
   * inlines {@code retryAfter}, compiles no more than that test into its failure path.
   *
   * @param retryable step 1, as the caller classified the failure
   */
  private boolean decideAndWait(
      int attempt, long startNanos, Throwable failure, boolean retryable) {
    long decision;
    try {
      decision = order.afterFailure(attempt, startNanos, failure, retryable, hooks);
    } catch (Throwable thrown) {
      throw endWith(attempt, startNanos, thrown);
    }
    if (decision == 0L && events == null) {
      return true; // at once, with nothing to tell
    }
    return waitOrGiveUp(attempt, startNanos, failure, decision);
  }

  /**
   * {@link #retryAfter} for a result that {@code retryOnResult} rejected: steps 2, 3, 4, 6 to 10.
   * When it gives up (false), the caller returns the last result, with no recovery.
   *
   * @param result the rejected result, boxed when primitive
   */
  public boolean retryAfterResult(int attempt, long startNanos, Object result) {
    long decision;
    try {
      decision = order.afterResult(attempt, startNanos, result, objectHooks(hooks));
    } catch (Throwable thrown) {
      throw endWith(attempt, startNanos, thrown);
    }
    return waitOrGiveUp(attempt, startNanos, null, decision);
  }

  /**
   * User code that the generated method calls itself ({@code retryOnResult}) threw {@code thrown}
   * after {@code attempt}: tells {@code onFailure} with {@link GiveUpReason#USER_CODE_FAILED}; the
   * caller then rethrows it.
   */
  public void userCodeFailed(int attempt, long startNanos, Throwable thrown) {
    gaveUp(attempt, startNanos, thrown, GiveUpReason.USER_CODE_FAILED);
  }

  /**
   * The call succeeded on {@code attempt}: the retry budget, if any, gets its {@code tokenRatio}
   * back, and the listeners hear {@code onSuccess}. Nothing to do without either.
   */
  public void succeeded(int attempt, long startNanos) {
    if (quietSuccess) {
      return;
    }
    if (budget != null) {
      budget.giveBack();
    }
    announceSuccess(attempt, startNanos);
  }

  /**
   * Steps 1 to 8 after {@code attempt} failed, without blocking and without telling anyone: the
   * wait before the next attempt ({@link DecisionOrder#retries}) or the code of the reason to give
   * up ({@link DecisionOrder#reason}). For drivers that wait their own way.
   *
   * @param hooks the call's {@code retryIf} and {@code delayFor}; null for those bound, if any
   * @throws Throwable what a hook threw: the driver ends the call with it ({@link
   *     GiveUpReason#USER_CODE_FAILED})
   */
  public long decide(
      int attempt, long startNanos, Throwable failure, boolean retryable, RetryHooks<?> hooks)
      throws Throwable {
    return order.afterFailure(
        attempt, startNanos, failure, retryable, hooks != null ? hooks : this.hooks);
  }

  /** {@link #decide} for a result that {@code retryOnResult} rejected: steps 2 to 8 of a result. */
  public <T> long decideOnResult(
      int attempt, long startNanos, T result, RetryHooks<? super T> hooks) throws Throwable {
    return order.afterResult(
        attempt, startNanos, result, hooks != null ? hooks : objectHooks(this.hooks));
  }

  /** Whether {@code result} is a failed attempt: the {@code retryOnResult} of {@code hooks}. */
  public <T> boolean rejects(RetryHooks<T> hooks, T result) throws Throwable {
    return hooks.rejects(result);
  }

  /** Tells the listeners that another attempt follows {@code attempt} after {@code delayMillis}. */
  public void retrying(int attempt, long startNanos, Throwable failure, long delayMillis) {
    if (events != null) {
      events.retrying(attempt, startNanos, failure, delayMillis);
    }
  }

  /** After a wait: whether the next attempt may start within {@code maxDuration}. */
  public boolean timeLeft(long startNanos) {
    return order.timeLeft(startNanos);
  }

  /**
   * Tells the listeners that the call gives up after {@code attempt}, for {@code reason}, before
   * any recovery.
   *
   * @param failure the last failure, or what user code threw; null when a result was rejected
   */
  public void gaveUp(int attempt, long startNanos, Throwable failure, GiveUpReason reason) {
    if (events != null) {
      events.failed(attempt, startNanos, failure, reason);
    }
  }

  /**
   * Tells the listeners that the call succeeded on {@code attempt}, leaving the budget alone: for
   * a call completed from outside, which is no outcome of an attempt.
   */
  public void announceSuccess(int attempt, long startNanos) {
    if (events != null) {
      events.succeeded(attempt, startNanos);
    }
  }

  /** Total attempts, the first included. */
  int maxAttempts() {
    return maxAttempts;
  }

  /** Where asynchronous calls schedule their later attempts; null for the runtime's default. */
  public ScheduledExecutorService scheduler() {
    return scheduler;
  }

  /** Step 9 of a blocking driver: see {@link #retryAfter}. */
  private boolean waitOrGiveUp(int attempt, long startNanos, Throwable failure, long decision) {
    GiveUpReason reason;
    try {
      reason = waitFor(attempt, startNanos, failure, decision);
    } catch (Throwable e) {
      // A checked exception too: a Sleeper written in Kotlin, or with Lombok's @SneakyThrows, can
      // throw one it does not declare, and the call must still end with onFailure.
      throw endWith(attempt, startNanos, e);
    }
    if (reason == null) {
      return true;
    }
    gaveUp(attempt, startNanos, failure, reason);
    return false;
  }

  /**
   * Step 9 of a blocking driver after {@code decision} (from {@link #decide}): null when it
   * retries, after {@code onRetry} and the wait (no {@link Sleeper} call for 0 ms); else why it
   * gives up, which the caller tells: the decision's reason, {@link GiveUpReason#INTERRUPTED} for
   * an interrupted wait (the flag set again), {@link GiveUpReason#DURATION_EXHAUSTED} for a wait
   * that overran {@code maxDuration}. What the {@code Sleeper} or the {@code Ticker} throws passes
   * through, untold.
   */
  GiveUpReason waitFor(int attempt, long startNanos, Throwable failure, long decision) {
    if (!DecisionOrder.retries(decision)) {
      return DecisionOrder.reason(decision);
    }
    retrying(attempt, startNanos, failure, decision);
    if (decision == 0L) {
      return null;
    }
    try {
      sleeper.sleep(decision);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return GiveUpReason.INTERRUPTED;
    }
    return order.timeLeft(startNanos) ? null : GiveUpReason.DURATION_EXHAUSTED;
  }

  /** Ends the call with what user code threw: {@code onFailure}, then it is rethrown as it is. */
  private RuntimeException endWith(int attempt, long startNanos, Throwable thrown) {
    userCodeFailed(attempt, startNanos, thrown);
    throw Throwables.<RuntimeException>asThrown(thrown);
  }

  /** The bound hooks, whose value type generated code and this retrier agree on. */
  @SuppressWarnings("unchecked")
  private static RetryHooks<Object> objectHooks(RetryHooks<?> hooks) {
    return (RetryHooks<Object>) hooks;
  }

  @Override
  public String toString() {
    return "Retrier{" + label + ", " + order + "}";
  }
}
