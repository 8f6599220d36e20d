package io.retrygen.benchmarks

import io.retrygen.Backoff
import io.retrygen.Retryable

/**
 * The suspend function every Kotlin row calls (issue 21). kapt hands its stub to retry-processor,
 * which writes the delegate `SuspendServiceRetrying` (Java): the retrygen row. Same settings as
 * [Service]: any exception retried, 3 attempts, no wait between them. The backends implement it
 * in Java ([InlineSuspendBackend], [DontInlineSuspendBackend]) as the JVM sees a `suspend fun`
 * that never suspends: `Object call(String, Continuation)` returning its value, or throwing.
 */
interface SuspendService {
  @Retryable(maxAttempts = 3, backoff = Backoff(delay = 0))
  suspend fun call(input: String): String
}
