package io.retrygen.kt

import io.retrygen.Backoff
import io.retrygen.Recover
import io.retrygen.Retryable

/**
 * An `open` class with a `suspend` function: the generated subclass `LedgerRetrying` overrides it
 * and runs `super`'s attempts through retry-kotlin.
 */
open class Ledger(private val store: AccountStore) {
  @Retryable(retryFor = [IllegalStateException::class], backoff = Backoff(delay = 25))
  open suspend fun balance(account: String): Long = store.balance(account)

  /** Not `open`: Kotlin keeps it final, the subclass inherits it unguarded. */
  suspend fun audit(account: String): Long = store.balance(account)

  @Recover
  fun unknown(failure: IllegalStateException, account: String): Long = -1L
}

/** Where [Ledger] reads balances. */
fun interface AccountStore {
  suspend fun balance(account: String): Long
}
