package io.retrygen.kt

import io.retrygen.Backoff
import io.retrygen.Retryable

/**
 * An `open` class with a type-level `@Retryable`: retry-processor writes the subclass
 * `InventoryRetrying`, which guards every function it can override, the `open` ones. Kotlin
 * functions are final unless marked `open`, so [audit] and [isPending] stay unguarded (silently:
 * a type-level annotation skips what it cannot override).
 */
@Retryable(maxAttempts = 4, backoff = Backoff(delay = 20))
open class Inventory(private val warehouse: Warehouse) {
  open fun reserve(sku: String, count: Int): Int = warehouse.reserve(sku, count)

  /** Asks again, 10 ms apart, while the order is still pending. */
  @Retryable(maxAttempts = 3, retryOnResult = "isPending", backoff = Backoff(delay = 10))
  open fun status(orderId: String): String = warehouse.status(orderId)

  /** Not `open`: inherited by the generated subclass as it is, called once. */
  fun audit(sku: String): String = warehouse.audit(sku)

  /** The `retryOnResult` predicate of [status]. */
  fun isPending(status: String): Boolean = status == "pending"
}

/** What [Inventory] calls; not annotated, so nothing is generated for it. */
interface Warehouse {
  fun reserve(sku: String, count: Int): Int

  fun status(orderId: String): String

  fun audit(sku: String): String
}
