package io.retrygen.kotlin

import io.retrygen.RetryEvent
import io.retrygen.RetryListener
import io.retrygen.runtime.BackoffPolicy.fixed
import java.io.IOException
import kotlinx.coroutines.delay
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Test

/**
 * The user's `retryOnResult`, `retryIf` and `delayFor` in a `suspend` function's loop, and the
 * time limit: the decision order of a synchronous call, waited with `delay`.
 */
class SuspendCallHooksTest {
    @Test
    fun rejectedResultsAreRetriedThenTheLastOneIsReturnedWithoutRecovery() = runTest {
        val f = Fixture(this)
        val recovered = mutableListOf<Throwable>()
        val call =
            object : ScriptedCall<String>(f.retrier(3, fixed(100)), null, { "busy $it" }) {
                override fun rejects(result: String): Boolean = result.startsWith("busy")

                override suspend fun recover(failure: Throwable): String {
                    recovered += failure
                    return "recovered"
                }
            }

        assertEquals("busy 3", call.run())

        assertEquals(3, call.attempts)
        assertEquals(emptyList<Throwable>(), recovered)
        assertEquals(200L, currentTime)
        assertEquals(
            listOf(
                "retry #1 - 100ms +0ms",
                "retry #2 - 100ms +100ms",
                "failure #3 - ATTEMPTS_EXHAUSTED +200ms",
            ),
            f.listener.events,
        )
    }

    @Test
    fun aRejectedResultWaitsWhatDelayForResultAsks() = runTest {
        val f = Fixture(this)
        val call =
            object :
                ScriptedCall<String>(
                    f.retrier(3, fixed(100)),
                    null,
                    { if (it == 1) "retry-after 250" else "ok" },
                ) {
                override fun rejects(result: String): Boolean = result.startsWith("retry-after")

                override fun delayForResult(result: String): Long =
                    result.removePrefix("retry-after ").toLong()
            }

        assertEquals("ok", call.run())

        assertEquals(250L, currentTime)
        assertEquals(listOf("retry #1 - 250ms +0ms", "success #2 +250ms"), f.listener.events)
    }

    @Test
    fun retryIfSayingNoGivesUpWithRetryIfRejected() = runTest {
        val f = Fixture(this)
        val recovered = mutableListOf<Throwable>()
        val call =
            object :
                ScriptedCall<String>(
                    f.retrier(5, fixed(100)),
                    null,
                    { throw IOException(if (it == 1) "transient" else "fatal") },
                ) {
                override fun retryIf(failure: Throwable): Boolean = failure.message != "fatal"

                override suspend fun recover(failure: Throwable): String {
                    recovered += failure
                    return "recovered"
                }
            }

        assertEquals("recovered", call.run())

        assertEquals(2, call.attempts)
        assertEquals("fatal", recovered.single().message)
        assertEquals(
            listOf("retry #1 transient 100ms +0ms", "failure #2 fatal RETRY_IF_REJECTED +100ms"),
            f.listener.events,
        )
    }

    @Test
    fun delayForChoosesTheWaitAndANegativeValueLeavesItToTheBackoff() = runTest {
        val f = Fixture(this)
        val call =
            object :
                ScriptedCall<String>(
                    f.retrier(3, fixed(100)),
                    null,
                    { if (it < 3) throw IOException(if (it == 1) "slow" else "other") else "ok" },
                ) {
                override fun delayFor(failure: Throwable): Long =
                    if (failure.message == "slow") 250L else -1L
            }

        assertEquals("ok", call.run())

        assertEquals(350L, currentTime)
        assertEquals(
            listOf("retry #1 slow 250ms +0ms", "retry #2 other 100ms +250ms", "success #3 +350ms"),
            f.listener.events,
        )
    }

    @Test
    fun aDelayForWaitAboveTheCapGivesUp() = runTest {
        val f = Fixture(this)
        val call =
            object :
                ScriptedCall<String>(
                    f.retrier(3, fixed(100).withMaxDelay(1000)),
                    null,
                    { throw IOException("slow down") },
                ) {
                override fun delayFor(failure: Throwable): Long = 5000L
            }

        assertEquals("slow down", thrownBy { call.run() }.message)

        assertEquals(1, call.attempts)
        assertEquals(0L, currentTime)
        assertEquals(listOf("failure #1 slow down WAIT_ABOVE_CAP +0ms"), f.listener.events)
    }

