package io.retrygen.kt

import java.nio.file.Path
import org.jetbrains.kotlin.cli.common.ExitCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir

/**
 * The compile errors and warnings a Kotlin user meets (SPEC §2, §9), from real kapt: small Kotlin
 * inputs compiled by [KaptCompiler], the messages read from the compiler's diagnostics, in Kotlin
 * terms, on the line of the Kotlin source.
 */
class KaptDiagnosticsTest {
  @TempDir lateinit var workDir: Path

  private fun compile(source: String, jvmDefault: String = "enable") =
    KaptCompiler.compile(workDir, mapOf("Client.kt" to source), jvmDefault)

  /** The 1-based line of [source] that contains [text]; exactly one must. */
  private fun lineContaining(source: String, text: String): Int {
    val lines = source.lines().withIndex().filter { text in it.value }
    assertEquals(1, lines.size, "lines containing \"$text\": $lines")
    return lines.single().index + 1
  }

  @Test
  fun finalClassSaysMarkItOpen() {
    val source =
      """
      package test

      import io.retrygen.Retryable

      @Retryable
      class Client {
        fun charge(account: String): String = account
      }
      """.trimIndent()

    val result = compile(source)

    assertEquals(ExitCode.COMPILATION_ERROR, result.exitCode, "$result")
    assertEquals(1, result.errors.size, "$result")
    assertEquals(emptyList<String>(), result.generatedSources)
    val error = result.errors.single()
    assertEquals(
      "retrygen cannot wrap final class Client: it generates the subclass ClientRetrying, and" +
        " Kotlin classes are final unless marked open. Mark it `open`, or put the annotations" +
        " on an interface that Client implements",
      error.message,
    )
    assertEquals("Client.kt", error.file?.let { Path.of(it).fileName.toString() })
    // kapt maps an error on a class to the first line of its declaration: its annotations.
    assertEquals(lineContaining(source, "@Retryable"), error.line)
  }

  @Test
  fun typeLevelAnnotationOnAnOpenClassWithoutOpenFunctionsWarnsThatNothingIsGuarded() {
    val source =
      """
      package test

      import io.retrygen.Retryable

      @Retryable
      open class Client {
        fun charge(account: String): String = account
      }
      """.trimIndent()

    val result = compile(source)

    assertEquals(ExitCode.OK, result.exitCode, "$result")
    assertEquals(1, result.warnings.size, "$result")
    val warning = result.warnings.single()
    assertEquals(
      "@Retryable on Client guards no method, so it has no effect: a type-level annotation" +
        " applies to the methods the generated class can override, and Client has none (Kotlin" +
        " functions are final unless marked open). Mark the functions it should guard `open`," +
        " or remove the annotation",
      warning.message,
    )
    assertEquals(lineContaining(source, "@Retryable"), warning.line)
    assertEquals(listOf("ClientRetrying.java"), result.generatedSources)
  }

  @Test
  fun annotatedFunctionThatIsNotOpenSaysMarkItOpen() {
    val source =
      """
      package test

      import io.retrygen.Retryable

      open class Client {
        @Retryable
        fun charge(account: String): String = account
      }
      """.trimIndent()

    val result = compile(source)

    assertEquals(ExitCode.COMPILATION_ERROR, result.exitCode, "$result")
    assertEquals(1, result.errors.size, "$result")
    val error = result.errors.single()
    assertEquals(
      "@Retryable cannot be used on final function charge(String): the generated class guards" +
        " a function by overriding it, and Kotlin functions are final unless marked open. Mark" +
        " it `open`, or remove the annotation",
      error.message,
    )
    assertEquals(lineContaining(source, "fun charge("), error.line)
  }

  @Test
  fun guardedSuspendFunctionWithoutTheKotlinModuleSaysToAddIt() {
    val source =
      """
      package test

      import io.retrygen.Retryable

      interface Client {
        @Retryable
        suspend fun charge(account: String): String

        fun status(id: String): String
      }
      """.trimIndent()

    val result = compile(source)

    assertEquals(ExitCode.COMPILATION_ERROR, result.exitCode, "$result")
    assertEquals(1, result.errors.size, "$result")
    val error = result.errors.single()
    assertEquals(
      "suspend function charge(String) is retried without blocking by" +
        " io.retrygen:retry-kotlin, which is not on the compile classpath: a retry loop around" +
        " the call would end at its first suspension. Add that dependency, or do not guard the" +
        " function",
      error.message,
    )
    assertEquals(lineContaining(source, "suspend fun charge("), error.line)
  }

  @Test
  fun recoverWithoutJvmDefaultMethodsSaysHowToCompile() {
    val source =
      """
      package test

      import io.retrygen.Recover
      import io.retrygen.Retryable

      interface Client {
        @Retryable
        fun charge(account: String): String

        @Recover
        fun fallback(failure: Exception, account: String): String = "queued"
      }
      """.trimIndent()

    val result = compile(source, jvmDefault = "disable")

    assertEquals(ExitCode.COMPILATION_ERROR, result.exitCode, "$result")
    assertEquals(1, result.errors.size, "$result")
    val error = result.errors.single()
    assertEquals(
      "@Recover method fallback(Exception, String) cannot be called: Kotlin put its body in" +
        " Client.DefaultImpls (as it does without JVM default methods: Kotlin < 2.2, or" +
        " -jvm-default=disable), where the generated class cannot call it. Compile with" +
        " -jvm-default=enable (Kotlin 2.2+; -Xjvm-default=all before 2.2)",
      error.message,
    )
    assertEquals(lineContaining(source, "fun fallback("), error.line)
  }
}
