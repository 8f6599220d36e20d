package io.retrygen.runtime.internal;

import io.retrygen.GiveUpReason;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RandomSource;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Ticker;
import java.util.concurrent.CancellationException;

/**
 * Not API. The decision after a failed attempt, in the one order every driver follows (the
 * generated synchronous loop through its {@link Retrier}, {@link AsyncCall}, the templates, and any
 * driver to come), stopping at the first step that ends the call:
 *
 * <ol>
 *   <li>classification (done by the caller, at compile time where it can be: {@code retryFor},
 *       {@code noRetryFor}, the interruption rule): not retryable gives up, {@link
 *       GiveUpReason#CANCELLED} for a {@link CancellationException} the policy does not retry,
 *       else {@link GiveUpReason#NOT_RETRYABLE} (and the budget gets its ratio back);
 *   <li>the retry budget, if any, takes a token;
 *   <li>no attempt left: {@link GiveUpReason#ATTEMPTS_EXHAUSTED};
 *   <li>the thread's interrupt flag is set: {@link GiveUpReason#INTERRUPTED};
 *   <li>{@code retryIf} says no: {@link GiveUpReason#RETRY_IF_REJECTED};
 *   <li>the budget refuses the retry: {@link GiveUpReason#BUDGET_EXHAUSTED};
 *   <li>the wait: {@code delayFor}, else the formula (its random draws happen here and only here);
 *       a {@code delayFor} wait above the cap: {@link GiveUpReason#WAIT_ABOVE_CAP};
 *   <li>{@code elapsed + wait >= maxDuration}: {@link GiveUpReason#DURATION_EXHAUSTED};
 *   <li>then the driver tells {@code onRetry} and waits (sleeps, or schedules), and asks {@link
 *       #timeLeft} after the wait: {@link GiveUpReason#DURATION_EXHAUSTED} when it overran;
 *   <li>the next attempt.
 * </ol>
 *
 * A result that {@code retryOnResult} rejected takes steps 2, 3, 4, 6 to 10 ({@link #afterResult}).
 *
 * <p>A decision is one {@code long}, so that deciding allocates nothing: a wait in milliseconds
 * ({@code >= 0}) before the next attempt, or a negative code for the reason to give up ({@link
 * #retries}, {@link #reason}). A hook that throws ends the decision with its exception, which the
 * driver reports as {@link GiveUpReason#USER_CODE_FAILED}.
 *
 * <p>Immutable and thread-safe; one per {@link Retrier}, made from the policy and the options.
 */
public final class DecisionOrder {
  private static final GiveUpReason[] REASONS = GiveUpReason.values();
  static final long NOT_RETRYABLE = code(GiveUpReason.NOT_RETRYABLE);
  static final long ATTEMPTS_EXHAUSTED = code(GiveUpReason.ATTEMPTS_EXHAUSTED);
  static final long INTERRUPTED = code(GiveUpReason.INTERRUPTED);
  static final long RETRY_IF_REJECTED = code(GiveUpReason.RETRY_IF_REJECTED);
  static final long BUDGET_EXHAUSTED = code(GiveUpReason.BUDGET_EXHAUSTED);
  static final long WAIT_ABOVE_CAP = code(GiveUpReason.WAIT_ABOVE_CAP);
  static final long DURATION_EXHAUSTED = code(GiveUpReason.DURATION_EXHAUSTED);
  static final long CANCELLED = code(GiveUpReason.CANCELLED);

  private final int maxAttempts;
  /** 0 for none. Kept in ms: in nanoseconds it would not fit near {@code Long.MAX_VALUE}. */
  private final long maxDurationMillis;
  private final BackoffPolicy backoff;
  /** The backoff's wait when it never varies, else -1: then no retry computes one. */
  private final long constantWaitMillis;
  private final long capMillis;
  private final RandomSource random;
  private final Ticker ticker;
  /** The retry budget; null for none. */
  private final TokenBucket budget;
  /** Whether {@code retryFor} names {@code CancellationException} itself. */
  private final boolean retriesCancellation;
  /**
   * Whether a retryable failure is retried at once whenever an attempt is left and the thread is
   * not interrupted, with no hooks: a constant wait of 0 ms, no budget, no {@code maxDuration}.
   * Then steps 2 to 8 are one test, and the loop's failure path reads no clock.
   */
  private final boolean instant;

  DecisionOrder(RetryPolicy policy, RetryOptions options) {
    this.maxAttempts = policy.maxAttempts();
    this.maxDurationMillis = policy.maxDurationMillis();
    this.backoff = policy.backoff();
    this.constantWaitMillis = backoff.constantWaitMillis();
    this.capMillis = backoff.capMillis();
    this.random = options.random();
    this.ticker = options.ticker();
    this.budget = policy.budget();
    this.retriesCancellation = policy.retriesCancellation();
    this.instant = constantWaitMillis == 0 && budget == null && maxDurationMillis == 0;
  }

  /** Whether {@code decision} is a wait before the next attempt, rather than a reason to stop. */
  public static boolean retries(long decision) {
    return decision >= 0;
  }

  /** Why the call gives up, for a {@code decision} that does not {@linkplain #retries retry}. */
  public static GiveUpReason reason(long decision) {
    return REASONS[(int) (-1L - decision)];
  }

  /** The decision that gives up for {@code reason}: for drivers that decide some cases alone. */
  public static long giveUp(GiveUpReason reason) {
    return code(reason);
  }

  private static long code(GiveUpReason reason) {
    return -1L - reason.ordinal();
  }

