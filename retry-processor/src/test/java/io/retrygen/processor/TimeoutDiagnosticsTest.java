package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per {@code @Timeout} diagnostic (SPEC §16, §9): the message, the line of the value that
 * is wrong, no cascade; and that {@code @Timeout} alone makes a type an input.
 */
class TimeoutDiagnosticsTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac =
      Compiler.javac().withProcessors(processor).withOptions("-Xlint:all,-processing");

  @Test
  void valueOfZeroIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import io.retrygen.Timeout;",
            "interface Client {",
            "  @Retryable",
            "  @Timeout(",
            "      0)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Timeout(0) is invalid: the value is how many milliseconds each attempt may take,"
                + " and must be greater than 0. Write the limit in ms, e.g. @Timeout(500), or"
                + " remove @Timeout for no limit")
        .inFile(source)
        .onLineContaining("0)");
  }

  @Test
  void negativeTypeLevelValueIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Timeout;",
            "@Timeout(value = -5)",
            "interface Client {",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@Timeout(-5) is invalid")
        .inFile(source)
        .onLineContaining("value = -5");
  }

  @Test
  void valueNotBelowMaxDurationIsAWarningOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import io.retrygen.Timeout;",
            "interface Client {",
            "  @Retryable(maxAttempts = 2, maxDuration = 5000)",
            "  @Timeout(",
            "      5000)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Timeout(5000) is not below the maxDuration = 5000 ms of the @Retryable of call, so"
                + " an attempt that runs out of time leaves no time for a retry. Lower the"
                + " @Timeout value below 5000 ms, or raise maxDuration")
        .inFile(source)
        .onLineContaining("      5000)");
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void valueBelowMaxDurationOrWithoutOneIsNoWarning() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import io.retrygen.Timeout;",
            "@Timeout(5000)",
            "interface Client {",
            "  @Retryable(maxAttempts = 2, maxDuration = 5000)",
            "  @Timeout(4999)",
            "  String call();",
            "  @Retryable",
            "  String unbounded();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void timeoutAloneOnATypeGeneratesItsClass() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Warehouse",
            "package test;",
            "import io.retrygen.Timeout;",
            "@Timeout(100)",
            "public class Warehouse {",
            "  public String stock(String sku) { return sku; }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.WarehouseRetrying");
  }

  @Test
  void timeoutOnAFinalMethodIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Warehouse",
            "package test;",
            "import io.retrygen.Timeout;",
            "public class Warehouse {",
            "  @Timeout(100)",
            "  public final String stock(String sku) { return sku; }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Timeout cannot be used on final method stock(String): the generated class guards a"
                + " method by overriding it, and a final method cannot be overridden. Remove final,"
                + " or remove the annotation")
        .inFile(source)
        .onLineContaining("public final String stock");
  }
}
