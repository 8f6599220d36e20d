package io.retrygen.kt

import io.retrygen.runtime.RetryOptions
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.delay
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** The subclass kapt and retry-processor wrote for the `open` class [Ledger]'s suspend function. */
@OptIn(ExperimentalCoroutinesApi::class) // the virtual clock of runTest
class LedgerTest {
  @Test
  fun theOpenSuspendFunctionIsRetriedThroughSuper() = runTest {
    var calls = 0
    val ledger: Ledger =
      LedgerRetrying(
        RetryOptions.builder().ticker { testScheduler.currentTime * 1_000_000L }.build(),
        AccountStore { _ ->
          calls++
          delay(10)
          check(calls == 3) { "not yet" }
          42L
        },
      )

    assertEquals(42L, ledger.balance("acc"))

    assertEquals(3, calls)
    assertEquals(3 * 10L + 2 * 25L, currentTime)
  }

  @Test
  fun theFinalSuspendFunctionIsNotGuardedAndThePlainRecoverAnswersForTheOpenOne() = runTest {
    var calls = 0
    val ledger: Ledger =
      LedgerRetrying(
        RetryOptions.builder().ticker { testScheduler.currentTime * 1_000_000L }.build(),
        AccountStore { _ ->
          calls++
          error("no such account")
        },
      )

    assertEquals(-1L, ledger.balance("acc")) // three attempts, 25 ms apart, then unknown()
    assertEquals(3, calls)
    assertEquals(50L, currentTime)
    calls = 0
    runCatching { ledger.audit("acc") }
    assertEquals(1, calls)
  }
}
