package io.retrygen.kotlin

import io.retrygen.GiveUpReason
import io.retrygen.runtime.internal.AttemptTimer
import io.retrygen.runtime.internal.CircuitBreakerGate
import io.retrygen.runtime.internal.DecisionOrder
import io.retrygen.runtime.internal.Retrier
import io.retrygen.runtime.internal.RetryHooks
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.isActive
import kotlinx.coroutines.withTimeoutOrNull

/**
 * Not API. One call of a guarded `suspend` function: the retry loop, run in the caller's
 * coroutine. Only generated code uses this class: for a function that kapt shows as
 * `Object fetch(String id, Continuation<? super String> $completion)`, the generated Java class
 * returns
 *
 * ```java
 * return new SuspendCall<String>(this.fetchRetrier, this.fetchBreaker) {
 *   @Override
 *   protected Object call(Continuation<? super String> continuation) {
 *     return ClientRetrying.this.delegate.fetch(id, continuation);
 *   }
 *
 *   @Override
 *   protected boolean retryable(Throwable failure) {
 *     return failure instanceof IOException;
 *   }
 * }.run($completion);
 * ```
 *
 * whose body says how to make one attempt ([call]), which failures are retried ([retryable]) or
 * count for the breaker ([breakerFailure]), how to recover ([recover], a `suspend` function or a
 * plain one behind it), and the user's `retryIf`, `retryOnResult` and `delayFor`, the
 * [RetryHooks] this call is.
 *
 * After a failed attempt the runtime's decision order decides, exactly as for a synchronous
 * call; the wait is [kotlinx.coroutines.delay], so no thread is blocked, `runTest` skips it in
 * virtual time, and cancelling the calling coroutine ends the call at once, during an attempt or a
 * wait: no further attempt, no recovery, the [CancellationException] propagates, and the listeners
 * hear `onFailure` with [GiveUpReason.CANCELLED]. `maxDuration`, the events' times and the
 * breaker read the options' `Ticker`; the options' `Sleeper` and scheduler are not used.
 *
 * Under `@Timeout` each attempt runs within `withTimeoutOrNull` (virtual under `runTest`): an
 * attempt still running at the limit is cancelled and fails with an `AttemptTimeoutException`,
 * which the breaker and the decision order take like any failure, the caller's coroutine still
 * active; a cancellation of the caller still ends the call as cancelled.
 *
 * Allocation: this object and the coroutine frame of [run], per call.
 *
 * @param T the value the function returns
 */
