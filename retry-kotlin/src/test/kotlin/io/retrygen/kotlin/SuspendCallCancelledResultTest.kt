package io.retrygen.kotlin

import io.retrygen.RetryEvent
import io.retrygen.RetryListener
import io.retrygen.runtime.BackoffPolicy
import io.retrygen.runtime.RetryOptions
import io.retrygen.runtime.internal.RetryPolicy
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.job
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * A call whose coroutine is cancelled during an attempt that does not suspend (it does not
 * cooperate, or the cancellation came while it ran without suspending) ends at once once the
 * attempt returns, whatever the attempt returned: as after a failure, so after a result that
 * `retryOnResult` rejects (found by the decision-order oracle's suspend path).
 */
public class SuspendCallCancelledResultTest {
    private val events = mutableListOf<String>()
    private val listener =
        object : RetryListener {
            override fun onRetry(event: RetryEvent) {
                events += "onRetry ${event.attempt()} ${event.delayMillis()}"
            }

            override fun onSuccess(event: RetryEvent) {
                events += "onSuccess ${event.attempt()}"
            }

            override fun onFailure(event: RetryEvent) {
                events += "onFailure ${event.attempt()} ${event.reason()}"
            }
        }
    private var attempts = 0
    private var delayForCalls = 0
    private val cancellation = CancellationException("cancelled by the caller")

    /** A call of up to [maxAttempts] whose attempt cancels its coroutine, then returns "stale". */
    private fun call(maxAttempts: Int): SuspendCall<String> {
        val retrier =
            RetryPolicy("Client.fetch", maxAttempts, 0L, BackoffPolicy.fixed(1000L))
                .bind(RetryOptions.builder().listener(listener).build())
        return object : SuspendCall<String>(retrier, null) {
            override suspend fun call(): String {
                attempts++
                currentCoroutineContext().job.cancel(cancellation)
                return "stale"
            }

            override fun rejects(result: String): Boolean = result == "stale"

            override fun delayForResult(result: String): Long {
                delayForCalls++
                return -1L
            }
        }
    }

    /** Runs [call] in a coroutine of its own: what it returned, or threw. */
    private fun outcome(call: SuspendCall<String>): Result<String> {
        var outcome: Result<String>? = null
        runTest { launch { outcome = runCatching { call.run() } }.join() }
        return outcome!!
    }

    /**
     * The call threw the coroutine's cancellation (kotlinx.coroutines in debug mode may hand on a
     * copy of it, to recover its stack trace).
     */
    private fun assertCancelled(outcome: Result<String>) {
        val thrown = outcome.exceptionOrNull()
        assertTrue(thrown is CancellationException, "threw $thrown, returned ${outcome.getOrNull()}")
        assertEquals(cancellation.message, thrown!!.message)
    }

    @Test
    public fun aRejectedResultOfACancelledCallIsNotRetried(): Unit {
        val outcome = outcome(call(maxAttempts = 3))

        assertCancelled(outcome)
        assertEquals(listOf("onFailure 1 CANCELLED"), events) // no onRetry: no retry follows
        assertEquals(1, attempts)
        assertEquals(0, delayForCalls)
    }

    @Test
    public fun aRejectedResultOfACancelledCallIsNotReturned(): Unit {
        val outcome = outcome(call(maxAttempts = 1))

        assertCancelled(outcome)
        assertEquals(listOf("onFailure 1 CANCELLED"), events)
    }

    @Test
    public fun anAcceptedResultOfACancelledCallIsReturned(): Unit {
        val retrier =
            RetryPolicy("Client.fetch", 3, 0L, BackoffPolicy.fixed(1000L))
                .bind(RetryOptions.builder().listener(listener).build())
        val call =
            object : SuspendCall<String>(retrier, null) {
                override suspend fun call(): String {
                    currentCoroutineContext().job.cancel(cancellation)
                    return "fresh"
                }
            }

        assertEquals("fresh", outcome(call).getOrNull())
        assertEquals(listOf("onSuccess 1"), events)
    }
}
