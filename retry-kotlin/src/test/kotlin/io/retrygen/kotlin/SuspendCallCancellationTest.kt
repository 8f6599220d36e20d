package io.retrygen.kotlin

import io.retrygen.RetryEvent
import io.retrygen.RetryListener
import io.retrygen.runtime.BackoffPolicy.fixed
import java.io.IOException
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.Job
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.TestScope
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.advanceUntilIdle
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runCurrent
import kotlinx.coroutines.test.runTest
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * Cancellation is never retried nor recovered: neither the cancellation of the calling coroutine,
 * during an attempt or a wait, nor a `CancellationException` an attempt throws, unless the
 * classification retries it (`retryFor` naming `CancellationException`).
 */
class SuspendCallCancellationTest {
    /** A call that records its recoveries, so that a test can say there were none. */
    private open class Call(
        fixture: Fixture,
        maxAttempts: Int = 3,
        waitMillis: Long = 100,
        attempt: suspend (Int) -> String,
    ) : ScriptedCall<String>(fixture.retrier(maxAttempts, fixed(waitMillis)), null, attempt) {
        val recovered = mutableListOf<Throwable>()

        override suspend fun recover(failure: Throwable): String {
            recovered += failure
            return "recovered"
        }
    }

    /** Runs [call] in a new coroutine, keeping what it threw instead of failing the test. */
    private class Running(scope: TestScope, call: SuspendCall<String>) {
        var thrown: Throwable? = null
        val job: Job =
            scope.launch {
                try {
                    call.run()
                } catch (failure: Throwable) {
                    thrown = failure
                }
            }
    }

    @Test
    fun cancellingTheCallDuringAnAttemptEndsIt() = runTest {
        val f = Fixture(this)
        val call = Call(f) { awaitCancellation() }
        val running = Running(this, call)
        runCurrent()

        running.job.cancel(CancellationException("stop"))
        advanceUntilIdle()

        assertEquals(1, call.attempts)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertInstanceOf(CancellationException::class.java, running.thrown)
        assertEquals("stop", running.thrown?.message)
        assertTrue(running.job.isCancelled)
        assertEquals(0L, currentTime)
        assertEquals(listOf("failure #1 stop CANCELLED +0ms"), f.listener.events)
    }

    @Test
    fun cancellingTheCallDuringAWaitEndsIt() = runTest {
        val f = Fixture(this)
        val call = Call(f, waitMillis = 1000) { throw IOException("fail $it") }
        val running = Running(this, call)
        runCurrent()
        advanceTimeBy(400)

        running.job.cancel(CancellationException("stop"))
        advanceUntilIdle()

        assertEquals(1, call.attempts)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertInstanceOf(CancellationException::class.java, running.thrown)
        assertEquals(400L, currentTime) // the rest of the wait is not waited
        assertEquals(
            listOf("retry #1 fail 1 1000ms +0ms", "failure #1 fail 1 CANCELLED +400ms"),
            f.listener.events,
        )
    }

    @Test
    fun noAttemptStartsOnceTheCallIsCancelledEvenWithoutAWait() = runTest {
        lateinit var running: Running
        val cancelOnRetry =
            object : RetryListener {
                override fun onRetry(event: RetryEvent) {
                    running.job.cancel(CancellationException("stop"))
                }
            }
        val f = Fixture(this, cancelOnRetry)
        val call = Call(f, waitMillis = 0) { throw IOException("fail $it") }
        running = Running(this, call)

        advanceUntilIdle()

        assertEquals(1, call.attempts)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertInstanceOf(CancellationException::class.java, running.thrown)
        assertEquals(
            listOf("retry #1 fail 1 0ms +0ms", "failure #1 fail 1 CANCELLED +0ms"),
            f.listener.events,
        )
    }

    /**
     * A client that turns its cancellation into its own failure (a closed socket's IOException):
     * the call is over all the same, neither retried nor recovered, whatever the failure's type,
     * and the caller sees it cancelled, not failed: the coroutine's CancellationException.
     */
    @Test
    fun aCancelledCallIsNeitherRetriedNorRecoveredWhateverItsAttemptThrew() = runTest {
        for (closed in listOf(IOException("socket closed"), IllegalArgumentException("closed"))) {
            val f = Fixture(this)
            val call =
                Call(f) {
                    try {
                        awaitCancellation()
                    } catch (cancelled: CancellationException) {
                        throw closed
                    }
                }
            val running = Running(this, call)
            runCurrent()

            running.job.cancel(CancellationException("stop"))
            advanceUntilIdle()

            assertEquals(1, call.attempts)
            assertEquals(emptyList<Throwable>(), call.recovered)
            assertInstanceOf(CancellationException::class.java, running.thrown)
            assertEquals("stop", running.thrown?.message)
            assertEquals(listOf("failure #1 ${closed.message} CANCELLED +0ms"), f.listener.events)
        }
    }

    @Test
    fun aCancellationExceptionFromAnAttemptIsNeitherRetriedNorRecovered() = runTest {
        val f = Fixture(this)
        var timeout: Throwable? = null
        val call =
            Call(f) {
                try {
                    withTimeout(50) { awaitCancellation() }
                } catch (expired: TimeoutCancellationException) {
                    timeout = expired
                    throw expired
                }
            }

        val thrown = thrownBy { call.run() }

        assertSame(timeout, thrown)
        assertEquals(1, call.attempts)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertEquals(listOf("failure #1 ${thrown.message} CANCELLED +50ms"), f.listener.events)
    }

    @Test
    fun aCancellationExceptionIsRetriedAndRecoveredWhenRetryForNamesIt() = runTest {
        val f = Fixture(this)
        val retrier = f.policy(2, fixed(100)).retryingCancellation().bind(f.options)
        val recovered = mutableListOf<Throwable>()
        val call =
            object :
                ScriptedCall<String>(retrier, null, { withTimeout(50) { awaitCancellation() } }) {
                override fun retryable(failure: Throwable): Boolean = failure is Exception

                override suspend fun recover(failure: Throwable): String {
                    recovered += failure
                    return "recovered"
                }
            }

        assertEquals("recovered", call.run())

        assertEquals(2, call.attempts)
        assertInstanceOf(TimeoutCancellationException::class.java, recovered.single())
        val message = recovered.single().message
        assertEquals(
            listOf(
                "retry #1 $message 100ms +50ms",
                "failure #2 $message ATTEMPTS_EXHAUSTED +200ms",
            ),
            f.listener.events,
        )
    }

    @Test
    fun withoutARetrierACancellationIsNotRecoveredEither() = runTest {
        val f = Fixture(this)
        val recovered = mutableListOf<Throwable>()
        val call =
            object :
                ScriptedCall<String>(
                    null,
                    f.breaker(10, 0.5, 1000),
                    { withTimeout(50) { awaitCancellation() } },
                ) {
                override suspend fun recover(failure: Throwable): String {
                    recovered += failure
                    return "recovered"
                }
            }

        assertInstanceOf(TimeoutCancellationException::class.java, thrownBy { call.run() })

        assertEquals(emptyList<Throwable>(), recovered)
    }
}