public abstract class SuspendCall<T>
protected constructor(
    /** The method's retrier; null when it has only a circuit breaker. */
    private val retrier: Retrier?,
    /** The method's circuit breaker; null when it has none. */
    private val breaker: CircuitBreakerGate?,
    /** The method's `@Timeout`; null when it has none. */
    private val timer: AttemptTimer?,
) : RetryHooks<T>() {
    /** Without `@Timeout`: as generated for a method that has none. */
    protected constructor(
        retrier: Retrier?,
        breaker: CircuitBreakerGate?,
    ) : this(retrier, breaker, null)

    /** Makes one attempt: calls the guarded function. */
    @Throws(Throwable::class) protected abstract suspend fun call(): T

    /**
     * Step 1: whether [failure] may be retried (`retryFor`, `noRetryFor`, interruption,
     * cancellation). Only asked when the function has a retrier; the default retries nothing.
     */
    protected open fun retryable(failure: Throwable): Boolean = false

    /** Whether [failure] counts as a breaker failure (`failOn`, `skipOn`). */
    protected open fun breakerFailure(failure: Throwable): Boolean = false

    /**
     * The recovery after the call gave up with [failure]: what the call returns instead, or
     * [failure] thrown again (the default) when no recover function applies.
     */
    @Throws(Throwable::class)
    protected open suspend fun recover(failure: Throwable): T = throw failure

    /**
     * One attempt under `@Timeout`: [call] within [withTimeoutOrNull], whose own timeout (never one
     * of the function's, nor a cancellation of the caller, which propagate) fails the attempt with
     * [AttemptTimer.timeout], the caller's coroutine still active.
     */
    private suspend fun timedCall(timer: AttemptTimer): T {
        // The attempt's failure comes out of withTimeoutOrNull as a value: thrown across it,
        // kotlinx's stack-trace recovery (on with -ea and in debug mode) would hand on a copy, and
        // listeners, predicates, recovery and the caller must see the instance thrown.
        var ending: Throwable? = null // what the attempt threw as its scope was ending
        val outcome =
            try {
                withTimeoutOrNull(timer.millis()) {
                    try {
                        Outcome(call(), null)
                    } catch (failure: Throwable) {
                        if (!isActive) {
                            ending = failure // our timeout, or the caller's cancellation
                            throw failure
                        }
                        Outcome(null, failure) // the attempt's own, a CancellationException too
                    }
                }
            } catch (rethrown: Throwable) {
                val thrown = ending ?: throw rethrown
                if (thrown is CancellationException) {
                    // The caller is being cancelled: its own exception, as a suspended attempt is
                    // resumed with it when there is no timer.
                    currentCoroutineContext().ensureActive()
                }
                throw thrown // the instance thrown, not withTimeoutOrNull's copy
            }
        if (outcome == null) {
            throw timer.timeout()
        }
        outcome.failure?.let { throw it }
        @Suppress("UNCHECKED_CAST") // no failure: the value call() returned
        return outcome.value as T
    }

    /** Runs the call in the calling coroutine. Called once, by the generated function. */
    public suspend fun run(): T {
        val retrier = retrier
        val breaker = breaker
        val startNanos = retrier?.start() ?: 0L
        var attempt = 1
        while (true) {
            var permit = CircuitBreakerGate.NO_PERMIT
            val result: T
            try {
                if (breaker != null) {
                    permit = breaker.acquire()
                }
                result = if (timer == null) call() else timedCall(timer)
            } catch (failure: Throwable) {
                // Written out here and in FlowCall: shared as an inline function, its parameters
                // became fields of run's coroutine frame, 40 B more per call (JMH -prof gc).
                val cancelled = callCancelled()
                breaker?.settle(permit, breakerFailure(failure), cancelled)
                var decision =
                    retrier.decideAfterFailure(
                        attempt, startNanos, failure, retryable(failure), this, cancelled)
                if (retrier != null && DecisionOrder.retries(decision)) {
                    decision = retrier.waitBeforeRetry(attempt, startNanos, failure, decision)
                }
                if (DecisionOrder.retries(decision)) {
                    attempt++
                    continue
                }
                if (DecisionOrder.reason(decision) == GiveUpReason.CANCELLED) {
                    throw cancellation(failure) // never recovered
                }
                return recover(failure)
            }
            breaker?.settle(permit, countsAsFailure = false, cancelled = false)
            if (retrier == null) {
                return result
            }
            val rejected =
                try {
                    rejects(result)
                } catch (thrown: Throwable) {
                    retrier.userCodeFailed(attempt, startNanos, thrown)
                    throw thrown
                }
            if (!rejected) {
                retrier.succeeded(attempt, startNanos)
                return result
            }
            var decision =
                retrier.decideAfterResult(attempt, startNanos, result, this, callCancelled())
            if (DecisionOrder.retries(decision)) {
                decision = retrier.waitBeforeRetry(attempt, startNanos, null, decision)
            }
            if (!DecisionOrder.retries(decision)) {
                if (DecisionOrder.reason(decision) == GiveUpReason.CANCELLED) {
                    currentCoroutineContext().ensureActive() // a cancelled call returns no result
                }
                return result // gave up: the last result, with no recovery
            }
            attempt++
        }
    }
}

/**
 * What an attempt under `@Timeout` ended with inside `withTimeoutOrNull`: its value (possibly
 * null, told apart from the timeout's null), or the [failure] it threw.
 */
internal class Outcome<T>(val value: T?, val failure: Throwable?)
