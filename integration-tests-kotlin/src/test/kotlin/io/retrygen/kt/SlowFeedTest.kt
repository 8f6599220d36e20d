package io.retrygen.kt

import io.retrygen.runtime.AttemptTimeoutException
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** `@Timeout` on a generated `suspend` function and `Flow`, in `runTest`'s virtual time. */
@OptIn(ExperimentalCoroutinesApi::class) // the virtual clock of runTest
class SlowFeedTest {
  private class Hanging(private val answers: MutableList<Long?>) : SlowFeed {
    var calls = 0

    override suspend fun price(symbol: String): Long {
      calls++
      return answers.removeAt(0) ?: awaitCancellation()
    }

    override fun ticks(symbol: String): Flow<Long> = flow {
      calls++
      emit(1L)
      delay(10_000)
      emit(2L)
    }
  }

  @Test
  fun anAttemptThatHangsFailsAtTheLimitAndIsRetried() = runTest {
    val delegate = Hanging(mutableListOf(null, 42L))

    val price = SlowFeedRetrying(delegate).price("ACME")

    assertEquals(42L, price)
    assertEquals(2, delegate.calls)
    assertEquals(350L, currentTime) // 300 ms limit, then the 50 ms wait
  }

  @Test
  fun theLastAttemptThatHangsEndsTheCallWithTheTimeout() = runTest {
    val delegate = Hanging(mutableListOf(null, null))

    val failure = assertThrows<AttemptTimeoutException> { SlowFeedRetrying(delegate).price("ACME") }

    assertEquals("SlowFeed.price", failure.label())
    assertEquals(300L, failure.timeoutMillis())
    assertEquals(650L, currentTime)
  }

  @Test
  fun aCollectionThatRunsOutIsRecovered() = runTest {
    val delegate = Hanging(mutableListOf())

    val ticks = SlowFeedRetrying(delegate).ticks("ACME").toList()

    assertEquals(listOf(1L, -1L), ticks) // what came before the limit, then the recovery's
    assertEquals(200L, currentTime)
  }
}
