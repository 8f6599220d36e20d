package io.retrygen.kt.spring

import io.retrygen.Backoff
import io.retrygen.Retryable
import java.io.IOException
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Service

/**
 * A Spring service as a Kotlin user writes it: not `open` (the kotlin-spring compiler plugin opens
 * `@Service` classes and their functions, in kapt's stubs too, so retry-processor generates
 * `RateServiceRetrying`), dependencies through the primary constructor. With `@EnableRetrygen`
 * the context creates it as `RateServiceRetrying`, through the twin of the primary constructor.
 */
@Service
class RateService(
  /** One of two [RateSource] beans: the qualifier says which, on the generated twin too. */
  @param:Qualifier("flakyRates") val source: RateSource,
  /**
   * The default value makes Kotlin add a synthetic constructor: Spring still picks the primary one
   * (BeanUtils.findPrimaryConstructor, through kotlin-reflect), and so must its generated twin.
   */
  @param:Value("\${rates.currency}") val currency: String = "EUR",
) {

  @Retryable(retryFor = [IOException::class], maxAttempts = 4, backoff = Backoff(delay = 100))
  fun rate(symbol: String): String = "${source.rate(symbol)} $currency"

  @Retryable(retryFor = [IOException::class], maxAttempts = 4, backoff = Backoff(delay = 50))
  suspend fun rateLater(symbol: String): String = "${source.rateLater(symbol)} $currency"
}

/** Where [RateService] reads rates. */
interface RateSource {
  fun rate(symbol: String): Long

  suspend fun rateLater(symbol: String): Long
}

/** Fails with an [IOException] until [failures] calls have failed, then answers 42; counts calls. */
class FlakyRates(var failures: Int) : RateSource {
  var calls = 0
    private set

  override fun rate(symbol: String): Long {
    calls++
    if (calls <= failures) {
      throw IOException("rates down ($calls)")
    }
    return 42L
  }

  override suspend fun rateLater(symbol: String): Long = rate(symbol)
}

/** The other [RateSource] bean, which the qualifier rules out. */
class FixedRates : RateSource {
  override fun rate(symbol: String): Long = throw AssertionError("the qualifier chose FixedRates")

  override suspend fun rateLater(symbol: String): Long = rate(symbol)
}