    @Test
    fun maxDurationEndsTheCallBeforeAWaitThatWouldReachIt() = runTest {
        val f = Fixture(this)
        val call =
            ScriptedCall<String>(f.retrier(5, fixed(100), maxDurationMillis = 250)) {
                delay(50)
                throw IOException("fail $it")
            }

        assertEquals("fail 2", thrownBy { call.run() }.message)

        // 50 + 100 < 250 is taken; at 200, 200 + 100 >= 250 is not.
        assertEquals(2, call.attempts)
        assertEquals(200L, currentTime)
        assertEquals(
            listOf("retry #1 fail 1 100ms +50ms", "failure #2 fail 2 DURATION_EXHAUSTED +200ms"),
            f.listener.events,
        )
    }

    @Test
    fun maxDurationIsReadAgainAfterTheWait() = runTest {
        lateinit var ticker: VirtualTicker
        // The clock jumps by 500 ms during the wait (a device asleep): the wait overran the limit.
        val jump =
            object : RetryListener {
                override fun onRetry(event: RetryEvent) {
                    ticker.skewMillis += 500
                }
            }
        val f = Fixture(this, jump)
        ticker = f.ticker
        val recovered = mutableListOf<Throwable>()
        val call =
            object :
                ScriptedCall<String>(
                    f.retrier(3, fixed(100), maxDurationMillis = 300),
                    null,
                    { throw IOException("fail $it") },
                ) {
                override suspend fun recover(failure: Throwable): String {
                    recovered += failure
                    return "recovered"
                }
            }

        assertEquals("recovered", call.run())

        assertEquals(1, call.attempts) // no attempt starts after the limit
        assertEquals("fail 1", recovered.single().message)
        assertEquals(100L, currentTime)
        assertEquals(
            listOf("retry #1 fail 1 100ms +0ms", "failure #1 fail 1 DURATION_EXHAUSTED +600ms"),
            f.listener.events,
        )
    }

    @Test
    fun aRetryIfThatThrowsEndsTheCallWithWhatItThrew() = runTest {
        val f = Fixture(this)
        val broken = IllegalStateException("retryIf broke")
        val call =
            object : ScriptedCall<String>(f.retrier(3, fixed(100)), null, down) {
                override fun retryIf(failure: Throwable): Boolean = throw broken

                override suspend fun recover(failure: Throwable): String = "recovered"
            }

        assertSame(broken, thrownBy { call.run() })

        assertEquals(1, call.attempts)
        assertEquals(listOf("failure #1 retryIf broke USER_CODE_FAILED +0ms"), f.listener.events)
    }

    @Test
    fun aDelayForThatThrowsEndsTheCallWithWhatItThrew() = runTest {
        val f = Fixture(this)
        val broken = Exception("delayFor broke") // checked in Java: thrown as it is all the same
        val call =
            object : ScriptedCall<String>(f.retrier(3, fixed(100)), null, down) {
                override fun delayFor(failure: Throwable): Long = throw broken

                override suspend fun recover(failure: Throwable): String = "recovered"
            }

        assertSame(broken, thrownBy { call.run() })

        assertEquals(listOf("failure #1 delayFor broke USER_CODE_FAILED +0ms"), f.listener.events)
    }

    @Test
    fun aRetryOnResultThatThrowsEndsTheCallWithWhatItThrew() = runTest {
        val f = Fixture(this)
        val broken = IllegalStateException("retryOnResult broke")
        val call =
            object : ScriptedCall<String>(f.retrier(3, fixed(100)), null, { "ok" }) {
                override fun rejects(result: String): Boolean = throw broken

                override suspend fun recover(failure: Throwable): String = "recovered"
            }

        assertSame(broken, thrownBy { call.run() })

        assertEquals(1, call.attempts)
        assertEquals(
            listOf("failure #1 retryOnResult broke USER_CODE_FAILED +0ms"),
            f.listener.events,
        )
    }

    @Test
    fun aDelayForResultThatThrowsEndsTheCallWithWhatItThrew() = runTest {
        val f = Fixture(this)
        val broken = IllegalStateException("delayFor broke")
        val call =
            object : ScriptedCall<String>(f.retrier(3, fixed(100)), null, { "busy" }) {
                override fun rejects(result: String): Boolean = true

                override fun delayForResult(result: String): Long = throw broken
            }

        assertSame(broken, thrownBy { call.run() })

        assertEquals(listOf("failure #1 delayFor broke USER_CODE_FAILED +0ms"), f.listener.events)
    }
}
