package io.retrygen.kotlin

import io.retrygen.GiveUpReason
import io.retrygen.runtime.internal.CircuitBreakerGate
import io.retrygen.runtime.internal.DecisionOrder
import io.retrygen.runtime.internal.Retrier
import io.retrygen.runtime.internal.RetryHooks
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.delay
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.isActive

// The steps after an attempt, shared by SuspendCall and FlowCall: the runtime's decision order
// decides (the same steps, in the same order, as for a synchronous call); these functions only
// tell the listeners and wait, with delay(), so that a cancelled coroutine stops at once and a
// TestDispatcher skips the wait in virtual time.

/** Whether the coroutine that runs the call has been cancelled. */
internal suspend fun callCancelled(): Boolean = !currentCoroutineContext().isActive

/**
 * After [attempt] failed with [failure] (thrown while the call was [cancelled] or not): null once
 * the wait is over and the next attempt may start, else the reason the call gives up. With a
 * retrier, as [retryAfterFailure] says; without one (a breaker alone) the call gives up at once,
 * as [GiveUpReason.CANCELLED] for a cancellation (never recovered), else to be recovered.
 */
internal suspend fun Retrier?.afterFailedAttempt(
    attempt: Int,
    startNanos: Long,
    failure: Throwable,
    retryable: Boolean,
    hooks: RetryHooks<*>,
    cancelled: Boolean,
): GiveUpReason? =
    when {
        this != null -> retryAfterFailure(attempt, startNanos, failure, retryable, hooks)
        cancelled || failure is CancellationException -> GiveUpReason.CANCELLED
        else -> GiveUpReason.NOT_RETRYABLE
    }

/**
 * What a call that gave up as [GiveUpReason.CANCELLED] after [failure] throws: [failure] when it
 * is a [CancellationException]; else the cancellation of the calling coroutine, which an attempt
 * turned into a failure of its own (a closed socket's `IOException`, say), so that the caller still
 * sees its call cancelled rather than failed.
 */
internal suspend fun cancellation(failure: Throwable): Throwable {
    if (failure !is CancellationException) {
        currentCoroutineContext().ensureActive()
    }
    return failure
}

/**
 * After [attempt] failed with [failure], which step 1 classified as [retryable]: steps 2 to 10.
 * Returns null once the wait is over and the next attempt may start; else the reason the call
 * gave up, the listeners told. A cancelled call gives up as [GiveUpReason.CANCELLED], also when
 * the cancellation comes during the wait (then the [CancellationException] is thrown, after the
 * listeners were told). User code that throws (`retryIf`, `delayFor`) ends the call with what it
 * threw, after `onFailure` with [GiveUpReason.USER_CODE_FAILED].
 */
private suspend fun Retrier.retryAfterFailure(
    attempt: Int,
    startNanos: Long,
    failure: Throwable,
    retryable: Boolean,
    hooks: RetryHooks<*>,
): GiveUpReason? {
    if (callCancelled()) {
        gaveUp(attempt, startNanos, failure, GiveUpReason.CANCELLED)
        return GiveUpReason.CANCELLED
    }
    val decision =
        try {
            decide(attempt, startNanos, failure, retryable, hooks)
        } catch (thrown: Throwable) {
            userCodeFailed(attempt, startNanos, thrown)
            throw thrown
        }
    return waitOrGiveUp(attempt, startNanos, failure, decision)
}

/**
 * After [attempt] returned a [result] that `retryOnResult` rejected: steps 2 to 10 of a result.
 * Returns null once the wait is over; else the reason the call gave up (the caller then returns
 * the last result). A call cancelled during the attempt (which returned all the same, without
 * suspending) gives up at once as [GiveUpReason.CANCELLED], as after a failure: the listeners
 * told, the [CancellationException] is thrown (no retry to announce, no rejected result to return).
 */
internal suspend fun <T> Retrier.retryAfterResult(
    attempt: Int,
    startNanos: Long,
    result: T,
    hooks: RetryHooks<in T>,
): GiveUpReason? {
    if (callCancelled()) {
        gaveUp(attempt, startNanos, null, GiveUpReason.CANCELLED)
        currentCoroutineContext().ensureActive() // throws the cancellation
    }
    val decision =
        try {
            decideOnResult(attempt, startNanos, result, hooks)
        } catch (thrown: Throwable) {
            userCodeFailed(attempt, startNanos, thrown)
            throw thrown
        }
    return waitOrGiveUp(attempt, startNanos, null, decision)
}

/** Step 9 in a coroutine: `onRetry`, then `delay`; after it, `maxDuration` again. */
private suspend fun Retrier.waitOrGiveUp(
    attempt: Int,
    startNanos: Long,
    failure: Throwable?,
    decision: Long,
): GiveUpReason? {
    if (!DecisionOrder.retries(decision)) {
        val reason = DecisionOrder.reason(decision)
        gaveUp(attempt, startNanos, failure, reason)
        return reason
    }
    retrying(attempt, startNanos, failure, decision)
    try {
        if (decision > 0L) {
            delay(decision)
        } else {
            currentCoroutineContext().ensureActive() // no attempt starts once the call is cancelled
        }
    } catch (cancelled: CancellationException) {
        gaveUp(attempt, startNanos, failure, GiveUpReason.CANCELLED)
        throw cancelled
    }
    if (!timeLeft(startNanos)) {
        gaveUp(attempt, startNanos, failure, GiveUpReason.DURATION_EXHAUSTED)
        return GiveUpReason.DURATION_EXHAUSTED
    }
    return null
}

/**
 * Records the outcome of the attempt that took [permit] (none: [CircuitBreakerGate.NO_PERMIT]):
 * a success, a failure as [countsAsFailure] says, or, when the call was cancelled during the
 * attempt, nothing (the permit given back: an abandoned attempt says nothing about the
 * dependency).
 */
internal fun CircuitBreakerGate.settle(permit: Long, countsAsFailure: Boolean, cancelled: Boolean) {
    when {
        permit == CircuitBreakerGate.NO_PERMIT -> return
        cancelled -> release(permit)
        countsAsFailure -> onFailure(permit)
        else -> onSuccess(permit)
    }
}
