package io.retrygen;

/**
 * Why a retried call gave up: the step that ended it, carried by every {@link
 * RetryListener#onFailure} event as {@link RetryEvent#reason()}.
 *
 * <p>After a failed attempt the call decides in a fixed order and stops at the first step that
 * ends it: the failure is classified, the retry budget (if any) takes a token, then the attempts
 * left, the interrupt flag, {@code retryIf}, the budget's permission, the wait (a {@code delayFor}
 * wait above the cap ends the call) and {@code maxDuration} are checked in turn; then the
 * listeners hear {@code onRetry}, the call waits, and {@code maxDuration} is checked once more
 * before the next attempt. A result that {@code retryOnResult} rejects takes the same steps but
 * classification and {@code retryIf}, and a call that gives up on one has the reason of the step
 * that stopped it.
 */
public enum GiveUpReason {
  /**
   * The failure is not retried: it is not an instance of a {@code retryFor} type, or it is one of
   * a {@code noRetryFor} type, or it is an {@code InterruptedException} that {@code retryFor} does
   * not name itself. The first step; the failure is then recovered or rethrown.
   */
  NOT_RETRYABLE,

  /** The attempt that failed was the last of {@code maxAttempts}. */
  ATTEMPTS_EXHAUSTED,

  /**
   * The calling thread's interrupt flag was set after a failed attempt, or the wait before the
   * next attempt was interrupted: no retry starts while the flag is set, and the flag is left set.
   */
  INTERRUPTED,

  /**
   * The {@code retryIf} method returned false for the failure, or the failure is not of the type
   * it takes.
   */
  RETRY_IF_REJECTED,

  /**
   * The retry budget refused the retry: no more than half of its tokens were left, so retries are
   * throttled across calls until successes refill it.
   */
  BUDGET_EXHAUSTED,

  /**
   * The {@code delayFor} method asked for a wait above the backoff's cap ({@code maxDelay}, or the
   * 30000 ms of an exponential backoff): the callee asked for more patience than the method allows.
   */
  WAIT_ABOVE_CAP,

  /**
   * {@code maxDuration} ran out: the wait would have ended at or beyond it ({@code elapsed + wait
   * >= maxDuration}), or the wait overran it, so the next attempt could not start in time.
   */
  DURATION_EXHAUSTED,

  /**
   * The call was cancelled: the attempt failed with a {@code CancellationException} that {@code
   * retryFor} does not name itself, or the caller cancelled the call's future (or completed it
   * exceptionally from outside, as {@code orTimeout} does). Neither retried nor recovered; the
   * exception propagates as it is.
   */
  CANCELLED,

  /**
   * User code the call depends on threw: a {@code retryIf}, {@code retryOnResult} or {@code
   * delayFor} method, the {@code Sleeper}, another seam of the options ({@code RandomSource},
   * {@code Ticker}), or the options' scheduler, which refused a wait or dropped it (shut down). The
   * call ends at once with that exception, not retried and not recovered, and {@link
   * RetryEvent#failure()} is that exception.
   */
  USER_CODE_FAILED
}
