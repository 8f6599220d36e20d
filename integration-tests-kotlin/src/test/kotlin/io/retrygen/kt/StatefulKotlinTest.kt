package io.retrygen.kt

import java.nio.file.Path
import org.jetbrains.kotlin.cli.common.ExitCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir

/** Stateful retry (SPEC §19) on Kotlin inputs through kapt. */
class StatefulKotlinTest {
  @TempDir lateinit var workDir: Path

  @Test
  fun aKotlinStatefulFunctionCountsPerKeyAndRecoversOnTheNextCall() {
    val inbox = RedeliveriesRetrying()
    val id = "kt-" + System.nanoTime()

    assertEquals("$id:a", assertThrows<IllegalStateException> { inbox.onMessage(id, "a") }.message)
    assertEquals("$id:b", assertThrows<IllegalStateException> { inbox.onMessage(id, "b") }.message)
    inbox.onMessage(id, "c")

    assertEquals(listOf("$id:a", "$id:b", "dead $id $id:b"), inbox.calls)
  }

  @Test
  fun aStatefulSuspendFunctionIsACompileErrorOnItsKotlinLine() {
    val source =
      """
      package test

      import io.retrygen.Retryable

      interface Client {
        @Retryable(stateful = true)
        suspend fun charge(account: String): String
      }
      """.trimIndent()

    val result = KaptCompiler.compile(workDir, mapOf("Client.kt" to source), "enable", true)

    assertEquals(ExitCode.COMPILATION_ERROR, result.exitCode, "$result")
    assertEquals(1, result.errors.size, "$result")
    val error = result.errors.single()
    assertTrue(
      error.message.startsWith(
        "@Retryable(stateful = true) cannot apply to the suspend function suspend charge(String)"
      ),
      error.message,
    )
    assertTrue(error.message.endsWith("make it a plain function"), error.message)
    assertEquals(emptyList<String>(), result.generatedSources)
  }
}
