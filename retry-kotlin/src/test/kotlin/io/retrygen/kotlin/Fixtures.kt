package io.retrygen.kotlin

import io.retrygen.RetryEvent
import io.retrygen.RetryListener
import io.retrygen.runtime.BackoffPolicy
import io.retrygen.runtime.RetryOptions
import io.retrygen.runtime.Sleeper
import io.retrygen.runtime.Ticker
import io.retrygen.runtime.internal.AttemptTimer
import io.retrygen.runtime.internal.CircuitBreakerGate
import io.retrygen.runtime.internal.CircuitBreakerPolicy
import io.retrygen.runtime.internal.Retrier
import io.retrygen.runtime.internal.RetryPolicy
import io.retrygen.runtime.internal.TimeoutPolicy
import java.io.IOException
import java.util.concurrent.atomic.AtomicInteger
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.test.TestCoroutineScheduler
import kotlinx.coroutines.test.TestScope

/**
 * The test scheduler's virtual time in nanoseconds, so that `maxDuration`, the events' times and
 * the breaker's delay follow `delay`; plus [skewMillis], for a clock that jumps past a wait.
 * (Not retry-test's `VirtualTime`: suspend calls wait with `delay` on the test scheduler, which
 * is the time to read.)
 */
class VirtualTicker(private val scheduler: TestCoroutineScheduler) : Ticker {
    var skewMillis = 0L

    override fun nanoTime(): Long = (scheduler.currentTime + skewMillis) * 1_000_000L
}

/**
 * Every event as one line: `retry #1 one 100ms +0ms`, `failure #3 three CANCELLED +250ms`. (Not
 * retry-test's `RecordingListener`: these lines carry the failure's message, the reason and a
 * time finer than a millisecond when the clock was not whole, which the coroutine tests check.)
 */
class RecordingListener : RetryListener {
    val events = mutableListOf<String>()

    override fun onRetry(event: RetryEvent) {
        val wait = event.delayMillis()
        events += "retry #${event.attempt()} ${describe(event)} ${wait}ms ${at(event)}"
    }

    override fun onSuccess(event: RetryEvent) {
        events += "success #${event.attempt()} ${at(event)}"
    }

    override fun onFailure(event: RetryEvent) {
        events += "failure #${event.attempt()} ${describe(event)} ${event.reason()} ${at(event)}"
    }

    private fun describe(event: RetryEvent): String =
        event.failure()?.let { it.message ?: it.javaClass.simpleName } ?: "-"

    /** Whole milliseconds of virtual time; anything finer would be a clock we did not set. */
    private fun at(event: RetryEvent): String {
        val nanos = event.elapsedNanos()
        return if (nanos % 1_000_000L == 0L) "+${nanos / 1_000_000L}ms" else "+${nanos}ns"
    }
}

private val ids = AtomicInteger()

/**
 * One test's options and names, made inside `runTest`: a ticker on its virtual time, a listener
 * that records, and a label no other test shares (breakers and budgets live per name in the
 * process). The options' sleeper fails the test: coroutines wait with `delay` only.
 */
class Fixture(scope: TestScope, vararg extraListeners: RetryListener) {
    val ticker = VirtualTicker(scope.testScheduler)
    val listener = RecordingListener()
    val label = "Client.call${ids.incrementAndGet()}"
    val options: RetryOptions =
        RetryOptions.builder()
            .ticker(ticker)
            .sleeper(Sleeper { millis -> throw AssertionError("slept $millis ms on a thread") })
            .listener(listener)
            .apply { extraListeners.forEach { listener(it) } }
            .build()

    /** As generated code binds `@Retryable`: a constant policy, bound to the instance's options. */
    fun retrier(
        maxAttempts: Int,
        backoff: BackoffPolicy,
        maxDurationMillis: Long = 0L,
    ): Retrier = policy(maxAttempts, backoff, maxDurationMillis).bind(options)

    fun policy(maxAttempts: Int, backoff: BackoffPolicy, maxDurationMillis: Long = 0L) =
        RetryPolicy(label, maxAttempts, maxDurationMillis, backoff)

    /** As generated code binds `@Timeout(millis)`. */
    fun timer(millis: Long): AttemptTimer = TimeoutPolicy(label, millis).bind(options)

    /** As generated code binds an unnamed `@CircuitBreaker`: under the method's label. */
    fun breaker(
        requestVolumeThreshold: Int,
        failureRatio: Double,
        delayMillis: Long,
        successThreshold: Int = 1,
    ): CircuitBreakerGate {
        val policy =
            CircuitBreakerPolicy(
                "", requestVolumeThreshold, failureRatio, delayMillis, successThreshold)
        return policy.bind(options, label)
    }
}

/**
 * Step 1 as generated code writes it for `@Retryable(noRetryFor = IllegalArgumentException::class)`
 * (retryFor defaults to Exception; interruption and cancellation are never retried).
 */
fun retryForException(failure: Throwable): Boolean =
    failure is Exception &&
        failure !is IllegalArgumentException &&
        !(failure is InterruptedException || failure is CancellationException)

/**
 * What generated code writes for a guarded `suspend` function: one attempt calls the delegate
 * (here [attempt], given the attempt's number), the classification of [retryForException], and
 * the breaker's `failOn = Exception`. Tests override the other hooks in anonymous subclasses.
 */
open class ScriptedCall<T>(
    retrier: Retrier?,
    breaker: CircuitBreakerGate?,
    timer: AttemptTimer?,
    private val attempt: suspend (Int) -> T,
) : SuspendCall<T>(retrier, breaker, timer) {
    constructor(
        retrier: Retrier?,
        breaker: CircuitBreakerGate? = null,
        attempt: suspend (Int) -> T,
    ) : this(retrier, breaker, null, attempt)

    var attempts = 0
        private set

    override suspend fun call(): T = attempt(++attempts)

    override fun retryable(failure: Throwable): Boolean = retryForException(failure)

    override fun breakerFailure(failure: Throwable): Boolean = failure is Exception
}

/** An attempt that fails with a new `IOException("down")`, retryable. */
val down: suspend (Int) -> String = { throw IOException("down") }

/** [ScriptedCall] for a function returning a `Flow`: [attempt] makes the flow of each call. */
open class ScriptedFlow<T>(
    retrier: Retrier?,
    breaker: CircuitBreakerGate?,
    timer: AttemptTimer?,
    private val attempt: (Int) -> Flow<T>,
) : FlowCall<T>(retrier, breaker, timer) {
    constructor(
        retrier: Retrier?,
        breaker: CircuitBreakerGate? = null,
        attempt: (Int) -> Flow<T>,
    ) : this(retrier, breaker, null, attempt)

    var calls = 0
        private set

    override fun call(): Flow<T> = attempt(++calls)

    override fun retryable(failure: Throwable): Boolean = retryForException(failure)

    override fun breakerFailure(failure: Throwable): Boolean = failure is Exception
}

/** What [block] threw; fails the test when it returned. */
inline fun thrownBy(block: () -> Any?): Throwable {
    val result =
        try {
            block()
        } catch (thrown: Throwable) {
            return thrown
        }
    throw AssertionError("returned $result, threw nothing")
}
