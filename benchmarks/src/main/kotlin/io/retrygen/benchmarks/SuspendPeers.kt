package io.retrygen.benchmarks

import io.github.resilience4j.kotlin.retry.decorateSuspendFunction
import io.github.resilience4j.retry.Retry
import io.github.resilience4j.retry.RetryConfig
import java.time.Duration
import kotlin.coroutines.Continuation
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.cancellation.CancellationException
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.retry
import kotlinx.coroutines.flow.single

// The Kotlin rows' wrappers (issue 21), each a SuspendService around the backend, built once per
// trial. Same settings as every other row: 3 attempts, any exception but a cancellation retried,
// no wait between attempts.

/** The maximum attempts every suspend row is configured with. */
const val SUSPEND_MAX_ATTEMPTS = 3

/** The wait between attempts, for the rows that take one. */
const val SUSPEND_WAIT_MILLIS = 0L

/**
 * The loop a careful developer writes by hand: `repeat`, `try`, `delay`. A cancellation is
 * passed on, never retried; `delay(0)` returns at once without suspending.
 */
class LoopSuspendService(private val target: SuspendService) : SuspendService {
  override suspend fun call(input: String): String {
    repeat(SUSPEND_MAX_ATTEMPTS - 1) {
      try {
        return target.call(input)
      } catch (cancelled: CancellationException) {
        throw cancelled
      } catch (ignored: Exception) {
        // retried below
      }
      delay(SUSPEND_WAIT_MILLIS)
    }
    return target.call(input)
  }
}

/**
 * Resilience4j Kotlin: `Retry.decorateSuspendFunction`, which runs `executeSuspendFunction`, over
 * a block that captures the argument, decorated once (as the Java rows decorate their supplier).
 * `waitDuration(ZERO)`: its loop calls `delay(0)`, which does not suspend.
 */
class Resilience4jSuspendService(target: SuspendService, argument: String) : SuspendService {
  private val decorated: suspend () -> String

  init {
    val config =
        RetryConfig.custom<Any>()
            .maxAttempts(SUSPEND_MAX_ATTEMPTS)
            .waitDuration(Duration.ofMillis(SUSPEND_WAIT_MILLIS))
            .build()
    decorated = Retry.of("benchmark", config).decorateSuspendFunction { target.call(argument) }
  }

  override suspend fun call(input: String): String = decorated()
}

/**
 * kotlinx `Flow.retry`: `flow { emit(target.call(argument)) }.retry(2)`, built once, collected
 * with `single()` per call. `retry` retries any exception of the upstream but the collector's own
 * cancellation, without a wait.
 */
class FlowRetrySuspendService(target: SuspendService, argument: String) : SuspendService {
  private val retried: Flow<String> =
      flow { emit(target.call(argument)) }.retry(SUSPEND_MAX_ATTEMPTS - 1L)

  override suspend fun call(input: String): String = retried.single()
}

/**
 * The completion every suspend row is called with from Java, one per trial: the caller's
 * continuation, as a coroutine's own frame would be. Its context is one active [Job] and no
 * dispatcher, so that the code under test sees a coroutine that can be cancelled, reads its
 * state when it checks for cancellation, and runs on the benchmark thread. No row suspends (a
 * 0 ms `delay` returns at once), so the called function returns its value directly and this
 * completion is never resumed; [resumptions] counts it if it ever is.
 */
class Completion : Continuation<Any?> {
  override val context: CoroutineContext = Job()

  /** How often a call suspended and was resumed later: 0 for every row. */
  @Volatile
  var resumptions: Int = 0
    private set

  override fun resumeWith(result: Result<Any?>) {
    resumptions++
  }
}
