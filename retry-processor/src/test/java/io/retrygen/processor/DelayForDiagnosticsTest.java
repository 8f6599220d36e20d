package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per diagnostic of {@code @Backoff(delayFor)} (SPEC §4, §9): the message, the line it is
 * reported on, and that it comes alone. The value that is wrong sits on a line of its own, so that
 * a diagnostic reported on the annotation instead of the value fails the test. Then the inputs that
 * must be accepted, which compile without warnings under -Xlint:all.
 */
class DelayForDiagnosticsTest {
  /** A RetryProcessor that tells which files it wrote, even when the compilation failed. */
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  @Test
  void unknownNameSuggestsTheNearestName() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(",
            "      delayFor = \"retryAftr\"))",
            "  String fetch(String id);",
            "",
            "  default long retryAfter(Exception e) {",
            "    return 1000L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delayFor = \"retryAftr\") names no method of Client or its supertypes."
                + " Did you mean 'retryAfter'?")
        .inFile(source)
        .onLineContaining("delayFor = \"retryAftr\"");
  }

  @Test
  void unknownNameOnADirectBackoffIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  @Backoff(",
            "      delayFor = \"nothing\")",
            "  String fetch(String id);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@Backoff(delayFor = \"nothing\") names no method of Client or its")
        .inFile(source)
        .onLineContaining("delayFor = \"nothing\"");
  }

  @Test
  void unknownNameOnATypeLevelBackoffIsReportedOnceForAllItsMethods() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "@Retryable(backoff = @Backoff(",
            "    delayFor = \"nothing\"))",
            "interface Client {",
            "  String fetch(String id);",
            "  String store(String id);",
            "  void delete(String id);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@Backoff(delayFor = \"nothing\") names no method of Client or its")
        .inFile(source)
        .onLineContaining("delayFor = \"nothing\"");
  }

  @Test
  void methodThatDoesNotReturnLongOrIntIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(",
            "      delayFor = \"retryAfter\"))",
            "  String fetch(String id);",
            "",
            "  default Long retryAfter(Exception e) {",
            "    return 1000L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delayFor = \"retryAfter\") cannot use retryAfter(Exception): it returns Long,"
                + " not long or int. It must be a non-private method long retryAfter(T failure)"
                + " with T a Throwable type (an int return is accepted too)")
        .inFile(source)
        .onLineContaining("delayFor = \"retryAfter\"");
  }

  @Test
  void methodWithTwoParametersIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(retryOnResult = \"isEmpty\", backoff = @Backoff(",
            "      delayFor = \"retryAfter\"))",
            "  String fetch(String id);",
            "",
            "  static boolean isEmpty(String result) {",
            "    return result.isEmpty();",
            "  }",
            "",
            "  default long retryAfter(Exception e, int attempt) {",
            "    return 1000L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delayFor = \"retryAfter\") cannot use retryAfter(Exception, int): it takes 2"
                + " parameters, not 1. It must be a non-private method long retryAfter(T failure)"
                + " with T a Throwable type, or long retryAfter(R result) that fetch(String)'s"
                + " result (String) can be passed to (an int return is accepted too)")
        .inFile(source)
        .onLineContaining("delayFor = \"retryAfter\"");
  }

  @Test
  void parameterThatTakesNeitherTheFailureNorTheResultIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(retryOnResult = \"isEmpty\", backoff = @Backoff(",
            "      delayFor = \"retryAfter\"))",
            "  String fetch(String id);",
            "",
            "  static boolean isEmpty(String result) {",
            "    return result.isEmpty();",
            "  }",
            "",
            "  static int retryAfter(Integer status) {",
            "    return 1000;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delayFor = \"retryAfter\") cannot use retryAfter(Integer): it takes Integer,"
                + " which is neither a Throwable type nor a type the result (String) can be passed"
                + " as.")
        .inFile(source)
        .onLineContaining("delayFor = \"retryAfter\"");
  }

  @Test
  void nonThrowableParameterForAVoidMethodIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(",
            "      delayFor = \"retryAfter\"))",
            "  void delete(String id);",
            "",
            "  default long retryAfter(String body) {",
            "    return 1000L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delayFor = \"retryAfter\") cannot use retryAfter(String): it takes String,"
                + " which is not a Throwable type, and delete(String) returns no result.")
        .inFile(source)
        .onLineContaining("delayFor = \"retryAfter\"");
  }

  @Test
  void methodThatThrowsAnUndeclaredCheckedExceptionIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(",
            "      delayFor = \"retryAfter\"))",
            "  String fetch(String id);",
            "",
            "  default long retryAfter(Exception e) throws IOException {",
            "    return 1000L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delayFor = \"retryAfter\") cannot use retryAfter(Exception): it throws"
                + " IOException, which fetch(String) does not declare.")
        .inFile(source)
        .onLineContaining("delayFor = \"retryAfter\"");
  }

  @Test
  void resultOverloadWithoutRetryOnResultIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(",
            "      delayFor = \"retryAfter\"))",
            "  String fetch(String id) throws IOException;",
            "",
            "  default long retryAfter(IOException e) {",
            "    return 1000L;",
            "  }",
            "",
            "  default long retryAfter(CharSequence body) {",
            "    return 2000L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delayFor = \"retryAfter\") has retryAfter(CharSequence), which takes a"
                + " result, but its @Retryable has no retryOnResult: no result is ever rejected,"
                + " so it would never be called. Set retryOnResult to the method that rejects"
                + " results, or remove retryAfter(CharSequence)")
        .inFile(source)
        .onLineContaining("delayFor = \"retryAfter\"");
  }

  @Test
  void resultOverloadsWithNeitherMoreSpecificAreAmbiguous() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(retryOnResult = \"isEmpty\", backoff = @Backoff(",
            "      delayFor = \"retryAfter\"))",
            "  String fetch(String id);",
            "",
            "  static boolean isEmpty(String result) {",
            "    return result.isEmpty();",
            "  }",
            "",
            "  default long retryAfter(CharSequence body) {",
            "    return 1000L;",
            "  }",
            "",
            "  default long retryAfter(Comparable<String> body) {",
            "    return 2000L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delayFor = \"retryAfter\") is ambiguous for the result of fetch(String):"
                + " retryAfter(CharSequence) and retryAfter(Comparable<String>) can both take a"
                + " String, and neither takes a more specific type. Remove one, or add"
                + " retryAfter(String)")
        .inFile(source)
        .onLineContaining("delayFor = \"retryAfter\"");
  }

  @Test
  void invalidDelayForInheritedFromASupertypeIsAnErrorOnTheInputNamingIt() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Base {",
            "  @Retryable(backoff = @Backoff(delayFor = \"retryAfter\"))",
            "  String fetch(String id);",
            "}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends Base {",
            "  String other();",
            "}");
    Compilation compilation = javac.compile(base, source);
    // Base, an input itself, reports its own; Client's is on Client, where its class is made.
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation)
        .hadErrorContaining("@Backoff(delayFor = \"retryAfter\") names no method of Base or its")
        .inFile(base)
        .onLineContaining("delayFor = \"retryAfter\"");
    assertThat(compilation)
        .hadErrorContaining(
            "Client inherits this from Base.fetch(String): @Backoff(delayFor = \"retryAfter\")"
                + " names no method of Client or its supertypes.")
        .inFile(source)
        .onLineContaining("interface Client extends Base");
  }

  // ---------------------------------------------------------------------------------------------
  // Accepted

  @Test
  void typeLevelDelayForDoesNotGuardTheMethodItNames() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "@Retryable(backoff = @Backoff(delayFor = \"retryAfter\"))",
            "interface Client {",
            "  String fetch(String id);",
            "",
            "  long retryAfter(Exception e);",
            "",
            "  default int retryAfter(RuntimeException e) {",
            "    return 500;",
            "  }",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(new RetryProcessor())
            .withOptions("-Xlint:all,-processing")
            .compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    // The abstract overload cannot be called (an error if it were the only one): the default one
    // is, and neither is guarded.
    assertThat(generated).contains("this.delegate.retryAfter((RuntimeException) failure)");
    assertThat(generated).doesNotContain("retryAfterRetrier");
    assertThat(generated).contains("return this.delegate.retryAfter(e);");
  }

  @Test
  void deprecatedAndRawOverloadsCompileWithoutWarnings() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "import java.util.concurrent.CompletionStage;",
            "interface Client {",
            "  @SuppressWarnings(\"rawtypes\")",
            "  @Retryable(retryOnResult = \"isEmpty\", backoff = @Backoff(delayFor = \"waitFor\"))",
            "  List fetch(String id);",
            "",
            "  @Retryable(retryOnResult = \"isEmpty\", backoff = @Backoff(delayFor = \"waitFor\"))",
            "  CompletionStage<List<String>> fetchLater(String id);",
            "",
            "  static boolean isEmpty(List<?> result) {",
            "    return result.isEmpty();",
            "  }",
            "",
            "  @Deprecated",
            "  static long waitFor(IllegalStateException e) {",
            "    return 10L;",
            "  }",
            "",
            "  static int waitFor(List<String> result) {",
            "    return result.size();",
            "  }",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(new RetryProcessor())
            .withOptions("-Xlint:all,-processing")
            .compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    // The hooks of the synchronous method take the raw result; those of the asynchronous call the
    // future's value.
    assertThat(generated).contains("private final class FetchHooks extends RetryHooks<List> {");
    assertThat(generated).contains("protected long delayForResult(List result) {");
    assertThat(generated).contains("protected long delayForResult(List<String> result)");
    assertThat(generated).contains("return Client.waitFor(result);");
  }
}
