package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Inputs whose generated code once failed to compile, warned, or meant something else than
 * written. Each must compile without warnings under -Xlint:all.
 */
class GeneratedCodeTest {
  private final Compiler javac =
      Compiler.javac().withProcessors(new RetryProcessor()).withOptions("-Xlint:all");

  @Test
  void overloadsAndANumberedNameGetDistinctRetrierFields() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client {",
            "  String call();",
            "  String call(int times);",
            "  String call2();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("private final Retrier callRetrier;");
    assertThat(generated).contains("private final Retrier call2Retrier;");
    assertThat(generated).contains("private final Retrier call22Retrier;");
    assertThat(generated).contains("Retrier retrier = this.call22Retrier;");
  }

  @Test
  void nestedTypesOfTheInputDoNotCaptureTheNamesTheGeneratedCodeUses() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String call();",
            "  class Objects {}",
            "  class Exception extends RuntimeException {",
            "    private static final long serialVersionUID = 1L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    // The default retryFor is java.lang.Exception, not the nested Client.Exception.
    assertThat(generated).contains("failure instanceof java.lang.Exception");
    assertThat(generated).contains("java.util.Objects.requireNonNull(delegate");
  }

  @Test
  void deprecatedInputGivesAWarningFreeClass() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Deprecated",
            "public interface Client {",
            "  @Retryable",
            "  Client call(Client other);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("@SuppressWarnings(\"deprecation\")");
  }

  @Test
  void typeNestedInADeprecatedTypeGivesAWarningFreeClass() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Outer",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Deprecated",
            "public class Outer {",
            "  public interface Client {",
            "    @Retryable",
            "    String call();",
            "  }",
            "}");
    assertThat(javac.compile(source)).succeededWithoutWarnings();
  }

  @Test
  void exponentialDelayAboveTheImplicitCapIsBuiltInOneCallWhenMaxDelayIsSet() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(delay = 60000, multiplier = 2, maxDelay = 120000))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    // exponential(60000L, 2.0).withMaxDelay(..) would throw when the class initializes.
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("BackoffPolicy.exponential(60000L, 2.0, 120000L)");
  }

  @Test
  void typeLevelPredicatesAreNotThemselvesGuarded() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Repo",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable(retryOnResult = \"isEmpty\", retryIf = \"isTransient\")",
            "public class Repo {",
            "  public String load() { return \"x\"; }",
            "  protected boolean isEmpty(String value) { return value.isEmpty(); }",
            "  protected boolean isTransient(RuntimeException e) { return true; }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.RepoRetrying");
    assertThat(generated).contains("public String load()");
    assertThat(generated).contains("super.isEmpty(result)");
    assertThat(generated).doesNotContain("boolean isEmpty(");
    assertThat(generated).doesNotContain("boolean isTransient(");
  }

  private static String generated(Compilation compilation, String name) throws IOException {
    return compilation
        .generatedSourceFile(name)
        .orElseThrow(() -> new AssertionError(name + " was not generated"))
        .getCharContent(false)
        .toString();
  }
}
