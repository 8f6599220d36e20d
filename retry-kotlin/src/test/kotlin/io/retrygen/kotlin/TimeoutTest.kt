package io.retrygen.kotlin

import io.retrygen.runtime.AttemptTimeoutException
import io.retrygen.runtime.BackoffPolicy.fixed
import io.retrygen.runtime.CircuitBreakerState.OPEN
import java.io.IOException
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runCurrent
import kotlinx.coroutines.test.runTest
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** `@Timeout` on `suspend` functions and `Flow`s (SPEC §16): `withTimeoutOrNull`, virtual time. */
class TimeoutTest {
    @Test
    fun aHungAttemptFailsAtTheLimitIsCancelledAndTheNextAttemptWins() = runTest {
        val f = Fixture(this)
        var cancelledAt = -1L
        val call =
            ScriptedCall(f.retrier(3, fixed(100)), null, f.timer(500)) { n ->
                if (n == 1) {
                    try {
                        awaitCancellation()
                    } finally {
                        cancelledAt = currentTime
                    }
                }
                delay(400) // in time
                "ok $n"
            }

        assertEquals("ok 2", call.run())

        assertEquals(500L, cancelledAt)
        assertEquals(1000L, currentTime)
        val timeout = AttemptTimeoutException(f.label, 500).message
        assertEquals(
            listOf("retry #1 $timeout 100ms +500ms", "success #2 +1000ms"), f.listener.events)
    }

    @Test
    fun anAttemptThatEndsInTimeLeavesNoTimerBehind() = runTest {
        val f = Fixture(this)
        val call = ScriptedCall(f.retrier(3, fixed(100)), null, f.timer(500)) { delay(499); "ok" }

        assertEquals("ok", call.run())
        assertEquals(499L, currentTime)
        advanceTimeBy(10_000) // nothing left to fire
        assertEquals(listOf("success #1 +499ms"), f.listener.events)
    }

    @Test
    fun aNullResultInTimeIsAResultNotATimeout() = runTest {
        val f = Fixture(this)
        val call = ScriptedCall<String?>(null, null, f.timer(500)) { null }

        assertNull(call.run())
    }

    @Test
    fun theBreakerCountsTheTimeoutAndATimerAloneEndsTheCallWithIt() = runTest {
        val f = Fixture(this)
        val gate = f.breaker(1, 1.0, 10_000)
        val call = ScriptedCall<String>(null, gate, f.timer(500)) { awaitCancellation() }

        val failure = thrownBy { call.run() }

        assertInstanceOf(AttemptTimeoutException::class.java, failure)
        assertEquals(500L, currentTime)
        assertEquals(OPEN, gate.state())
        assertTrue(isActive) // the caller's coroutine was not cancelled
    }

    @Test
    fun theRecoveryGetsTheTimeout() = runTest {
        val f = Fixture(this)
        var recovered: Throwable? = null
        val call =
            object : ScriptedCall<String>(f.retrier(2, fixed(100)), null, f.timer(500), { delay(10_000); "late" }) {
                override suspend fun recover(failure: Throwable): String {
                    recovered = failure
                    return "recovered"
                }
            }

        assertEquals("recovered", call.run())
        assertInstanceOf(AttemptTimeoutException::class.java, recovered)
        assertEquals(1100L, currentTime)
        assertEquals(2, call.attempts)
    }

    @Test
    fun aTimeoutOfTheFunctionsOwnIsItsFailureNotOurs() = runTest {
        val f = Fixture(this)
        val call =
            ScriptedCall<String>(null, null, f.timer(500)) { withTimeout(100) { awaitCancellation() } }

        assertInstanceOf(TimeoutCancellationException::class.java, thrownBy { call.run() })
        assertEquals(100L, currentTime)
    }

    @Test
    fun cancellingTheCallerStillEndsTheCallAsCancelled() = runTest {
        val f = Fixture(this)
        var thrown: Throwable? = null
        val job = launch {
            try {
                ScriptedCall<String>(f.retrier(3, fixed(100)), null, f.timer(500)) {
                    awaitCancellation()
                }.run()
            } catch (failure: Throwable) {
                thrown = failure
            }
        }
        advanceTimeBy(200)
        job.cancel()
        runCurrent()

        assertInstanceOf(CancellationException::class.java, thrown)
        assertTrue(thrown !is TimeoutCancellationException)
        assertEquals(1, f.listener.events.size)
        assertTrue(f.listener.events[0].contains("CANCELLED"), f.listener.events.toString())
    }

    @Test
    fun aFlowIsCollectedAgainAfterItsAttemptTimedOut() = runTest {
        val f = Fixture(this)
        val call =
            ScriptedFlow(f.retrier(2, fixed(100)), null, f.timer(500)) { n ->
                flow {
                    emit(1)
                    emit(2)
                    if (n == 1) {
                        awaitCancellation()
                    }
                    emit(3)
                }
            }

        assertEquals(listOf(1, 2, 1, 2, 3), call.flow().toList())
        assertEquals(600L, currentTime)
        val timeout = AttemptTimeoutException(f.label, 500).message
        assertEquals(
            listOf("retry #1 $timeout 100ms +500ms", "success #2 +600ms"), f.listener.events)
    }

    @Test
    fun aFlowWithATimerAloneFailsWithTheTimeout() = runTest {
        val f = Fixture(this)
        val gate = f.breaker(1, 1.0, 10_000)
        val call = ScriptedFlow<Int>(null, gate, f.timer(500)) { flow { awaitCancellation() } }

        assertInstanceOf(AttemptTimeoutException::class.java, thrownBy { call.flow().toList() })
        assertEquals(OPEN, gate.state())
    }

    @Test
    fun aCollectorsFailureUnderATimerIsNeitherRetriedNorRecovered() = runTest {
        val f = Fixture(this)
        val mine = IOException("collector")
        val call = ScriptedFlow(f.retrier(3, fixed(100)), null, f.timer(500)) {
            flow {
                delay(10)
                emit(1)
            }
        }

        val failure = thrownBy { call.flow().collect { throw mine } }

        assertTrue(failure === mine)
        assertEquals(1, call.calls)
    }
}
