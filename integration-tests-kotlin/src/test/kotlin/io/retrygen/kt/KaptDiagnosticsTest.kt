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

  private fun compile(source: String, jvmDefault: String = "enable", kotlinModule: Boolean = false) =
    KaptCompiler.compile(workDir, mapOf("Client.kt" to source), jvmDefault, kotlinModule)

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
      "suspend charge(String) is retried by io.retrygen.kotlin.SuspendCall, which is not on the" +
        " compile classpath: add the dependency io.retrygen:retry-kotlin (the annotation" +
        " processor path is not enough). A retry loop around the call would end at its first" +
        " suspension",
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

  @Test
  fun suspendRecoverWithTheWrongResultIsReportedOnItsKotlinLine() {
    val source =
      """
      package test

      import io.retrygen.Recover
      import io.retrygen.Retryable
      import java.io.IOException

      interface Client {
        @Retryable(recover = "fromCache")
        suspend fun quote(symbol: String): String

        @Recover
        suspend fun fromCache(failure: IOException, symbol: String): Int = 0
      }
      """.trimIndent()

    val result = compile(source, kotlinModule = true)

    assertEquals(ExitCode.COMPILATION_ERROR, result.exitCode, "$result")
    assertEquals(1, result.errors.size, "$result")
    val error = result.errors.single()
    assertEquals(
      "@Retryable(recover = \"fromCache\") names no @Recover method that fits suspend" +
        " quote(String): suspend fromCache(IOException, String) returns Integer, which is not" +
        " assignable to String, the result of suspend quote(String). A recover method returns a" +
        " type assignable to String and takes optionally the failure, then the first parameters" +
        " of suspend quote(String)",
      error.message,
    )
    // kapt maps an error on an annotation value to the line of the function it annotates.
    assertEquals(lineContaining(source, "suspend fun quote("), error.line)
  }

  @Test
  fun retryOnResultOnAFlowIsReportedOnItsKotlinLine() {
    val source =
      """
      package test

      import io.retrygen.Retryable
      import kotlinx.coroutines.flow.Flow

      interface Client {
        @Retryable(retryOnResult = "isEmpty")
        fun ticks(symbol: String): Flow<String>

        fun isEmpty(tick: String): Boolean = tick.isEmpty()
      }
      """.trimIndent()

    val result = compile(source, kotlinModule = true)

    assertEquals(ExitCode.COMPILATION_ERROR, result.exitCode, "$result")
    assertEquals(1, result.errors.size, "$result")
    assertEquals(
      "retryOnResult does not apply to ticks(String), which returns a Flow: a flow has no one" +
        " result to test. Remove retryOnResult, or test the elements downstream",
      result.errors.single().message,
    )
    // kapt maps an error on an annotation value to the line of the function it annotates.
    assertEquals(lineContaining(source, "fun ticks("), result.errors.single().line)
  }

  @Test
  fun abstractRecoverFunctionSaysGiveItABody() {
    val source =
      """
      package test

      import io.retrygen.Recover
      import io.retrygen.Retryable
      import java.io.IOException

      interface Client {
        @Retryable
        suspend fun quote(symbol: String): String

        @Recover
        suspend fun fromCache(failure: IOException, symbol: String): String
      }
      """.trimIndent()

    val result = compile(source, kotlinModule = true)

    assertEquals(ExitCode.COMPILATION_ERROR, result.exitCode, "$result")
    assertEquals(1, result.errors.size, "$result")
    assertEquals(
      "@Recover method suspend fromCache(IOException, String) has no body, so the generated" +
        " class has nothing to call. Give it a body",
      result.errors.single().message,
    )
    assertEquals(lineContaining(source, "suspend fun fromCache("), result.errors.single().line)
  }

  @Test
  fun guardedSuspendFunctionsAndFlowsCompileCleanWithTheKotlinModule() {
    val source =
      """
      package test

      import io.retrygen.Recover
      import io.retrygen.Retryable
      import java.io.IOException
      import kotlinx.coroutines.flow.Flow
      import kotlinx.coroutines.flow.emptyFlow

      interface Client {
        @Retryable(retryFor = [IOException::class])
        suspend fun quote(symbol: String): String

        @Retryable
        suspend fun publish(symbol: String)

        @Retryable
        fun ticks(symbol: String): Flow<String>

        @Recover suspend fun fromCache(failure: IOException, symbol: String): String = "cached"

        @Recover fun noTicks(failure: Exception): Flow<String> = emptyFlow()
      }
      """.trimIndent()

    val result = compile(source, kotlinModule = true)

    assertEquals(ExitCode.OK, result.exitCode, "$result")
    assertEquals(emptyList<KaptCompiler.Diagnostic>(), result.errors + result.warnings)
    assertEquals(listOf("ClientRetrying.java"), result.generatedSources)
  }
}
