package io.retrygen.kt

import io.retrygen.GiveUpReason
import io.retrygen.runtime.CircuitBreakerOpenException
import io.retrygen.runtime.CircuitBreakerState
import io.retrygen.runtime.CircuitBreakers
import io.retrygen.runtime.RetryBudgets
import io.retrygen.runtime.RetryOptions
import io.retrygen.runtime.Sleeper
import io.retrygen.test.RecordingListener
import java.io.IOException
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.launch
import kotlinx.coroutines.test.TestScope
import kotlinx.coroutines.test.advanceTimeBy
import kotlinx.coroutines.test.currentTime
import kotlinx.coroutines.test.runCurrent
import kotlinx.coroutines.test.runTest
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/**
 * The class kapt and retry-processor wrote for [QuoteService]'s `suspend` functions and `Flow`,
 * run with `runTest`: every wait is a `delay` in the test's virtual time, so each test asserts
 * the exact waits by the virtual clock and by the listeners' events.
 */
@OptIn(ExperimentalCoroutinesApi::class) // the virtual clock of runTest
class QuoteServiceTest {
  /** Each function's calls answer with the next scripted outcome: a value, or a throw. */
  private class ScriptedQuotes(vararg outcomes: Any) : QuoteService {
    private val script = ArrayDeque(outcomes.toList())
    val calls = mutableListOf<String>()
    override val failedPublications = mutableListOf<String>()

    private fun next(call: String): Any {
      calls += call
      val outcome = script.removeFirst()
      if (outcome is Throwable) {
        throw outcome
      }
      return outcome
    }

    override suspend fun quote(symbol: String): String {
      delay(5) // a real suspension: each attempt takes 5 ms of virtual time
      return next("quote $symbol") as String
    }

    override suspend fun cachedQuote(symbol: String): String {
      delay(1)
      return "12.5"
    }

    override suspend fun status(orderId: String) = next("status $orderId") as String

    override suspend fun publish(symbol: String, price: Long) {
      next("publish $symbol $price")
    }

    override fun ticks(symbol: String): Flow<String> {
      calls += "ticks $symbol"
      val outcome = script.removeFirst()
      return flow {
        @Suppress("UNCHECKED_CAST") // a scripted flow outcome is a list of ticks, then maybe a failure
        for (tick in outcome as List<Any>) {
          if (tick is Throwable) throw tick
          emit(tick as String)
        }
      }
    }

    override suspend fun depth(symbol: String) = next("depth $symbol") as Int

    override suspend fun volume(symbol: String) = next("volume $symbol") as Long
  }

  private val listener = RecordingListener()

  /** Options whose ticker is the test's virtual clock; a sleeper that must never be called. */
  private fun TestScope.options(): RetryOptions =
    RetryOptions.builder()
      .ticker { testScheduler.currentTime * 1_000_000L }
      .sleeper(Sleeper { throw AssertionError("a suspend call waited with the Sleeper") })
      .listener(listener)
      .build()

  @AfterEach
  fun forgetSharedState() {
    CircuitBreakers.resetAll()
  }

  @Test
  fun retriesASuspendFunctionWaitingWithDelayInVirtualTime() = runTest {
    val quotes = ScriptedQuotes(IOException("1"), IOException("2"), "101.5")
    val service: QuoteService = QuoteServiceRetrying(quotes, options())

    assertEquals("101.5", service.quote("ACME"))

    assertEquals(List(3) { "quote ACME" }, quotes.calls)
    assertEquals(3 * 5L + 100L + 200L, currentTime) // three attempts of 5 ms, two waits
    assertEquals(
      "QuoteService.quote: retry 1 (100 ms), retry 2 (200 ms), success 3",
      listener.toString(),
    )
  }

  @Test
  fun givesUpAfterMaxAttemptsAndRecoversWithTheSuspendRecoverFunction() = runTest {
    val quotes = ScriptedQuotes(*Array(4) { IOException("down $it") })
    val service = QuoteServiceRetrying(quotes, options())

    assertEquals("12.5 (cached after down 3)", service.quote("ACME"))

    assertEquals(4 * 5L + 100 + 200 + 400 + 1, currentTime) // the recovery's own delay(1) too
    assertEquals(
      "QuoteService.quote: retry 1 (100 ms), retry 2 (200 ms), retry 3 (400 ms)," +
        " failure 4 ${GiveUpReason.ATTEMPTS_EXHAUSTED}",
      listener.toString(),
    )
  }

  @Test
  fun aFailureThatIsNotRetriedIsThrownAsItIs() = runTest {
    val failure = IllegalArgumentException("bad symbol")
    val quotes = ScriptedQuotes(failure)
    val service = QuoteServiceRetrying(quotes, options())

    val thrown = assertThrows<IllegalArgumentException> { service.quote("??") }

    assertSame(failure, thrown)
    assertEquals(
      "QuoteService.quote: failure 1 NOT_RETRYABLE",
      listener.toString(),
    )
  }

  @Test
  fun cancellingTheCallDuringAnAttemptStopsItWithoutRecovery() = runTest {
    val calls = mutableListOf<String>()
    val hanging =
      object : QuoteService by ScriptedQuotes() {
        override suspend fun quote(symbol: String): String {
          calls += "quote $symbol"
          awaitCancellation()
        }

        override suspend fun cachedQuote(symbol: String): String =
          throw AssertionError("recovered a cancelled call")
      }
    val service = QuoteServiceRetrying(hanging, options())

    val call = launch { service.quote("ACME") }
    advanceTimeBy(1_000)
    runCurrent()
    call.cancel()
    call.join()

    assertTrue(call.isCancelled)
    assertEquals(listOf("quote ACME"), calls)
    assertEquals(
      "QuoteService.quote: failure 1 CANCELLED",
      listener.toString(),
    )
  }

