package io.retrygen.kt

import io.retrygen.Backoff
import io.retrygen.CircuitBreaker
import io.retrygen.Recover
import io.retrygen.RetryBudget
import io.retrygen.Retryable
import java.io.IOException
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flowOf

/**
 * A quote API declared with coroutines: kapt shows each `suspend` function to retry-processor as
 * `Object f(..., Continuation<? super T>)`, and the generated `QuoteServiceRetrying` (Java) runs
 * each call's attempts in the caller's coroutine through retry-kotlin, waiting with `delay`.
 */
interface QuoteService {
  /** Up to 4 attempts on I/O failures, 100, 200 then 400 ms apart; recovered by [lastQuote]. */
  @Retryable(
    retryFor = [IOException::class],
    maxAttempts = 4,
    backoff = Backoff(delay = 100, multiplier = 2.0),
  )
  suspend fun quote(symbol: String): String

  /** The suspend recovery of [quote]: what the cache says, itself a suspending call. */
  @Recover
  suspend fun lastQuote(failure: IOException, symbol: String): String =
    "${cachedQuote(symbol)} (cached after ${failure.message})"

  /** Where [lastQuote] looks; not guarded. */
  suspend fun cachedQuote(symbol: String): String

  /** Asked again, 10 ms apart, while the order is still pending: at most 3 times. */
  @Retryable(maxAttempts = 3, retryOnResult = "isPending", backoff = Backoff(delay = 10))
  suspend fun status(orderId: String): String

  /** The `retryOnResult` predicate of [status]: a plain function. */
  fun isPending(status: String): Boolean = status == "pending"

  /** Returns nothing; recovered by the plain [publishFailed] once 2 attempts failed. */
  @Retryable(maxAttempts = 2, backoff = Backoff(delay = 30))
  suspend fun publish(symbol: String, price: Long)

  /** A plain recover function of a `suspend` one. */
  @Recover
  fun publishFailed(failure: IllegalStateException, symbol: String) {
    failedPublications += "$symbol: ${failure.message}"
  }

  /** What [publishFailed] was told, in order. */
  val failedPublications: MutableList<String>

  /** A cold flow of ticks, re-collected from the start after an I/O failure, 50 ms later. */
  @Retryable(retryFor = [IOException::class], backoff = Backoff(delay = 50))
  fun ticks(symbol: String): Flow<String>

  /** What [ticks] falls back to once it gave up. */
  @Recover
  fun noTicks(failure: IOException, symbol: String): Flow<String> = flowOf("$symbol closed")

  /** One attempt per call through a breaker that opens after 2 failures in a window of 2. */
  @CircuitBreaker(
    name = "quotes.depth",
    requestVolumeThreshold = 2,
    failureRatio = 1.0,
    delay = 1000,
  )
  suspend fun depth(symbol: String): Int

  /** Retries share a budget of 4 tokens: a retry needs more than 2 left. */
  @RetryBudget(name = "quotes.budget", maxTokens = 4, tokenRatio = 0.5)
  @Retryable(maxAttempts = 3, backoff = Backoff(delay = 10))
  suspend fun volume(symbol: String): Long
}
