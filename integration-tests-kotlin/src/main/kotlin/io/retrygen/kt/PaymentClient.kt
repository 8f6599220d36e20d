package io.retrygen.kt

import io.retrygen.Backoff
import io.retrygen.Recover
import io.retrygen.Retryable
import java.io.IOException

/**
 * A payment API declared in Kotlin. kapt hands its stub to retry-processor, which writes the
 * delegate `PaymentClientRetrying` (Java) next to it.
 */
interface PaymentClient {
  /** Retried on I/O failures, 100 ms then 200 ms apart; recovered by [queueCharge]. */
  @Retryable(retryFor = [IOException::class], backoff = Backoff(delay = 100, multiplier = 2.0))
  fun charge(account: String, cents: Long): String

  /** Retried while [isTransient] says so, up to 4 attempts, 50 ms apart. */
  @Retryable(maxAttempts = 4, retryIf = "isTransient", backoff = Backoff(delay = 50))
  fun refund(account: String): String

  /** Not guarded: the delegate forwards it once. */
  fun balance(account: String): Long

  /**
   * What [charge] returns when it gives up. A function with a body in an interface: with
   * `-jvm-default=enable` it is a Java default method, which the generated delegate calls.
   */
  @Recover
  fun queueCharge(failure: IOException, account: String, cents: Long): String =
    "queued $cents for $account after ${failure.message}"

  /** The `retryIf` predicate of [refund], a default method too. */
  fun isTransient(failure: Exception): Boolean = failure.message != "card blocked"
}
