package io.retrygen.kt

import io.retrygen.Backoff
import io.retrygen.Recover
import io.retrygen.Retryable

/**
 * A stateful listener written in Kotlin (SPEC §19): the generated subclass `RedeliveriesRetrying`
 * makes one attempt per call and counts failures per message id across calls.
 */
open class Redeliveries {
  val calls = mutableListOf<String>()

  @Retryable(stateful = true, stateKey = "idOf", maxAttempts = 2, backoff = Backoff(delay = 0))
  open fun onMessage(id: String, body: String) {
    calls += "$id:$body"
    throw IllegalStateException("$id:$body")
  }

  fun idOf(id: String): String = id

  @Recover
  fun deadLetter(failure: IllegalStateException, id: String): Unit {
    calls += "dead $id ${failure.message}"
  }
}
