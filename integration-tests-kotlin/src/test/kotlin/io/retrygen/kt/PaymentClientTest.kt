package io.retrygen.kt

import io.retrygen.runtime.RetryOptions
import io.retrygen.test.RecordingListener
import io.retrygen.test.VirtualTime
import java.io.IOException
import java.lang.reflect.Modifier
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/** The delegate kapt and retry-processor wrote for a Kotlin interface, driven in virtual time. */
class PaymentClientTest {
  private val clock = VirtualTime.start()
  private val listener = RecordingListener()
  private val options =
    RetryOptions.builder().sleeper(clock).ticker(clock).listener(listener).build()

  /** Fails with the scripted failures first, then answers; records every call. */
  private class ScriptedPayments(vararg failures: Exception) : PaymentClient {
    private val failures = ArrayDeque(failures.toList())
    val calls = mutableListOf<String>()

    private fun next(call: String): String {
      calls += call
      failures.removeFirstOrNull()?.let { throw it }
      return "ok $call"
    }

    override fun charge(account: String, cents: Long) = next("charge $account $cents")

    override fun refund(account: String) = next("refund $account")

    override fun balance(account: String): Long {
      next("balance $account")
      return 42
    }
  }

  @Test
  fun generatedClassIsAFinalDelegate() {
    val generated = PaymentClientRetrying::class.java
    assertTrue(Modifier.isFinal(generated.modifiers))
    assertTrue(PaymentClient::class.java.isAssignableFrom(generated))
  }

  @Test
  fun chargeSucceedsOnTheThirdAttemptAfterExponentialWaits() {
    val delegate = ScriptedPayments(IOException("timeout 1"), IOException("timeout 2"))
    val client: PaymentClient = PaymentClientRetrying(delegate, options)

    assertEquals("ok charge acct 500", client.charge("acct", 500))

    assertEquals(List(3) { "charge acct 500" }, delegate.calls)
    assertEquals(listOf(100L, 200L), clock.sleeps())
    assertEquals(
      "PaymentClient.charge: retry 1 (100 ms), retry 2 (200 ms), success 3",
      listener.toString(),
    )
  }

  @Test
  fun chargeThatGivesUpIsRecoveredByTheInterfacesDefaultMethod() {
    val delegate = ScriptedPayments(IOException("a"), IOException("b"), IOException("down"))
    val client = PaymentClientRetrying(delegate, options)

    assertEquals("queued 500 for acct after down", client.charge("acct", 500))

    assertEquals(3, delegate.calls.size)
    assertEquals(listOf(100L, 200L), clock.sleeps())
    assertEquals(
      "PaymentClient.charge: retry 1 (100 ms), retry 2 (200 ms), failure 3 ATTEMPTS_EXHAUSTED",
      listener.toString(),
    )
    assertEquals("down", listener.lastFailure("PaymentClient.charge")?.message)
  }

  @Test
  fun chargeIsNotRetriedForAFailureOutsideRetryForNorRecovered() {
    val failure = IllegalStateException("bug")
    val delegate = ScriptedPayments(failure)
    val client = PaymentClientRetrying(delegate, options)

    val thrown = assertThrows<IllegalStateException> { client.charge("acct", 1) }

    assertSame(failure, thrown)
    assertEquals(1, delegate.calls.size)
    assertEquals(emptyList<Long>(), clock.sleeps())
  }

  @Test
  fun refundIsRetriedWhileTheDefaultPredicateSaysTransient() {
    val delegate =
      ScriptedPayments(IOException("busy"), IOException("busy"), IOException("busy"))
    val client = PaymentClientRetrying(delegate, options)

    assertEquals("ok refund acct", client.refund("acct"))

    assertEquals(4, delegate.calls.size)
    assertEquals(listOf(50L, 50L, 50L), clock.sleeps())
  }

  @Test
  fun refundStopsAtOnceWhenThePredicateSaysNotTransient() {
    val blocked = IOException("card blocked")
    val delegate = ScriptedPayments(IOException("busy"), blocked)
    val client = PaymentClientRetrying(delegate, options)

    val thrown = assertThrows<IOException> { client.refund("acct") }

    assertSame(blocked, thrown)
    assertEquals(2, delegate.calls.size)
    assertEquals(listOf(50L), clock.sleeps())
    assertEquals(
      "PaymentClient.refund: retry 1 (50 ms), failure 2 RETRY_IF_REJECTED",
      listener.toString(),
    )
    assertSame(blocked, listener.lastFailure("PaymentClient.refund"))
  }

  @Test
  fun unguardedFunctionIsForwardedOnce() {
    val failure = IOException("down")
    val delegate = ScriptedPayments(failure)
    val client = PaymentClientRetrying(delegate, options)

    assertSame(failure, assertThrows<IOException> { client.balance("acct") })
    assertEquals(42L, client.balance("acct"))

    assertEquals(listOf("balance acct", "balance acct"), delegate.calls)
    assertEquals(emptyList<Long>(), clock.sleeps())
    assertEquals("", listener.toString())
  }
}
