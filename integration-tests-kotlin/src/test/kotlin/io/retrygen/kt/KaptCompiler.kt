package io.retrygen.kt

import com.squareup.javapoet.JavaFile
import io.retrygen.Retryable
import io.retrygen.kotlin.SuspendCall
import io.retrygen.processor.RetryProcessor
import io.retrygen.runtime.RetryOptions
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import kotlinx.coroutines.flow.Flow
import org.jetbrains.kotlin.cli.common.ExitCode
import org.jetbrains.kotlin.cli.common.arguments.K2JVMCompilerArguments
import org.jetbrains.kotlin.cli.common.arguments.parseCommandLineArguments
import org.jetbrains.kotlin.cli.common.messages.CompilerMessageSeverity
import org.jetbrains.kotlin.cli.common.messages.CompilerMessageSourceLocation
import org.jetbrains.kotlin.cli.common.messages.MessageCollector
import org.jetbrains.kotlin.cli.jvm.K2JVMCompiler
import org.jetbrains.kotlin.config.Services
import org.jetbrains.kotlin.kapt.KaptCompilerPluginRegistrar

/**
 * Compiles Kotlin sources with kapt running retry-processor, in this JVM, as the Maven build of
 * this module does (kotlin-maven-plugin's kapt goal: stubs and annotation processing in one
 * compiler run, diagnostics mapped back to the Kotlin sources), and keeps every diagnostic.
 */
object KaptCompiler {
  private const val KAPT = "plugin:org.jetbrains.kotlin.kapt3:"
  private val JAVAC_FORMAT = Regex("""^(.+?):(\d+): (?:error|warning|note): (.*)$""")

  /** One compiler message, with the file and line it points at when it has one. */
  data class Diagnostic(
    val severity: CompilerMessageSeverity,
    val message: String,
    val file: String?,
    val line: Int,
  ) {
    override fun toString() = "$severity ${file?.let { File(it).name }}:$line $message"
  }

  class Result(
    val exitCode: ExitCode,
    val diagnostics: List<Diagnostic>,
    /** The Java sources the processor wrote, by file name. */
    val generatedSources: List<String>,
  ) {
    val errors
      get() = diagnostics.filter { it.severity.isError }

    val warnings
      get() =
        diagnostics.filter {
          it.severity == CompilerMessageSeverity.WARNING ||
            it.severity == CompilerMessageSeverity.STRONG_WARNING
        }

    override fun toString() = "$exitCode, diagnostics:\n" + diagnostics.joinToString("\n")
  }

  /** Where [type] was loaded from: a jar, or a module's classes directory in the reactor. */
  private fun locationOf(type: Class<*>): String =
    File(type.protectionDomain.codeSource.location.toURI()).path

  /**
   * Compiles [sources] (file name to Kotlin text) in [workDir], with `-jvm-default=`[jvmDefault]
   * (`enable`, as this module's build and the README say; `disable` for the compatibility mode),
   * with retry-kotlin and kotlinx-coroutines on the class path when [kotlinModule].
   */
  fun compile(
    workDir: Path,
    sources: Map<String, String>,
    jvmDefault: String = "enable",
    kotlinModule: Boolean = false,
  ): Result {
    val sourceDir = Files.createDirectories(workDir.resolve("src"))
    val sourceFiles =
      sources.map { (name, text) -> sourceDir.resolve(name).also { Files.writeString(it, text) } }
    val out = { name: String -> Files.createDirectories(workDir.resolve(name)).toString() }
    val libraries = listOf(Retryable::class.java, RetryOptions::class.java, Unit::class.java)
    // retry-kotlin and kotlinx-coroutines, for suspend functions and Flows, when asked for.
    val coroutines = listOf(SuspendCall::class.java, Flow::class.java)
    val classpath = (libraries + if (kotlinModule) coroutines else emptyList()).map(::locationOf).distinct()
    val processorPath = listOf(RetryProcessor::class.java, JavaFile::class.java).map(::locationOf)
    val args =
      listOf(
        "-no-stdlib",
        "-no-reflect",
        "-classpath",
        classpath.joinToString(File.pathSeparator),
        "-d",
        out("classes"),
        "-jvm-target",
        "11",
        "-jvm-default=$jvmDefault",
        "-Xplugin=" + locationOf(KaptCompilerPluginRegistrar::class.java),
        "-P",
        "${KAPT}aptMode=stubsAndApt",
        "-P",
        "${KAPT}sources=${out("generated")}",
        "-P",
        "${KAPT}classes=${out("generated-classes")}",
        "-P",
        "${KAPT}stubs=${out("stubs")}",
        "-P",
        "${KAPT}mapDiagnosticLocations=true",
      ) +
        processorPath.flatMap { listOf("-P", "${KAPT}apclasspath=$it") } +
        sourceFiles.map { it.toString() }

    val diagnostics = mutableListOf<Diagnostic>()
    val collector =
      object : MessageCollector {
        override fun clear() = diagnostics.clear()

        override fun hasErrors() = diagnostics.any { it.severity.isError }

        override fun report(
          severity: CompilerMessageSeverity,
          message: String,
          location: CompilerMessageSourceLocation?,
        ) {
          // LOGGING and OUTPUT are the compiler's progress lines, not diagnostics.
          if (severity == CompilerMessageSeverity.LOGGING ||
            severity == CompilerMessageSeverity.OUTPUT
          ) {
            return
          }
          // kapt passes javac's diagnostics on as javac prints them, without a location:
          // "/path/Client.kt:7: error: text", then the source line and a caret line.
          val javac = if (location == null) JAVAC_FORMAT.find(message.lineSequence().first()) else null
          diagnostics +=
            if (javac != null) {
              val (path, line, text) = javac.destructured
              Diagnostic(severity, text, path, line.toInt())
            } else {
              Diagnostic(severity, message, location?.path, location?.line ?: -1)
            }
        }
      }
    val compiler = K2JVMCompiler()
    val arguments = K2JVMCompilerArguments()
    parseCommandLineArguments(args, arguments)
    val exitCode = compiler.exec(collector, Services.EMPTY, arguments)
    val generated =
      Files.walk(workDir.resolve("generated")).use { files ->
        files.filter { it.toString().endsWith(".java") }.map { it.fileName.toString() }.sorted().toList()
      }
    return Result(exitCode, diagnostics, generated)
  }
}
