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

// The steps after an attempt, shared by SuspendCall and FlowCall. The runtime's decision order
// decides (the same steps, in the same order, as for a synchronous call), as a `long`: a wait in
// ms, or a negative code for the reason to give up (DecisionOrder.retries, DecisionOrder.reason).
// These functions tell the listeners and wait, with delay(), so that a cancelled coroutine stops
// at once and a TestDispatcher skips the wait in virtual time. Only the wait itself is a suspend
// function that is not inline: every call of one allocates its coroutine frame, even when it does
// not suspend, and a retry without wait must cost no more than the decision.

/** Whether the coroutine that runs the call has been cancelled. */
internal suspend inline fun callCancelled(): Boolean = !currentCoroutineContext().isActive

/**
 * After [attempt] failed with [failure] (thrown while the call was [cancelled] or not): the wait
 * before the next attempt, `onRetry` told, or the code of the reason the call gives up, `onFailure`
 * told. A cancelled call gives up as [GiveUpReason.CANCELLED]; without a retrier (a breaker alone)
 * the call gives up at once: as [GiveUpReason.CANCELLED] for a cancellation (never recovered), else
 * to be recovered. User code that throws (`retryIf`, `delayFor`) ends the call with what it threw,
 * after `onFailure` with [GiveUpReason.USER_CODE_FAILED].
 */
internal fun Retrier?.decideAfterFailure(
    attempt: Int,
    startNanos: Long,
    failure: Throwable,
    retryable: Boolean,
    hooks: RetryHooks<*>,
    cancelled: Boolean,
): Long {
    if (this == null) {
        val cancellation = cancelled || failure is CancellationException
        return DecisionOrder.giveUp(
            if (cancellation) GiveUpReason.CANCELLED else GiveUpReason.NOT_RETRYABLE)
    }
    if (cancelled) {
        gaveUp(attempt, startNanos, failure, GiveUpReason.CANCELLED)
        return DecisionOrder.giveUp(GiveUpReason.CANCELLED)
    }
    val decision =
        try {
            decide(attempt, startNanos, failure, retryable, hooks)
        } catch (thrown: Throwable) {
            userCodeFailed(attempt, startNanos, thrown)
            throw thrown
        }
    return announce(attempt, startNanos, failure, decision)
}

/**
 * After [attempt] returned a [result] that `retryOnResult` rejected: as [decideAfterFailure], for
 * steps 2 to 9 of a result (giving up, the caller returns the last result). A call cancelled during
 * the attempt (which returned all the same, without suspending) gives up at once as
 * [GiveUpReason.CANCELLED], as after a failure: no retry to announce, no rejected result to return.
 */
internal fun <T> Retrier.decideAfterResult(
    attempt: Int,
    startNanos: Long,
    result: T,
    hooks: RetryHooks<in T>,
    cancelled: Boolean,
): Long {
    if (cancelled) {
        gaveUp(attempt, startNanos, null, GiveUpReason.CANCELLED)
        return DecisionOrder.giveUp(GiveUpReason.CANCELLED)
    }
    val decision =
        try {
            decideOnResult(attempt, startNanos, result, hooks)
        } catch (thrown: Throwable) {
            userCodeFailed(attempt, startNanos, thrown)
            throw thrown
        }
    return announce(attempt, startNanos, null, decision)
}

/** Tells the listeners what [decision] says: `onRetry`, or `onFailure` with its reason. */
private fun Retrier.announce(
    attempt: Int,
    startNanos: Long,
    failure: Throwable?,
    decision: Long,
): Long {
    if (DecisionOrder.retries(decision)) {
        retrying(attempt, startNanos, failure, decision)
    } else {
        gaveUp(attempt, startNanos, failure, DecisionOrder.reason(decision))
    }
    return decision
}

/**
 * Step 9 after `onRetry`: waits [wait] ms with `delay`, then checks `maxDuration` again. Returns
 * [wait] when the next attempt may start, else the code of the reason the call gave up, the
 * listeners told. No attempt starts once the call is cancelled, even without a wait; a call
 * cancelled during the wait gives up as [GiveUpReason.CANCELLED] (and, during a `delay`, throws
 * its [CancellationException], after the listeners were told).
 */
internal suspend inline fun Retrier.waitBeforeRetry(
    attempt: Int,
    startNanos: Long,
    failure: Throwable?,
    wait: Long,
): Long =
    when {
        wait > 0L -> sleep(attempt, startNanos, failure, wait)
        callCancelled() -> {
            gaveUp(attempt, startNanos, failure, GiveUpReason.CANCELLED)
            DecisionOrder.giveUp(GiveUpReason.CANCELLED)
        }
        else -> wait
    }

/** The wait of [waitBeforeRetry], when there is one. */
internal suspend fun Retrier.sleep(
    attempt: Int,
    startNanos: Long,
    failure: Throwable?,
    wait: Long,
): Long {
    try {
        delay(wait)
    } catch (cancelled: CancellationException) {
        gaveUp(attempt, startNanos, failure, GiveUpReason.CANCELLED)
        throw cancelled
    }
    if (!timeLeft(startNanos)) {
        gaveUp(attempt, startNanos, failure, GiveUpReason.DURATION_EXHAUSTED)
        return DecisionOrder.giveUp(GiveUpReason.DURATION_EXHAUSTED)
    }
    return wait
}

/**
 * What a call that gave up as [GiveUpReason.CANCELLED] after [failure] throws: [failure] when it
 * is a [CancellationException]; else the cancellation of the calling coroutine, which an attempt
 * turned into a failure of its own (a closed socket's `IOException`, say), so that the caller still
 * sees its call cancelled rather than failed.
 */
internal suspend inline fun cancellation(failure: Throwable): Throwable {
    if (failure !is CancellationException) {
        currentCoroutineContext().ensureActive()
    }
    return failure
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
