package io.retrygen.kt

import io.retrygen.Backoff
import io.retrygen.Retryable

/**
 * A team's retry policy declared once as a Kotlin annotation class: kapt's stub carries its
 * `@Retryable`, so it stands for it wherever it is placed (a meta-annotation).
 */
@Retryable(retryFor = [IllegalStateException::class], maxAttempts = 4, backoff = Backoff(delay = 20))
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.CLASS, AnnotationTarget.FUNCTION)
annotation class CarrierRetry

/** An interface whose functions take their policy from [CarrierRetry], `suspend` ones included. */
@CarrierRetry
interface Shipments {
  suspend fun track(id: String): String

  @Retryable(maxAttempts = 2, backoff = Backoff(delay = 5))
  fun cancel(id: String): Boolean
}