  @Test
  fun cancellingTheCallDuringAWaitStopsItBeforeTheNextAttempt() = runTest {
    val quotes = ScriptedQuotes(IOException("1"), "never reached")
    val service = QuoteServiceRetrying(quotes, options())

    val call = async { service.quote("ACME") }
    advanceTimeBy(5 + 50) // the attempt, then half the 100 ms wait
    runCurrent()
    call.cancel()

    assertThrows<CancellationException> { call.await() }
    assertEquals(listOf("quote ACME"), quotes.calls)
    assertEquals(
      "QuoteService.quote: retry 1 (100 ms), failure 1 CANCELLED",
      listener.toString(),
    )
    assertEquals(55L, currentTime)
  }

  @Test
  fun aRejectedResultIsAskedAgainThenTheLastResultReturned() = runTest {
    val quotes = ScriptedQuotes("pending", "pending", "pending")
    val service = QuoteServiceRetrying(quotes, options())

    assertEquals("pending", service.status("o-1"))

    assertEquals(20L, currentTime)
    assertEquals(
      "QuoteService.status: retry 1 (10 ms), retry 2 (10 ms), failure 3 ATTEMPTS_EXHAUSTED",
      listener.toString(),
    )
  }

  @Test
  fun aResultAcceptedOnTheSecondAttemptIsReturned() = runTest {
    val quotes = ScriptedQuotes("pending", "shipped")
    val service = QuoteServiceRetrying(quotes, options())

    assertEquals("shipped", service.status("o-1"))
    assertEquals(10L, currentTime)
  }

  @Test
  fun aUnitFunctionIsRecoveredByAPlainRecoverFunction() = runTest {
    val quotes = ScriptedQuotes(IllegalStateException("closed"), IllegalStateException("still"))
    val service = QuoteServiceRetrying(quotes, options())

    service.publish("ACME", 101)

    assertEquals(listOf("ACME: still"), quotes.failedPublications)
    assertEquals(30L, currentTime)
    assertEquals(
      "QuoteService.publish: retry 1 (30 ms), failure 2 ATTEMPTS_EXHAUSTED",
      listener.toString(),
    )
  }

  @Test
  fun aFlowIsColdAndReCollectedFromTheStartAfterAFailure() = runTest {
    val quotes =
      ScriptedQuotes(listOf("t1", "t2", IOException("reset")), listOf("t1", "t2", "t3"))
    val service = QuoteServiceRetrying(quotes, options())

    val ticks = service.ticks("ACME")
    assertEquals(emptyList<String>(), quotes.calls) // nothing runs before collection

    assertEquals(listOf("t1", "t2", "t1", "t2", "t3"), ticks.toList())
    assertEquals(listOf("ticks ACME", "ticks ACME"), quotes.calls)
    assertEquals(50L, currentTime)
    assertEquals(
      "QuoteService.ticks: retry 1 (50 ms), success 2",
      listener.toString(),
    )
  }

  @Test
  fun aFlowThatKeepsFailingEmitsTheRecoveryFlow() = runTest {
    val quotes = ScriptedQuotes(*Array(3) { listOf<Any>("t1", IOException("reset $it")) })
    val service = QuoteServiceRetrying(quotes, options())

    assertEquals(listOf("t1", "t1", "t1", "ACME closed"), service.ticks("ACME").toList())
    assertEquals(100L, currentTime)
    assertEquals(
      "QuoteService.ticks: retry 1 (50 ms), retry 2 (50 ms), failure 3 ATTEMPTS_EXHAUSTED",
      listener.toString(),
    )
  }

  @Test
  fun eachCollectionOfTheFlowIsACallOfItsOwn() = runTest {
    val quotes = ScriptedQuotes(listOf("a"), listOf("b", "c"))
    val ticks = QuoteServiceRetrying(quotes, options()).ticks("ACME")

    assertEquals("a", ticks.first())
    assertEquals(listOf("b", "c"), ticks.toList())
    assertEquals(
      "QuoteService.ticks: success 1, success 1",
      listener.toString(),
    )
  }

  @Test
  fun theBreakerOpensAfterTwoFailuresAndRefusesTheThirdCall() = runTest {
    val quotes = ScriptedQuotes(IOException("1"), IOException("2"), 7)
    val service = QuoteServiceRetrying(quotes, options())

    assertThrows<IOException> { service.depth("ACME") }
    assertThrows<IOException> { service.depth("ACME") }
    assertThrows<CircuitBreakerOpenException> { service.depth("ACME") }

    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state("quotes.depth"))
    assertEquals(2, quotes.calls.size)
    advanceTimeBy(1_000)
    assertEquals(7, service.depth("ACME")) // the trial call after the delay closes it
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state("quotes.depth"))
  }

  @Test
  fun theBudgetStopsRetryingOnceHalfItsTokensAreGone() = runTest {
    val quotes = ScriptedQuotes(*Array(5) { IllegalStateException("busy $it") })
    val service = QuoteServiceRetrying(quotes, options())
    val before = RetryBudgets.tokens("quotes.budget")

    assertThrows<IllegalStateException> { service.volume("ACME") }

    // 4 tokens: failure 1 takes one (3 left > 2: retry), failure 2 another (2 left: refused).
    assertEquals(2, quotes.calls.size)
    assertEquals(
      "QuoteService.volume: retry 1 (10 ms), failure 2 BUDGET_EXHAUSTED",
      listener.toString(),
    )
    assertEquals(before - 2, RetryBudgets.tokens("quotes.budget"))
  }
}
