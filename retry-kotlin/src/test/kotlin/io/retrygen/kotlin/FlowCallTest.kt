package io.retrygen.kotlin

import io.retrygen.runtime.BackoffPolicy
import io.retrygen.runtime.BackoffPolicy.exponential
import io.retrygen.runtime.BackoffPolicy.fixed
import io.retrygen.runtime.internal.CircuitBreakerGate
import io.retrygen.runtime.internal.Retrier
import java.io.IOException
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.flowOf
import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.advanceUntilIdle
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runCurrent
import kotlinx.coroutines.test.runTest
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Test

/** The retry loop of a function returning a cold `Flow`, in virtual time. */
class FlowCallTest {
    /** Records its recoveries; recovers with [fallback], or rethrows without one. */
    private open class Numbers(
        retrier: Retrier?,
        breaker: CircuitBreakerGate? = null,
        private val fallback: Flow<Int>? = null,
        attempt: (Int) -> Flow<Int>,
    ) : ScriptedFlow<Int>(retrier, breaker, attempt) {
        val recovered = mutableListOf<Throwable>()

        override fun recover(failure: Throwable): Flow<Int> {
            recovered += failure
            return fallback ?: throw failure
        }
    }

    private fun Fixture.numbers(
        maxAttempts: Int = 3,
        backoff: BackoffPolicy = fixed(100),
        fallback: Flow<Int>? = null,
        attempt: (Int) -> Flow<Int>,
    ) = Numbers(retrier(maxAttempts, backoff), null, fallback, attempt)

    @Test
    fun theFlowIsColdAndEachCollectionIsACallOfItsOwn() = runTest {
        val f = Fixture(this)
        val call = f.numbers { flowOf(it * 10, it * 10 + 1) }

        val flow = call.flow()
        advanceUntilIdle()
        assertEquals(0, call.calls) // nothing runs before collect

        assertEquals(listOf(10, 11), flow.toList())
        assertEquals(listOf(20, 21), flow.toList())
        assertEquals(2, call.calls)
        assertEquals(listOf("success #1 +0ms", "success #1 +0ms"), f.listener.events)
    }

    @Test
    fun aFailureAfterSomeElementsCallsAgainAndCollectsFromTheStart() = runTest {
        val f = Fixture(this)
        val call =
            f.numbers(backoff = exponential(100, 2.0)) { attempt ->
                flow {
                    emit(1)
                    emit(2)
                    if (attempt < 3) throw IOException("fail $attempt")
                    emit(3)
                }
            }
        val seen = mutableListOf<String>()

        call.flow().collect { seen += "$it@$currentTime" }

        assertEquals(listOf("1@0", "2@0", "1@100", "2@100", "1@300", "2@300", "3@300"), seen)
        assertEquals(3, call.calls)
        assertEquals(
            listOf(
                "retry #1 fail 1 100ms +0ms",
                "retry #2 fail 2 200ms +100ms",
                "success #3 +300ms",
            ),
            f.listener.events,
        )
    }

    @Test
    fun aFunctionThatThrowsInsteadOfReturningAFlowIsRetriedToo() = runTest {
        val f = Fixture(this)
        val call = f.numbers { if (it == 1) throw IOException("no flow") else flowOf(it) }

        assertEquals(listOf(2), call.flow().toList())

        assertEquals(listOf("retry #1 no flow 100ms +0ms", "success #2 +100ms"), f.listener.events)
    }

    @Test
    fun aCollectorThatStopsEarlyEndsTheCallAsASuccess() = runTest {
        val f = Fixture(this)
        val call =
            f.numbers {
                flow {
                    emit(1)
                    emit(2)
                    throw IOException("never reached")
                }
            }

        assertEquals(1, call.flow().first())
        assertEquals(listOf(1, 2), call.flow().take(2).toList())

        assertEquals(2, call.calls)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertEquals(listOf("success #1 +0ms", "success #1 +0ms"), f.listener.events)
    }

    @Test
    fun whatTheCollectorThrowsIsNeitherRetriedNorRecovered() = runTest {
        val f = Fixture(this)
        val call = f.numbers(fallback = flowOf(-1)) { flowOf(1, 2) }
        val broken = IllegalStateException("collector broke") // retryable, were it the upstream's

        assertSame(broken, thrownBy { call.flow().collect { throw broken } })

        assertEquals(1, call.calls)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertEquals(listOf("failure #1 collector broke USER_CODE_FAILED +0ms"), f.listener.events)
    }

