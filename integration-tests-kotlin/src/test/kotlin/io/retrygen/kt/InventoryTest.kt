package io.retrygen.kt

import io.retrygen.runtime.RetryOptions
import io.retrygen.test.RecordingListener
import io.retrygen.test.VirtualTime
import java.lang.reflect.Modifier
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The subclass kapt and retry-processor wrote for an `open` Kotlin class, in virtual time. */
class InventoryTest {
  private val clock = VirtualTime.start()
  private val listener = RecordingListener()
  private val options =
    RetryOptions.builder().sleeper(clock).ticker(clock).listener(listener).build()

  /** Throws the scripted failures first, then answers with the scripted statuses. */
  private class ScriptedWarehouse(
    private val failures: ArrayDeque<RuntimeException> = ArrayDeque(),
    private val statuses: ArrayDeque<String> = ArrayDeque(),
  ) : Warehouse {
    val calls = mutableListOf<String>()

    private fun record(call: String) {
      calls += call
      failures.removeFirstOrNull()?.let { throw it }
    }

    override fun reserve(sku: String, count: Int): Int {
      record("reserve $sku $count")
      return count
    }

    override fun status(orderId: String): String {
      record("status $orderId")
      return statuses.removeFirst()
    }

    override fun audit(sku: String): String {
      record("audit $sku")
      return "audited $sku"
    }
  }

  private fun failing(vararg failures: RuntimeException) =
    ScriptedWarehouse(failures = ArrayDeque(failures.toList()))

  @Test
  fun generatedClassIsAFinalSubclassWithTheConstructorTwice() {
    val generated = InventoryRetrying::class.java
    assertTrue(Modifier.isFinal(generated.modifiers))
    assertEquals(Inventory::class.java, generated.superclass)
    generated.getConstructor(Warehouse::class.java)
    generated.getConstructor(RetryOptions::class.java, Warehouse::class.java)
  }

  @Test
  fun openFunctionIsGuardedByTheTypeLevelAnnotation() {
    val warehouse = failing(IllegalStateException("1"), IllegalStateException("2"))
    val inventory: Inventory = InventoryRetrying(options, warehouse)

    assertEquals(7, inventory.reserve("sku-1", 7))

    assertEquals(List(3) { "reserve sku-1 7" }, warehouse.calls)
    assertEquals(listOf(20L, 20L), clock.sleeps())
    assertEquals(
      "Inventory.reserve: retry 1 (20 ms), retry 2 (20 ms), success 3",
      listener.toString(),
    )
  }

  @Test
  fun openFunctionGivesUpAfterMaxAttemptsWithTheLastFailure() {
    val last = IllegalStateException("4")
    val warehouse =
      failing(IllegalStateException("1"), IllegalStateException("2"), IllegalStateException("3"), last)
    val inventory = InventoryRetrying(options, warehouse)

    assertSame(last, assertThrows<IllegalStateException> { inventory.reserve("sku-1", 7) })

    assertEquals(4, warehouse.calls.size)
    assertEquals(listOf(20L, 20L, 20L), clock.sleeps())
    assertEquals(
      "Inventory.reserve: retry 1 (20 ms), retry 2 (20 ms), retry 3 (20 ms)," +
        " failure 4 ATTEMPTS_EXHAUSTED",
      listener.toString(),
    )
    assertSame(last, listener.lastFailure("Inventory.reserve"))
  }

  @Test
  fun retryOnResultAsksAgainWhileTheOrderIsPending() {
    val warehouse = ScriptedWarehouse(statuses = ArrayDeque(listOf("pending", "pending", "shipped")))
    val inventory = InventoryRetrying(options, warehouse)

    assertEquals("shipped", inventory.status("o-1"))

    assertEquals(3, warehouse.calls.size)
    assertEquals(listOf(10L, 10L), clock.sleeps())
  }

  @Test
  fun retryOnResultReturnsTheLastResultWhenAttemptsRunOut() {
    val warehouse = ScriptedWarehouse(statuses = ArrayDeque(List(3) { "pending" }))
    val inventory = InventoryRetrying(options, warehouse)

    assertEquals("pending", inventory.status("o-1"))

    assertEquals(3, warehouse.calls.size)
    assertEquals(listOf(10L, 10L), clock.sleeps())
  }

  @Test
  fun functionThatIsNotOpenIsInheritedUnguarded() {
    val failure = IllegalStateException("down")
    val warehouse = failing(failure)
    val inventory = InventoryRetrying(warehouse)

    assertSame(failure, assertThrows<IllegalStateException> { inventory.audit("sku-1") })

    assertEquals(listOf("audit sku-1"), warehouse.calls)
    assertEquals("", listener.toString())
  }
}
