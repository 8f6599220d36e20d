package io.retrygen.kotlin

import io.retrygen.runtime.BackoffPolicy.exponential
import io.retrygen.runtime.BackoffPolicy.fixed
import java.io.IOException
import kotlinx.coroutines.delay
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Test

/** The retry loop of a `suspend` function in virtual time: waits, outcomes and recovery. */
class SuspendCallTest {
    @Test
    fun succeedsOnTheFirstAttemptWithoutWaiting() = runTest {
        val f = Fixture(this)
        val call = ScriptedCall(f.retrier(3, fixed(100))) { "ok" }

        assertEquals("ok", call.run())

        assertEquals(1, call.attempts)
        assertEquals(0L, currentTime)
        assertEquals(listOf("success #1 +0ms"), f.listener.events)
    }

    @Test
    fun fixedBackoffWaitsItsDelayInVirtualTimeBeforeEachRetry() = runTest {
        val f = Fixture(this)
        val starts = mutableListOf<Long>()
        val call =
            ScriptedCall(f.retrier(5, fixed(100))) { attempt ->
                starts += currentTime
                if (attempt < 3) throw IOException("fail $attempt")
                "ok $attempt"
            }

        assertEquals("ok 3", call.run())

        assertEquals(listOf(0L, 100L, 200L), starts)
        assertEquals(200L, currentTime)
        assertEquals(
            listOf(
                "retry #1 fail 1 100ms +0ms",
                "retry #2 fail 2 100ms +100ms",
                "success #3 +200ms",
            ),
            f.listener.events,
        )
    }

    @Test
    fun exponentialBackoffMultipliesEachWait() = runTest {
        val f = Fixture(this)
        val starts = mutableListOf<Long>()
        val call =
            ScriptedCall(f.retrier(4, exponential(100, 2.0))) { attempt ->
                starts += currentTime
                delay(10) // the attempts' own time counts towards the events' elapsed times
                if (attempt < 4) throw IOException("fail $attempt")
                "ok"
            }

        assertEquals("ok", call.run())

        assertEquals(listOf(0L, 110L, 320L, 730L), starts)
        assertEquals(740L, currentTime)
        assertEquals(
            listOf(
                "retry #1 fail 1 100ms +10ms",
                "retry #2 fail 2 200ms +120ms",
                "retry #3 fail 3 400ms +330ms",
                "success #4 +740ms",
            ),
            f.listener.events,
        )
    }

    @Test
    fun aFailureThatIsNotRetryableGivesUpAtOnceAndIsRecovered() = runTest {
        val f = Fixture(this)
        val bad = IllegalArgumentException("bad")
        val recovered = mutableListOf<Throwable>()
        val call =
            object : ScriptedCall<String>(f.retrier(3, fixed(100)), null, { throw bad }) {
                override suspend fun recover(failure: Throwable): String {
                    recovered += failure
                    return "recovered"
                }
            }

        assertEquals("recovered", call.run())

        assertEquals(1, call.attempts)
        assertSame(bad, recovered.single())
        assertEquals(0L, currentTime)
        assertEquals(listOf("failure #1 bad NOT_RETRYABLE +0ms"), f.listener.events)
    }

    @Test
    fun exhaustedAttemptsAreRecoveredWithTheLastFailure() = runTest {
        val f = Fixture(this)
        val failures = List(3) { IOException("fail ${it + 1}") }
        val recovered = mutableListOf<Throwable>()
        val failing: suspend (Int) -> String = { throw failures[it - 1] }
        val call =
            object : ScriptedCall<String>(f.retrier(3, fixed(100)), null, failing) {
                override suspend fun recover(failure: Throwable): String {
                    recovered += failure
                    return "recovered"
                }
            }

        assertEquals("recovered", call.run())

        assertEquals(3, call.attempts)
        assertSame(failures[2], recovered.single())
        assertEquals(
            listOf(
                "retry #1 fail 1 100ms +0ms",
                "retry #2 fail 2 100ms +100ms",
                "failure #3 fail 3 ATTEMPTS_EXHAUSTED +200ms",
            ),
            f.listener.events,
        )
    }

    @Test
    fun exhaustedAttemptsWithoutRecoveryRethrowTheLastFailureItself() = runTest {
        val f = Fixture(this)
        val failures = List(2) { IOException("fail ${it + 1}") }
        val call = ScriptedCall<String>(f.retrier(2, fixed(100))) { throw failures[it - 1] }

        assertSame(failures[1], thrownBy { call.run() })

        assertEquals(2, call.attempts)
        assertEquals(100L, currentTime)
        assertEquals(
            listOf("retry #1 fail 1 100ms +0ms", "failure #2 fail 2 ATTEMPTS_EXHAUSTED +100ms"),
            f.listener.events,
        )
    }

    @Test
    fun aSuspendingRecoveryRunsInTheCallersCoroutine() = runTest {
        val f = Fixture(this)
        val call =
            object : ScriptedCall<String>(f.retrier(2, fixed(100)), null, down) {
                override suspend fun recover(failure: Throwable): String {
                    delay(50) // e.g. reading a cache that suspends
                    return "cached after ${failure.message}"
                }
            }

        assertEquals("cached after down", call.run())

        assertEquals(150L, currentTime)
        assertEquals(
            listOf("retry #1 down 100ms +0ms", "failure #2 down ATTEMPTS_EXHAUSTED +100ms"),
            f.listener.events,
        )
    }

    /** A plain `@Recover`: the override returns its value without suspending. */
    @Test
    fun aPlainRecoveryReturnsItsValue() = runTest {
        val f = Fixture(this)
        fun plainFallback(failure: Throwable): String = "fallback for ${failure.message}"
        val call =
            object : ScriptedCall<String>(f.retrier(1, fixed(100)), null, down) {
                override suspend fun recover(failure: Throwable): String = plainFallback(failure)
            }

        assertEquals("fallback for down", call.run())

        assertEquals(0L, currentTime)
        assertEquals(listOf("failure #1 down ATTEMPTS_EXHAUSTED +0ms"), f.listener.events)
    }

    @Test
    fun aRecoveryThatRethrowsEndsTheCallWithItsException() = runTest {
        val f = Fixture(this)
        val replaced = IllegalStateException("replaced")
        val call =
            object : ScriptedCall<String>(f.retrier(1, fixed(100)), null, down) {
                override suspend fun recover(failure: Throwable): String = throw replaced
            }

        assertSame(replaced, thrownBy { call.run() })

        assertEquals(listOf("failure #1 down ATTEMPTS_EXHAUSTED +0ms"), f.listener.events)
    }

    @Test
    fun withoutARetrierTheBreakerOnlyCallRecoversAFailure() = runTest {
        val f = Fixture(this)
        val call =
            object : ScriptedCall<String>(null, f.breaker(10, 0.5, 1000), down) {
                override suspend fun recover(failure: Throwable): String =
                    "recovered ${failure.message}"
            }

        assertEquals("recovered down", call.run())

        assertEquals(1, call.attempts)
        assertEquals(emptyList<String>(), f.listener.events) // a retrier tells the listeners
    }
}
