package io.retrygen.kotlin

import io.retrygen.runtime.BackoffPolicy.fixed
import io.retrygen.runtime.CircuitBreakerOpenException
import io.retrygen.runtime.CircuitBreakerState.CLOSED
import io.retrygen.runtime.CircuitBreakerState.HALF_OPEN
import io.retrygen.runtime.CircuitBreakerState.OPEN
import io.retrygen.runtime.CircuitBreakers
import io.retrygen.runtime.RetryBudgets
import io.retrygen.runtime.StatisticsListener
import io.retrygen.runtime.internal.CircuitBreakerGate
import java.io.IOException
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.Job
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.TestScope
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.runCurrent
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Test

/** The circuit breaker, the retry budget and the statistics around a `suspend` function. */
class SuspendCallGuardsTest {
    /** Starts a call through [gate] whose attempt never ends, until cancelled. */
    private fun TestScope.hangingCall(gate: CircuitBreakerGate): Job {
        val job =
            launch {
                try {
                    ScriptedCall<String>(null, gate) { awaitCancellation() }.run()
                } catch (expected: CancellationException) {
                    // the cancellation the test causes
                }
            }
        runCurrent()
        return job
    }

    private suspend fun fails(gate: CircuitBreakerGate) {
        val failure = IOException("down")
        assertSame(failure, thrownBy { ScriptedCall<String>(null, gate) { throw failure }.run() })
    }

    private suspend fun succeeds(gate: CircuitBreakerGate) {
        assertEquals("ok", ScriptedCall(null, gate) { "ok" }.run())
    }

    @Test
    fun theBreakerOpensOnceItsWindowIsFullAndThenRefusesWithoutCalling() = runTest {
        val f = Fixture(this)
        val gate = f.breaker(3, 0.5, 1000)

        fails(gate)
        succeeds(gate)
        assertEquals(CLOSED, CircuitBreakers.state(f.label)) // 1 of 2: the window is not full
        fails(gate)
        assertEquals(OPEN, CircuitBreakers.state(f.label))

        val refused = ScriptedCall(null, gate) { "not called" }
        val thrown = thrownBy { refused.run() }

        assertInstanceOf(CircuitBreakerOpenException::class.java, thrown)
        assertEquals(f.label, (thrown as CircuitBreakerOpenException).name())
        assertEquals(0, refused.attempts)
    }

    @Test
    fun aRefusalIsRetriedLikeAnyFailureAndTheHalfOpenTrialClosesTheBreaker() = runTest {
        val f = Fixture(this)
        val call =
            ScriptedCall(f.retrier(3, fixed(100)), f.breaker(1, 1.0, 150)) {
                if (it == 1) throw IOException("down")
                "ok"
            }

        assertEquals("ok", call.run())

        // Attempt 2, at 100 ms, is refused: the breaker opened at 0 for 150 ms.
        assertEquals(2, call.attempts)
        assertEquals(CLOSED, CircuitBreakers.state(f.label))
        assertEquals(
            listOf(
                "retry #1 down 100ms +0ms",
                "retry #2 circuit breaker ${f.label} is open 100ms +100ms",
                "success #3 +200ms",
            ),
            f.listener.events,
        )
    }

    @Test
    fun aCancelledAttemptIsNotCountedInTheWindow() = runTest {
        val f = Fixture(this)
        val gate = f.breaker(2, 0.5, 1000)

        hangingCall(gate).cancel()
        runCurrent()
        fails(gate)

        assertEquals(CLOSED, CircuitBreakers.state(f.label)) // counted, 2 outcomes would open it
        succeeds(gate)
        assertEquals(OPEN, CircuitBreakers.state(f.label)) // 1 failure of 2
    }

    @Test
    fun aCancelledTrialGivesItsSlotBackToTheHalfOpenBreaker() = runTest {
        val f = Fixture(this)
        val gate = f.breaker(1, 1.0, 100)
        fails(gate)
        advanceTimeBy(100)
        assertEquals(HALF_OPEN, CircuitBreakers.state(f.label))

        val trial = hangingCall(gate)
        assertInstanceOf(
            CircuitBreakerOpenException::class.java,
            thrownBy { succeeds(gate) }, // one trial at a time
        )
        trial.cancel()
        runCurrent()

        assertEquals(HALF_OPEN, CircuitBreakers.state(f.label))
        succeeds(gate)
        assertEquals(CLOSED, CircuitBreakers.state(f.label))
    }

    @Test
    fun anEmptyBudgetRefusesTheRetryAndOtherOutcomesRefillIt() = runTest {
        val f = Fixture(this)
        val budget = f.label + ".budget"
        val retrier = f.policy(5, fixed(100)).withBudget(budget, 4, 0.1).bind(f.options)
        val last = IOException("fail 2")

        // 4 tokens: the first failure leaves 3 (> 4 / 2: retried), the second 2 (not > 2).
        val failing =
            ScriptedCall<String>(retrier) { throw if (it == 1) IOException("fail 1") else last }
        assertSame(last, thrownBy { failing.run() })
        assertEquals(2.0, RetryBudgets.tokens(budget))

        assertEquals("ok", ScriptedCall(retrier) { "ok" }.run())
        assertEquals(2.1, RetryBudgets.tokens(budget))
        val bad = IllegalArgumentException("bad")
        assertSame(bad, thrownBy { ScriptedCall<String>(retrier) { throw bad }.run() })
        assertEquals(2.2, RetryBudgets.tokens(budget))

        assertEquals(2, failing.attempts)
        assertEquals(
            listOf(
                "retry #1 fail 1 100ms +0ms",
                "failure #2 fail 2 BUDGET_EXHAUSTED +100ms",
                "success #1 +0ms",
                "failure #1 bad NOT_RETRYABLE +0ms",
            ),
            f.listener.events,
        )
    }

    @Test
    fun statisticsCountEachCallOnceByHowItEnded() = runTest {
        val statistics = StatisticsListener()
        val f = Fixture(this, statistics)
        val retrier = f.retrier(2, fixed(100))

        ScriptedCall(retrier) { "first" }.run()
        ScriptedCall(retrier) { if (it == 1) throw IOException("once") else "second" }.run()
        thrownBy { ScriptedCall<String>(retrier) { throw IllegalArgumentException("bad") }.run() }
        thrownBy { ScriptedCall<String>(retrier) { throw IOException("always") }.run() }
        val recovered =
            object : ScriptedCall<String>(retrier, null, { throw IOException("always") }) {
                override suspend fun recover(failure: Throwable): String = "recovered"
            }
        assertEquals("recovered", recovered.run()) // gave up, then recovered: a failure still
        val cancelled = launch { ScriptedCall<String>(retrier) { awaitCancellation() }.run() }
        runCurrent()
        cancelled.cancel()
        runCurrent()

        val counts = statistics.statistics(f.label)
        assertEquals(1L, counts.successfulWithoutRetry())
        assertEquals(1L, counts.successfulWithRetry())
        assertEquals(2L, counts.failedWithoutRetry()) // not retryable; cancelled
        assertEquals(2L, counts.failedWithRetry()) // exhausted, twice
        val ends = f.listener.events.filterNot { it.startsWith("retry") }
        assertEquals(6, ends.size) // one per call
    }
}
