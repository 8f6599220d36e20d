package io.retrygen.kotlin

import io.retrygen.runtime.CircuitBreakerOpenException
import io.retrygen.runtime.CircuitBreakerState.CLOSED
import io.retrygen.runtime.CircuitBreakerState.HALF_OPEN
import io.retrygen.runtime.CircuitBreakerState.OPEN
import io.retrygen.runtime.CircuitBreakers
import io.retrygen.runtime.internal.CircuitBreakerGate
import java.io.IOException
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.flowOf
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.TestScope
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.runCurrent
import kotlinx.coroutines.test.runTest
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Test

/**
 * A `Flow` function behind a circuit breaker alone: each collection is one attempt, recorded when
 * it ends, by how it ended.
 */
class FlowCallBreakerTest {
    private fun numbers(gate: CircuitBreakerGate, attempt: (Int) -> Flow<Int>) =
        ScriptedFlow(null, gate, attempt)

    /** A breaker of one call that opens on one failure, for 100 ms; half-open once that passed. */
    private suspend fun TestScope.halfOpen(f: Fixture): CircuitBreakerGate {
        val gate = f.breaker(1, 1.0, 100)
        val down = IOException("down")
        assertSame(down, thrownBy { numbers(gate) { flow { throw down } }.flow().toList() })
        assertEquals(OPEN, CircuitBreakers.state(f.label))
        advanceTimeBy(100)
        assertEquals(HALF_OPEN, CircuitBreakers.state(f.label))
        return gate
    }

    @Test
    fun anOpenBreakerRefusesTheCollectionWithoutCallingTheFunction() = runTest {
        val f = Fixture(this)
        val gate = f.breaker(1, 1.0, 1000)
        val down = IOException("down")
        assertSame(down, thrownBy { numbers(gate) { throw down }.flow().toList() })

        val refused = numbers(gate) { flowOf(1) }
        val thrown = thrownBy { refused.flow().toList() }
        assertInstanceOf(CircuitBreakerOpenException::class.java, thrown)
        assertEquals(0, refused.calls)

        val recovering =
            object : ScriptedFlow<Int>(null, gate, { flowOf(1) }) {
                override fun recover(failure: Throwable): Flow<Int> = flowOf(-1)
            }
        assertEquals(listOf(-1), recovering.flow().toList()) // an open circuit is recovered
        assertEquals(emptyList<String>(), f.listener.events) // no retrier: nothing to tell
    }

    @Test
    fun aCancellationExceptionFromTheFlowIsNotRecovered() = runTest {
        val f = Fixture(this)
        val recovered = mutableListOf<Throwable>()
        val timesOut = flow<Int> { withTimeout(50) { awaitCancellation() } }
        val call =
            object : ScriptedFlow<Int>(null, f.breaker(10, 0.5, 1000), { timesOut }) {
                override fun recover(failure: Throwable): Flow<Int> {
                    recovered += failure
                    return flowOf(-1)
                }
            }

        val thrown = thrownBy { call.flow().toList() }

        assertInstanceOf(TimeoutCancellationException::class.java, thrown)

        assertEquals(emptyList<Throwable>(), recovered)
    }

    @Test
    fun aTrialEndedByFirstIsASuccessThatClosesTheBreaker() = runTest {
        val f = Fixture(this)
        val gate = halfOpen(f)

        assertEquals(1, numbers(gate) { flowOf(1, 2, 3) }.flow().first())

        assertEquals(CLOSED, CircuitBreakers.state(f.label))
    }

    @Test
    fun aTrialWhoseCollectorThrowsGivesItsSlotBack() = runTest {
        val f = Fixture(this)
        val gate = halfOpen(f)
        val broken = IllegalStateException("collector broke")

        assertSame(broken, thrownBy { numbers(gate) { flowOf(1) }.flow().collect { throw broken } })

        assertEquals(HALF_OPEN, CircuitBreakers.state(f.label)) // not a failure of the dependency
        assertEquals(listOf(1), numbers(gate) { flowOf(1) }.flow().toList()) // the slot is free
        assertEquals(CLOSED, CircuitBreakers.state(f.label))
    }

    @Test
    fun aCancelledTrialGivesItsSlotBack() = runTest {
        val f = Fixture(this)
        val gate = halfOpen(f)
        val trial = launch { numbers(gate) { flow { awaitCancellation() } }.flow().collect {} }
        runCurrent()
        assertInstanceOf(
            CircuitBreakerOpenException::class.java,
            thrownBy { numbers(gate) { flowOf(1) }.flow().toList() }, // one trial at a time
        )

        trial.cancel()
        runCurrent()

        assertEquals(HALF_OPEN, CircuitBreakers.state(f.label))
        assertEquals(listOf(1), numbers(gate) { flowOf(1) }.flow().toList())
        assertEquals(CLOSED, CircuitBreakers.state(f.label))
    }
}