  /**
   * Steps 3 and 4: whether another attempt may follow {@code attempt}: it was not the last of
   * {@code maxAttempts}, and the calling thread's interrupt flag is not set. Reads no clock.
   */
  static boolean mayRetry(int attempt, int maxAttempts) {
    return attempt < maxAttempts && !Thread.currentThread().isInterrupted();
  }

  /**
   * Whether a retryable failure is retried at once whenever {@link #mayRetry} says an attempt may
   * follow, when no hooks are asked: then the decision is steps 3 and 4 alone.
   */
  boolean instant() {
    return instant;
  }

  /** Total attempts, the first included. */
  int maxAttempts() {
    return maxAttempts;
  }

  /**
   * Steps 1 to 8 after an attempt failed with {@code failure}: the wait before the next attempt,
   * or the reason to give up. Never waits; draws from the options' random source only for a
   * formula wait that varies; reads the ticker only for {@code maxDuration}.
   *
   * @param retryable step 1, classified by the caller
   * @param hooks the user code of steps 5 and 7; null for none
   * @throws Throwable what a hook (or the random source) threw: the call ends with it
   */
  long afterFailure(
      int attempt, long startNanos, Throwable failure, boolean retryable, RetryHooks<?> hooks)
      throws Throwable {
    if (!retryable) {
      refund();
      return failure instanceof CancellationException && !retriesCancellation
          ? CANCELLED
          : NOT_RETRYABLE;
    }
    if (instant && hooks == null && mayRetry(attempt, maxAttempts)) {
      return 0L; // steps 2 and 5 to 8 have nothing to do: no budget, hooks, wait or time limit
    }
    takeToken();
    if (attempt >= maxAttempts) {
      return ATTEMPTS_EXHAUSTED;
    }
    if (Thread.currentThread().isInterrupted()) {
      return INTERRUPTED;
    }
    if (hooks != null && !hooks.retryIf(failure)) {
      return RETRY_IF_REJECTED;
    }
    if (budget != null && !budget.allowsRetry()) {
      return BUDGET_EXHAUSTED;
    }
    return waitFor(attempt, startNanos, hooks == null ? -1L : hooks.delayFor(failure));
  }

  /**
   * Steps 2, 3, 4, 6, 7 and 8 after {@code retryOnResult} rejected {@code result}: the wait
   * before the next attempt, or the reason to give up (the last result then stands).
   *
   * @param hooks the user code of step 7; null for none
   * @throws Throwable what {@code delayFor} (or the random source) threw
   */
  <T> long afterResult(int attempt, long startNanos, T result, RetryHooks<? super T> hooks)
      throws Throwable {
    takeToken();
    if (attempt >= maxAttempts) {
      return ATTEMPTS_EXHAUSTED;
    }
    if (Thread.currentThread().isInterrupted()) {
      return INTERRUPTED;
    }
    if (budget != null && !budget.allowsRetry()) {
      return BUDGET_EXHAUSTED;
    }
    return waitFor(attempt, startNanos, hooks == null ? -1L : hooks.delayForResult(result));
  }

  /**
   * Steps 7 and 8: the wait {@code delayFor} asked for ({@code requestedMillis}, used as is, no
   * draws), or for a negative request the formula's for retry number {@code attempt}; then whether
   * it ends before {@code maxDuration}. The wait is taken only if {@code elapsed + wait <
   * maxDuration}: with whole milliseconds on the right, that holds in nanoseconds exactly when it
   * holds for the elapsed time truncated to milliseconds, so no nanosecond value can overflow.
   */
  private long waitFor(int attempt, long startNanos, long requestedMillis) {
    long waitMillis;
    if (requestedMillis >= 0) {
      if (requestedMillis > capMillis) {
        return WAIT_ABOVE_CAP;
      }
      waitMillis = requestedMillis;
    } else if (constantWaitMillis >= 0) {
      waitMillis = constantWaitMillis;
    } else {
      waitMillis = backoff.waitMillis(attempt, random);
    }
    if (maxDurationMillis > 0 && waitMillis >= maxDurationMillis - elapsedMillis(startNanos)) {
      return DURATION_EXHAUSTED;
    }
    return waitMillis;
  }

  /**
   * Step 9's check after a wait: whether the next attempt may start, since a wait may have overran
   * {@code maxDuration} and an attempt starts only while less than it has elapsed.
   */
  boolean timeLeft(long startNanos) {
    return maxDurationMillis == 0 || elapsedMillis(startNanos) < maxDurationMillis;
  }

  /** Whether the call needs the ticker for itself: {@code maxDuration} is set. */
  boolean timed() {
    return maxDurationMillis > 0;
  }

  /**
   * The retry budget that a success gives its {@code tokenRatio} back to, null for none: the
   * drivers refill it themselves, since a success is no decision.
   */
  TokenBucket budget() {
    return budget;
  }

  private void takeToken() {
    if (budget != null) {
      budget.take();
    }
  }

  /** Not retryable: as any outcome that is no retryable failure, {@code tokenRatio} back. */
  private void refund() {
    if (budget != null) {
      budget.giveBack();
    }
  }

  /**
   * Whole milliseconds since {@code startNanos}; the difference of two ticker readings is right
   * across the ticker's wrap-around, and one that went backwards counts as none.
   */
  private long elapsedMillis(long startNanos) {
    long elapsedNanos = ticker.nanoTime() - startNanos;
    return elapsedNanos > 0 ? elapsedNanos / 1_000_000L : 0L;
  }

  @Override
  public String toString() {
    return "maxAttempts=" + maxAttempts + (maxDurationMillis > 0
        ? ", maxDuration=" + maxDurationMillis : "") + ", " + backoff
        + (budget == null ? "" : ", " + budget);
  }
}
