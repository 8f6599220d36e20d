package io.retrygen.runtime.internal;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RandomSource;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Not API. The settings and bookkeeping of one guarded method of one generated instance, made by {@link
 * RetryPolicy#bind}. Only generated code calls this class: the retry loop itself is in the
 * generated method, which asks this object whether and how long to wait and reports outcomes to
 * the listeners.
 *
 * <p>A generated method runs, in effect, the decision order after a failed attempt:
 *
 * <pre>{@code
 * long startNanos = retrier.start();
 * for (int attempt = 1; ; attempt++) {
 *   try {
 *     result = delegate.call(args);
 *   } catch (Throwable failure) {
 *     if (retryable(failure)) {                                // step 1
 *       retrier.takeToken();                                   // step 2, with a budget only
 *       if (retrier.mayRetry(attempt)) {                       // steps 3 and 4
 *         // step 5: retryIf, if any; step 6: withinBudget(), with a budget
 *         if (retrier.backOff(attempt, startNanos, failure)) { // steps 7 to 9
 *           continue;                                          // (delayFor: the 4-argument one)
 *         }
 *       }
 *     } else {
 *       retrier.refund();                                      // with a budget only
 *     }
 *     retrier.failed(attempt, startNanos, failure);
 *     throw failure;                                           // or recover
 *   }
 *   retrier.succeeded(attempt, startNanos);
 *   return result;
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe. With no listener, {@link #start} and {@link #succeeded} read no
 * clock and allocate nothing, so the success path costs what a direct call costs.
 */
public final class Retrier {
  private static final int ON_RETRY = 0;
  private static final int ON_SUCCESS = 1;
  private static final int ON_FAILURE = 2;

  private final String label;
  private final int maxAttempts;
  /** 0 for none. Kept in ms: in nanoseconds it would not fit near {@code Long.MAX_VALUE}. */
  private final long maxDurationMillis;
  private final BackoffPolicy backoff;
  private final Sleeper sleeper;
  private final Ticker ticker;
  private final RandomSource random;
  /** The retry budget; null for none. */
  private final TokenBucket budget;
  /** The classification by causes, with {@code matchCauses = true}; else null. */
  private final CauseMatcher causes;
  /** The options' own scheduler, null for the runtime's default; only asynchronous calls use it. */
  private final ScheduledExecutorService scheduler;
  /**
   * Null when there is none: then neither {@code RetryListener} nor any array of it is ever
   * loaded, which keeps a cold start short, and each check is a single load.
   */
  private final RetryListener[] listeners;
  /** Whether {@link #start} must read the clock: for {@code maxDuration} or for events. */
  private final boolean timed;
  /**
   * The wait before every retry when it needs no computation and no clock (a fixed backoff
   * without {@code maxDuration}), else -1.
   */
  private final long constantDelayMillis;
  /**
   * Whether every retry starts at once with nothing to tell: a wait of 0 ms, constant, with no
   * {@code maxDuration} and no listener. Then {@link #backOff(int, long, Throwable)} reads this one
   * field and nothing else.
   */
  private final boolean instantRetry;
  /** Whether a success has nothing to do: no budget to refill, no listener to tell. */
  private final boolean quietSuccess;

  /**
   * @param policy what the annotations resolved to
   * @param options the instance's options: sleeper, ticker, randomness and listeners
   * @param methodListeners the method's own listeners, called after those of {@code options};
   *     null for none
   */
  Retrier(RetryPolicy policy, RetryOptions options, RetryListener[] methodListeners) {
    if (options == null) {
      throw new NullPointerException("options == null");
    }
    this.label = policy.label();
    this.maxAttempts = policy.maxAttempts();
    this.maxDurationMillis = policy.maxDurationMillis();
    this.backoff = policy.backoff();
    this.sleeper = options.sleeper();
    this.ticker = options.ticker();
    this.random = options.random();
    this.budget = policy.budget();
    this.causes = policy.causes();
    this.scheduler = options.schedulerIfSet();
    this.listeners = concat(options.listeners(), methodListeners);
    this.timed = maxDurationMillis > 0 || listeners != null;
    this.constantDelayMillis = maxDurationMillis > 0 ? -1L : backoff.constantWaitMillis();
    this.instantRetry = constantDelayMillis == 0 && listeners == null;
    this.quietSuccess = budget == null && listeners == null;
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
   * beside this. Only generated code for such a method calls it.
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
   * Step 2 of the decision order: an attempt failed in a way the method retries (a failure step 1
   * classifies as retryable, or a result {@code retryOnResult} rejects), so the retry budget, if
   * any, takes one token for it (not below 0). Nothing to do without a budget.
   */
  public void takeToken() {
    if (budget != null) {
      budget.take();
    }
  }

  /**
   * Steps 3 and 4: whether another attempt may follow {@code attempt}: it was not the last of
   * {@code maxAttempts}, and the calling thread's interrupt flag is not set (no retry starts while
   * it is). Reads no clock, draws nothing and changes nothing.
   */
  public boolean mayRetry(int attempt) {
    return attempt < maxAttempts && !Thread.currentThread().isInterrupted();
  }

  /**
   * Step 6 of the decision order: whether the retry budget, if any, allows a retry (more than
   * half its tokens are left). Always true without a budget; changes nothing.
   */
  public boolean withinBudget() {
    return budget == null || budget.allowsRetry();
  }

  /**
   * An attempt failed with a failure that step 1 does not classify as retryable: the retry budget,
   * if any, gets its {@code tokenRatio} back (not above {@code maxTokens}), as for a success.
   * Nothing to do without a budget.
   */
  public void refund() {
    if (budget != null) {
      budget.giveBack();
    }
  }

  /**
   * Steps 7 to 9 of the decision order, after {@link #mayRetry} and any {@code retryIf} allowed
   * a retry: computes the wait (the backoff's random draws happen here and only here), gives up
   * when it would end at or beyond {@code maxDuration}, tells the listeners ({@code onRetry}),
   * waits (no {@link Sleeper} call for 0 ms), and gives up when the wait was interrupted (the
   * interrupt flag set again) or overran {@code maxDuration}.
   *
   * <p>A {@link Sleeper} that throws ends the call with its exception, checked or not: the
   * listeners get {@code onFailure} with it for {@code attempt}, and it is rethrown as it is.
   *
   * @param failure the attempt's failure; null when its result was rejected
   * @return true to make the next attempt, false to give up
   */
  public boolean backOff(int attempt, long startNanos, Throwable failure) {
    if (instantRetry) {
      return true;
    }
    long delayMillis = nextDelay(attempt, startNanos);
    return delayMillis >= 0 && waitBeforeRetry(attempt, startNanos, failure, delayMillis);
  }

  /**
   * {@link #backOff(int, long, Throwable)} with the wait a {@code delayFor} method asked for:
   * {@code requestedMillis} is used as is, without random draws; a negative one means
   * the backoff's formula; one above the backoff's cap is not taken: the call gives up (false,
   * with no {@code onRetry}).
   *
   * @param requestedMillis what {@code delayFor} returned for this failure or result, or -1 when
   *     none of its overloads could take it
   */
  public boolean backOff(int attempt, long startNanos, Throwable failure, long requestedMillis) {
    long delayMillis = nextDelay(attempt, startNanos, requestedMillis);
    return delayMillis >= 0 && waitBeforeRetry(attempt, startNanos, failure, delayMillis);
  }

  /**
   * The wait before the attempt after {@code attempt} when {@code delayFor} asked for {@code
   * requestedMillis}: that, or the formula's for a negative request; -1 when it is above the cap or
   * would end at or beyond {@code maxDuration}.
   */
  long nextDelay(int attempt, long startNanos, long requestedMillis) {
    if (requestedMillis < 0) {
      return nextDelay(attempt, startNanos);
    }
    return requestedMillis > backoff.capMillis()
        ? -1L
        : withinMaxDuration(requestedMillis, startNanos);
  }

  /**
   * The wait before the attempt after {@code attempt}, or -1 when the wait would end at or beyond
   * {@code maxDuration} from {@code startNanos}.
   */
  long nextDelay(int attempt, long startNanos) {
    if (constantDelayMillis >= 0) {
      return constantDelayMillis;
    }
    return withinMaxDuration(backoff.waitMillis(attempt, random), startNanos);
  }

  /**
   * {@code delayMillis}, or -1 when it would end at or beyond {@code maxDuration}: the wait is
   * taken only if {@code elapsed + wait < maxDuration}. With whole milliseconds on the right, that
   * holds in nanoseconds exactly when it holds for the elapsed time truncated to milliseconds, so
   * the comparison needs no nanosecond value that could overflow.
   */
  private long withinMaxDuration(long delayMillis, long startNanos) {
    if (maxDurationMillis > 0 && delayMillis >= maxDurationMillis - elapsedMillis(startNanos)) {
      return -1L;
    }
    return delayMillis;
  }

  /**
   * Tells the listeners about the retry, then waits {@code delayMillis}; see {@link
   * #backOff(int, long, Throwable)}.
   */
  private boolean waitBeforeRetry(
      int attempt, long startNanos, Throwable failure, long delayMillis) {
    retrying(attempt, startNanos, failure, delayMillis);
    if (delayMillis == 0) {
      return true;
    }
    try {
      sleeper.sleep(delayMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (Throwable e) {
      // A checked exception too: a Sleeper written in Kotlin, or with Lombok's @SneakyThrows, can
      // throw one it does not declare, and the call must still end with onFailure.
      failed(attempt, startNanos, e);
      throw Throwables.<RuntimeException>asThrown(e);
    }
    return timeLeft(startNanos);
  }

  /** Tells the listeners that another attempt follows {@code attempt} after {@code delayMillis}. */
  void retrying(int attempt, long startNanos, Throwable failure, long delayMillis) {
    if (listeners != null) {
      dispatch(ON_RETRY, event(attempt, failure, delayMillis, startNanos));
    }
  }

  /**
   * Whether an attempt may start after a wait: a wait may have overrun {@code maxDuration}, and an
   * attempt starts only while less than {@code maxDuration} has elapsed.
   */
  boolean timeLeft(long startNanos) {
    return maxDurationMillis == 0 || elapsedMillis(startNanos) < maxDurationMillis;
  }

  /** Where asynchronous calls schedule their later attempts; null for the runtime's default. */
  ScheduledExecutorService scheduler() {
    return scheduler;
  }

  /**
   * Whole milliseconds since {@code startNanos}; the difference of two ticker readings is right
   * across the ticker's wrap-around, and one that went backwards counts as none.
   */
  private long elapsedMillis(long startNanos) {
    long elapsedNanos = ticker.nanoTime() - startNanos;
    return elapsedNanos > 0 ? elapsedNanos / 1_000_000L : 0L;
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
   * Tells the listeners that the call succeeded on {@code attempt}, leaving the budget alone: for
   * a call completed from outside, which is no outcome of an attempt.
   */
  void announceSuccess(int attempt, long startNanos) {
    if (listeners != null) {
      dispatch(ON_SUCCESS, event(attempt, null, 0L, startNanos));
    }
  }

  /**
   * Tells the listeners that the call gives up after {@code attempt}, before any recovery.
   *
   * @param failure the last failure; null when the last result was rejected
   */
  public void failed(int attempt, long startNanos, Throwable failure) {
    if (listeners != null) {
      dispatch(ON_FAILURE, event(attempt, failure, 0L, startNanos));
    }
  }

  /**
   * Calls every listener; one that throws, whatever it throws, does not change the outcome of the
   * call, nor stop the others.
   */
  private void dispatch(int kind, RetryEvent event) {
    for (RetryListener listener : listeners) {
      try {
        if (kind == ON_RETRY) {
          listener.onRetry(event);
        } else if (kind == ON_SUCCESS) {
          listener.onSuccess(event);
        } else {
          listener.onFailure(event);
        }
      } catch (Throwable ignored) {
        // Errors of the virtual machine too: a listener's StackOverflowError says nothing about
        // the call, and letting it through would replace the call's outcome in a synchronous
        // method, or leave an asynchronous call's future pending for ever.
      }
    }
  }

  private RetryEvent event(int attempt, Throwable failure, long delayMillis, long startNanos) {
    return RetryEvent.of(label, attempt, failure, delayMillis, ticker.nanoTime() - startNanos);
  }

  private static RetryListener[] concat(List<RetryListener> first, RetryListener[] second) {
    int extra = second == null ? 0 : second.length;
    int size = first.size() + extra;
    if (size == 0) {
      return null;
    }
    RetryListener[] all = first.toArray(new RetryListener[size]);
    for (int i = 0; i < extra; i++) {
      if (second[i] == null) {
        throw new NullPointerException("listener " + i + " == null");
      }
      all[first.size() + i] = second[i];
    }
    return all;
  }

  @Override
  public String toString() {
    return "Retrier{" + label + ", maxAttempts=" + maxAttempts + ", " + backoff + "}";
  }
}
