package io.retrygen.kotlin

import io.retrygen.GiveUpReason
import io.retrygen.runtime.internal.AttemptTimer
import io.retrygen.runtime.internal.CircuitBreakerGate
import io.retrygen.runtime.internal.DecisionOrder
import io.retrygen.runtime.internal.Retrier
import io.retrygen.runtime.internal.RetryHooks
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.FlowCollector
import kotlinx.coroutines.flow.emitAll
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.isActive
import kotlinx.coroutines.withTimeoutOrNull

/**
 * Not API. A guarded function returning a [Flow]: the generated Java class returns
 *
 * ```java
 * return new FlowCall<Quote>(this.quotesRetrier, null) {
 *   @Override
 *   protected Flow<Quote> call() {
 *     return FeedRetrying.this.delegate.quotes(symbol);
 *   }
 *   ...
 * }.flow();
 * ```
 *
 * a cold flow: nothing happens until it is collected, and each collection is one call of the
 * retry loop. Attempt 1 calls the function and collects what it returns into the collector; a
 * failure (a throw from the function or from the flow it returned) is classified and decided as
 * for a synchronous call, and after the wait ([kotlinx.coroutines.delay]) the function is called
 * again and its flow collected from the start, so elements emitted before the failure are emitted
 * again, as with `Flow.retry`. `retryOnResult` does not apply. The breaker records each attempt
 * when its collection ends.
 *
 * What the collector itself throws is never retried nor recovered: it ends the collection as it
 * is. A collector that stops early (`first()`, `take(n)`) ends the call as a success; a cancelled
 * collection ends it with `onFailure` and [GiveUpReason.CANCELLED], as for `suspend` functions
 * ([SuspendCall]); any other exception from the collector with [GiveUpReason.USER_CODE_FAILED].
 *
 * Under `@Timeout` each attempt's collection runs within `withTimeoutOrNull`: one still running
 * at the limit is cancelled and fails with an `AttemptTimeoutException`, retried from the start
 * like any failure.
 *
 * @param T the flow's elements
 */
public abstract class FlowCall<T>
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

    /** Makes one attempt: calls the guarded function for the flow to collect. */
    @Throws(Throwable::class) protected abstract fun call(): Flow<T>

    /** Step 1: whether [failure] may be retried. The default retries nothing. */
    protected open fun retryable(failure: Throwable): Boolean = false

    /** Whether [failure] counts as a breaker failure (`failOn`, `skipOn`). */
    protected open fun breakerFailure(failure: Throwable): Boolean = false

    /**
     * The recovery after the call gave up with [failure]: the flow to collect instead, or
     * [failure] thrown again (the default) when no recover function applies.
     */
    @Throws(Throwable::class)
    protected open fun recover(failure: Throwable): Flow<T> = throw failure

    /** The cold flow the generated function returns. */
    public fun flow(): Flow<T> = flow { collectRetrying(this) }

    private suspend fun collectRetrying(collector: FlowCollector<T>) {
        val retrier = retrier
        val breaker = breaker
        val startNanos = retrier?.start() ?: 0L
        var attempt = 1
        while (true) {
            var permit = CircuitBreakerGate.NO_PERMIT
            val downstream = DownstreamFailure(collector)
            try {
                if (breaker != null) {
                    permit = breaker.acquire()
                }
                if (timer == null) {
                    call().collect(downstream)
                } else {
                    timedCollect(timer, downstream)
                }
            } catch (failure: Throwable) {
                val cancelled = callCancelled()
                val thrown = downstream.thrown
                // The collector's own exception, or its copy when the coroutines' debug mode
                // recovered its stack trace across withTimeoutOrNull: the original is rethrown.
                if (thrown != null && (failure === thrown || failure.cause === thrown)) {
                    collectorFailed(
                        retrier, breaker, permit, attempt, startNanos, thrown, cancelled)
                    throw thrown
                }
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
                collector.emitAll(recover(failure))
                return
            }
            breaker?.settle(permit, countsAsFailure = false, cancelled = false)
            retrier?.succeeded(attempt, startNanos)
            return
        }
    }

    /**
     * One attempt under `@Timeout`: the collection of [call]'s flow within [withTimeoutOrNull],
     * whose own timeout fails the attempt with [AttemptTimer.timeout], the collector's coroutine
     * still active. The limit covers the whole collection, the collector's time included.
     */
    private suspend fun timedCollect(timer: AttemptTimer, downstream: FlowCollector<T>) {
        // As in SuspendCall: the failure comes out as a value, so that it is not replaced by a
        // copy with a recovered stack trace on its way out of withTimeoutOrNull.
        var ending: Throwable? = null // what the collection threw as its scope was ending
        val failure =
            try {
                withTimeoutOrNull(timer.millis()) {
                    try {
                        call().collect(downstream)
                        Collected(null)
                    } catch (thrown: Throwable) {
                        if (!isActive) {
                            ending = thrown // our timeout, or the caller's cancellation
                            throw thrown
                        }
                        Collected(thrown) // the attempt's own or the collector's (first())
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
        if (failure == null) {
            throw timer.timeout()
        }
        failure.thrown?.let { throw it }
    }

    /** How a collection under `@Timeout` ended inside `withTimeoutOrNull`: what it threw, if anything. */
    private class Collected(val thrown: Throwable?)

    /**
     * The collector threw [failure] from `emit`: the call ends as the collector decided. A
     * collector that stopped early (`first()`) got what it wanted from the dependency, a success
     * for the breaker too: left unrecorded, a breaker whose callers all use `first()` would count
     * only failures, and never close from half-open. Anything else the collector threw says
     * nothing about the dependency, so the permit goes back unrecorded.
     */
    private fun collectorFailed(
        retrier: Retrier?,
        breaker: CircuitBreakerGate?,
        permit: Long,
        attempt: Int,
        startNanos: Long,
        failure: Throwable,
        cancelled: Boolean,
    ) {
        val stoppedEarly = !cancelled && failure is CancellationException
        breaker?.settle(permit, countsAsFailure = false, cancelled = !stoppedEarly)
        when {
            retrier == null -> return
            stoppedEarly -> retrier.succeeded(attempt, startNanos)
            cancelled -> retrier.gaveUp(attempt, startNanos, failure, GiveUpReason.CANCELLED)
            else -> retrier.gaveUp(attempt, startNanos, failure, GiveUpReason.USER_CODE_FAILED)
        }
    }

    /** Passes each element on, remembering what the downstream collector threw. */
    private class DownstreamFailure<T>(private val collector: FlowCollector<T>) : FlowCollector<T> {
        var thrown: Throwable? = null

        override suspend fun emit(value: T) {
            try {
                collector.emit(value)
            } catch (failure: Throwable) {
                thrown = failure
                throw failure
            }
        }
    }
}
