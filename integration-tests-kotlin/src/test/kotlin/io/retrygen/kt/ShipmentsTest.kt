package io.retrygen.kt

import io.retrygen.runtime.PolicyOverrides
import io.retrygen.runtime.RetryOptions
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

/**
 * A Kotlin annotation class carrying `@Retryable` (SPEC §17), read through kapt, and run-time
 * overrides of the policy it gives a `suspend` function.
 */
@OptIn(ExperimentalCoroutinesApi::class) // the virtual clock of runTest
class ShipmentsTest {
  /** A delegate whose `track` fails `failures` times with IllegalStateException. */
  private class Flaky(private val failures: Int) : Shipments {
    var trackCalls = 0
    var cancelCalls = 0

    override suspend fun track(id: String): String {
      trackCalls++
      check(trackCalls > failures) { "carrier busy" }
      return "in transit"
    }

    override fun cancel(id: String): Boolean {
      cancelCalls++
      throw IllegalStateException("carrier busy")
    }
  }

  @Test
  fun theKotlinMetaAnnotationGivesTheSuspendFunctionItsPolicy() = runTest {
    val delegate = Flaky(failures = 3)
    val shipments = ShipmentsRetrying(delegate, RetryOptions.defaults())

    assertEquals("in transit", shipments.track("S1"))

    assertEquals(4, delegate.trackCalls) // maxAttempts = 4 from @CarrierRetry
    assertEquals(3 * 20L, currentTime) // its 20 ms waits, in runTest's virtual time
  }

  @Test
  fun aFunctionsOwnRetryableBeatsTheTypesMetaAnnotation() {
    val delegate = Flaky(failures = 0)
    val shipments = ShipmentsRetrying(delegate, RetryOptions.builder().sleeper { }.build())

    assertThrows(IllegalStateException::class.java) { shipments.cancel("S1") }

    assertEquals(2, delegate.cancelCalls)
  }

  @Test
  fun overridesChangeTheMetaAnnotationsPolicyPerLabel() = runTest {
    val delegate = Flaky(failures = 5)
    val overrides = PolicyOverrides.from(
      mapOf(
        "retrygen.retry.Shipments.track.maxAttempts" to "6",
        "retrygen.retry.Shipments.track.delay" to "7",
      ),
    )
    val shipments = ShipmentsRetrying(delegate, RetryOptions.builder().overrides(overrides).build())

    assertEquals("in transit", shipments.track("S1"))

    assertEquals(6, delegate.trackCalls)
    assertEquals(5 * 7L, currentTime)
    assertFalse(overrides.unusedKeys().contains("retrygen.retry.Shipments.track.delay"))
  }
}
