package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Inputs that javac itself rejects: an annotation value that does not resolve or does not fit
 * its attribute. The processor defers such a type like one whose signature names a type not
 * generated yet; when the value is still wrong at the last round, javac's own error stands alone:
 * no crash, no stack trace, no second error of ours, no generated file.
 */
class ErroneousInputTest {
  /**
   * A RetryProcessor that tells which files it wrote, even when the compilation failed; one per
   * compilation.
   */
  private RecordingProcessor processor;

  private Compilation compile(JavaFileObject... sources) {
    processor = new RecordingProcessor();
    return Compiler.javac().withProcessors(processor).compile(sources);
  }

  /**
   * Compiles {@code interface Client} with {@code annotations} on its method and asserts that
   * javac's error containing {@code message}, on the line with {@code marker}, is the only one.
   */
  private void assertOnlyJavacsError(String message, String marker, String... annotations) {
    StringBuilder lines = new StringBuilder();
    for (String annotation : annotations) {
      lines.append("  ").append(annotation).append('\n');
    }
    JavaFileObject source =
        JavaFileObjects.forSourceString(
            "test.Client",
            "package test;\n"
                + "import io.retrygen.Backoff;\n"
                + "import io.retrygen.CircuitBreaker;\n"
                + "import io.retrygen.RetryBudget;\n"
                + "import io.retrygen.Retryable;\n"
                + "interface Client {\n"
                + lines
                + "  String call();\n"
                + "}\n");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(marker);
    assertThat(processor.createdSourceFiles()).isEmpty();
    for (Diagnostic<? extends JavaFileObject> diagnostic : compilation.diagnostics()) {
      assertThat(diagnostic.getMessage(null)).doesNotContain("retrygen");
    }
  }

  @Test
  void anUnresolvedNumberIsJavacsErrorAlone() {
    assertOnlyJavacsError(
        "cannot find symbol", "Missing.N", "@Retryable(maxAttempts = Missing.N)");
  }

  @Test
  void aNumberOfTheWrongTypeIsJavacsErrorAlone() {
    assertOnlyJavacsError(
        "incompatible types", "\"three\"", "@Retryable(maxAttempts = \"three\")");
  }

  @Test
  void anUnresolvedLongAndBooleanAreJavacsErrorAlone() {
    assertOnlyJavacsError(
        "cannot find symbol", "Missing.LIMIT", "@Retryable(maxDuration = Missing.LIMIT)");
    assertOnlyJavacsError(
        "cannot find symbol",
        "Missing.FLAG",
        "@Retryable(backoff = @Backoff(random = Missing.FLAG))");
  }

  @Test
  void anUnresolvedStringIsJavacsErrorAlone() {
    assertOnlyJavacsError(
        "cannot find symbol", "Missing.LABEL", "@Retryable(label = Missing.LABEL)");
    assertOnlyJavacsError(
        "cannot find symbol", "Missing.NAME", "@Retryable(retryIf = Missing.NAME)");
  }

  @Test
  void anUnresolvedValueOfANestedBackoffIsJavacsErrorAlone() {
    assertOnlyJavacsError(
        "cannot find symbol",
        "Missing.DELAY",
        "@Retryable(backoff = @Backoff(delay = Missing.DELAY))");
  }

  @Test
  void aNestedBackoffOfAnUnresolvedTypeIsJavacsErrorAlone() {
    assertOnlyJavacsError(
        "cannot find symbol", "@MissingBackoff", "@Retryable(backoff = @MissingBackoff)");
  }

  @Test
  void anUnresolvedValueOfADirectBackoffIsJavacsErrorAlone() {
    assertOnlyJavacsError(
        "cannot find symbol",
        "Missing.FACTOR",
        "@Retryable",
        "@Backoff(multiplier = Missing.FACTOR)");
  }

  @Test
  void unresolvedBreakerAndBudgetValuesAreJavacsErrorAlone() {
    assertOnlyJavacsError(
        "cannot find symbol", "Missing.RATIO", "@CircuitBreaker(failureRatio = Missing.RATIO)");
    assertOnlyJavacsError(
        "cannot find symbol", "Missing.NAME", "@CircuitBreaker(name = Missing.NAME)");
    assertOnlyJavacsError(
        "cannot find symbol",
        "Missing.TOKENS",
        "@Retryable",
        "@RetryBudget(maxTokens = Missing.TOKENS)");
  }

  @Test
  void anUnresolvedClassLiteralIsJavacsErrorAlone() {
    assertOnlyJavacsError(
        "cannot find symbol", "Missing.class", "@Retryable(retryFor = Missing.class)");
    assertOnlyJavacsError(
        "cannot find symbol",
        "Missing.class",
        "@Retryable(noRetryFor = {IllegalStateException.class, Missing.class})");
  }

  @Test
  void anUnresolvedValueOnTheTypeOrASupertypeIsJavacsErrorAlone() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable(maxAttempts = Missing.N)",
            "interface Base {",
            "  String call();",
            "}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client extends Base {",
            "  @Retryable",
            "  String other();",
            "}");
    Compilation compilation = compile(base, client);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("cannot find symbol")
        .inFile(base)
        .onLineContaining("Missing.N");
    assertThat(processor.createdSourceFiles()).isEmpty();
  }

  // ---------------------------------------------------------------------------------------------
  // Unresolved bounds of type parameters: deferred like any unresolved type, never written into
  // the generated class.

  /**
   * Compiles {@code source}, which names the unresolved type {@code Missing} on the line with
   * {@code marker}, and asserts javac's error there and ours on the line with {@code input}.
   */
  private void assertUnresolvedBound(JavaFileObject source, String marker, String input) {
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation)
        .hadErrorContaining("cannot find symbol")
        .inFile(source)
        .onLineContaining(marker);
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen could not generate a class for test.Client: a type it refers to could not"
                + " be resolved. Check the compiler's other errors for the missing type")
        .inFile(source)
        .onLineContaining(input);
    assertThat(processor.createdSourceFiles()).isEmpty();
  }

  @Test
  void anUnresolvedBoundOfTheInputsTypeParameterIsNeverWrittenIntoGeneratedCode() {
    assertUnresolvedBound(
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client<T extends Missing> {",
            "  @Retryable",
            "  String call();",
            "}"),
        "T extends Missing",
        "interface Client");
  }

  @Test
  void anUnresolvedTypeArgumentOfABoundIsNeverWrittenIntoGeneratedCode() {
    assertUnresolvedBound(
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client<T extends Comparable<Missing>> {",
            "  @Retryable",
            "  String call(T key);",
            "}"),
        "Comparable<Missing>",
        "interface Client");
  }

  @Test
  void anUnresolvedBoundOfAMethodsTypeParameterIsNeverWrittenIntoGeneratedCode() {
    assertUnresolvedBound(
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "interface Client {",
            "  @Retryable",
            "  <U extends List<Missing>> String call();",
            "}"),
        "List<Missing>",
        "interface Client");
  }

  @Test
  void anUnresolvedBoundOfAConstructorsTypeParameterIsNeverWrittenIntoGeneratedCode() {
    assertUnresolvedBound(
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "class Client {",
            "  <X extends Missing> Client(X seed) {}",
            "",
            "  String call() {",
            "    return \"\";",
            "  }",
            "}"),
        "X extends Missing",
        "class Client");
  }
}