    @Test
    fun exhaustedAttemptsEmitTheRecoveryFlowAfterWhatWasEmitted() = runTest {
        val f = Fixture(this)
        val last = IOException("fail 2")
        val call =
            f.numbers(maxAttempts = 2, fallback = flowOf(-1, -2)) { attempt ->
                flow {
                    emit(attempt)
                    throw if (attempt == 1) IOException("fail 1") else last
                }
            }

        assertEquals(listOf(1, 2, -1, -2), call.flow().toList())

        assertSame(last, call.recovered.single())
        assertEquals(
            listOf("retry #1 fail 1 100ms +0ms", "failure #2 fail 2 ATTEMPTS_EXHAUSTED +100ms"),
            f.listener.events,
        )
    }

    @Test
    fun aFailureThatIsNotRetryableIsRecoveredAtOnce() = runTest {
        val f = Fixture(this)
        val bad = IllegalArgumentException("bad")
        val call = f.numbers(fallback = flowOf(-1)) { flow { throw bad } }

        assertEquals(listOf(-1), call.flow().toList())

        assertSame(bad, call.recovered.single())
        assertEquals(listOf("failure #1 bad NOT_RETRYABLE +0ms"), f.listener.events)
    }

    @Test
    fun withoutRecoveryTheLastFailureItselfEndsTheCollection() = runTest {
        val f = Fixture(this)
        val last = IOException("fail 2")
        val call =
            f.numbers(maxAttempts = 2) { flow { throw if (it == 1) IOException("1") else last } }

        assertSame(last, thrownBy { call.flow().toList() })

        assertEquals(listOf(last), call.recovered) // asked, and rethrew it
        assertEquals(
            listOf("retry #1 1 100ms +0ms", "failure #2 fail 2 ATTEMPTS_EXHAUSTED +100ms"),
            f.listener.events,
        )
    }

    @Test
    fun aCancellationExceptionFromTheFlowIsNeitherRetriedNorRecovered() = runTest {
        val f = Fixture(this)
        val call =
            f.numbers(fallback = flowOf(-1)) { flow { withTimeout(50) { awaitCancellation() } } }

        val thrown = thrownBy { call.flow().toList() }

        assertInstanceOf(TimeoutCancellationException::class.java, thrown)
        assertEquals(1, call.calls)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertEquals(listOf("failure #1 ${thrown.message} CANCELLED +50ms"), f.listener.events)
    }

    @Test
    fun cancellingTheCollectionDuringAWaitEndsTheCall() = runTest {
        val f = Fixture(this)
        val call =
            f.numbers(fallback = flowOf(-1)) { attempt ->
                flow {
                    emit(attempt)
                    throw IOException("fail $attempt")
                }
            }
        val seen = mutableListOf<Int>()
        val job = launch { call.flow().collect { seen += it } }
        runCurrent()
        advanceTimeBy(50)

        job.cancel(CancellationException("stop"))
        advanceUntilIdle()

        assertEquals(listOf(1), seen)
        assertEquals(1, call.calls)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertEquals(
            listOf("retry #1 fail 1 100ms +0ms", "failure #1 fail 1 CANCELLED +50ms"),
            f.listener.events,
        )
    }

    @Test
    fun cancellingTheCollectionDuringAnAttemptEndsTheCall() = runTest {
        val f = Fixture(this)
        val call = f.numbers(fallback = flowOf(-1)) { flow { emit(it); awaitCancellation() } }
        val job = launch { call.flow().collect {} }
        runCurrent()

        job.cancel(CancellationException("stop"))
        advanceUntilIdle()

        assertEquals(1, call.calls)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertEquals(listOf("failure #1 stop CANCELLED +0ms"), f.listener.events)
    }

    @Test
    fun cancellingTheCollectionWhileTheCollectorRunsEndsTheCall() = runTest {
        val f = Fixture(this)
        val call = f.numbers(fallback = flowOf(-1)) { flowOf(1, 2) }
        val job = launch { call.flow().collect { delay(1000) } }
        runCurrent()
        advanceTimeBy(500)

        job.cancel(CancellationException("stop"))
        advanceUntilIdle()

        assertEquals(1, call.calls)
        assertEquals(emptyList<Throwable>(), call.recovered)
        assertEquals(listOf("failure #1 stop CANCELLED +500ms"), f.listener.events)
    }
}
