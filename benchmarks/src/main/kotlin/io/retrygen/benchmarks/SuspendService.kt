package io.retrygen.benchmarks

/**
 * The suspend function every Kotlin row calls (issue 21). The backends implement it in Java
 * ([InlineSuspendBackend], [DontInlineSuspendBackend]) as the JVM sees a `suspend fun` that
 * never suspends: `Object call(String, Continuation)` returning its value, or throwing.
 */
interface SuspendService {
  suspend fun call(input: String): String
}
