package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per {@code @RetryBudget} diagnostic (SPEC §9, §10): the message, the line of the value
 * that is wrong, no cascade, and nothing generated; and the uses that are not errors.
 */
class BudgetDiagnosticsTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac =
      Compiler.javac().withProcessors(processor).withOptions("-Xlint:all,-processing", "-Werror");

  private static JavaFileObject budgetSource(String value) {
    return JavaFileObjects.forSourceLines(
        "test.Client",
        "package test;",
        "import io.retrygen.RetryBudget;",
        "import io.retrygen.Retryable;",
        "interface Client {",
        "  @Retryable",
        "  @RetryBudget(",
        "      " + value + ")",
        "  String call();",
        "}");
  }

  private void assertInvalid(String value, String message) {
    JavaFileObject source = budgetSource(value);
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(value);
  }

  @Test
  void maxTokensBelowOneIsAnErrorOnTheValue() {
    assertInvalid(
        "maxTokens = 0",
        "@RetryBudget(maxTokens = 0) is invalid: it is the size of the token bucket, from 1 to"
            + " 1000. The default is 10");
  }

  @Test
  void maxTokensAboveOneThousandIsAnErrorOnTheValue() {
    assertInvalid("maxTokens = 1001", "@RetryBudget(maxTokens = 1001) is invalid");
  }

  @Test
  void tokenRatioOfZeroIsAnErrorOnTheValue() {
    assertInvalid(
        "tokenRatio = 0",
        "@RetryBudget(tokenRatio = 0) is invalid: it is the share of a token given back by each"
            + " attempt that is not a retryable failure, in (0, 1] with at most 3 decimals, as the"
            + " bucket counts thousandths of a token. The default is 0.1");
  }

  @Test
  void tokenRatioAboveOneIsAnErrorOnTheValue() {
    assertInvalid("tokenRatio = 1.5", "@RetryBudget(tokenRatio = 1.5) is invalid");
  }

  @Test
  void tokenRatioWithFourDecimalsIsAnErrorOnTheValue() {
    assertInvalid("tokenRatio = 0.0005", "@RetryBudget(tokenRatio = 0.0005) is invalid");
  }

  @Test
  void boundsThemselvesAreValid() {
    Compilation compilation = javac.compile(budgetSource("maxTokens = 1000, tokenRatio = 0.125"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedSourceFile("test.ClientRetrying")
        .contentsAsUtf8String()
        .contains(".withBudget(\"Client.call\", 1000, 0.125)");
  }

  @Test
  void lowerBoundsAreValid() {
    Compilation compilation = javac.compile(budgetSource("maxTokens = 1, tokenRatio = 0.001"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedSourceFile("test.ClientRetrying")
        .contentsAsUtf8String()
        .contains(".withBudget(\"Client.call\", 1, 0.001)");
  }

  @Test
  void sameNameWithOtherSettingsIsAnErrorOnTheSecondName() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client {",
            "  @RetryBudget(name = \"payments\")",
            "  String charge();",
            "  @RetryBudget(name = \"payments\", maxTokens = 20)",
            "  String refund();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@RetryBudget \"payments\" is also declared on test.Client.charge() with other"
                + " settings (maxTokens = 10, tokenRatio = 0.1; here maxTokens = 20, tokenRatio ="
                + " 0.1). Budgets of one name share one bucket, so the first one created would"
                + " win. Give them the same settings, or different names")
        .inFile(source)
        .onLineContaining("maxTokens = 20");
  }

  @Test
  void sameNameAcrossTypesWithOtherSettingsIsAnError() {
    JavaFileObject first =
        JavaFileObjects.forSourceLines(
            "test.Orders",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "@RetryBudget(name = \"backend\", tokenRatio = 0.2)",
            "interface Orders {",
            "  String order();",
            "}");
    JavaFileObject second =
        JavaFileObjects.forSourceLines(
            "test.Stock",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "@RetryBudget(name = \"backend\")",
            "interface Stock {",
            "  String stock();",
            "}");
    Compilation compilation = javac.compile(first, second);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@RetryBudget \"backend\" is also declared on test.Orders")
        .inFile(second)
        .onLineContaining("name = \"backend\"");
  }

  @Test
  void overloadsSharingTheirLabelAsDefaultNameMustAgree() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client {",
            "  @RetryBudget",
            "  String find(String key);",
            "  @RetryBudget(maxTokens = 4)",
            "  String find(int id);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@RetryBudget \"Client.find\" is also declared on test.Client.find(String)")
        .inFile(source)
        .onLineContaining("maxTokens = 4");
  }

  @Test
  void sameNameWithSameSettingsIsShared() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client {",
            "  @RetryBudget(name = \"payments\", maxTokens = 20)",
            "  String charge();",
            "  @RetryBudget(name = \"payments\", maxTokens = 20)",
            "  String refund();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated.split("\\.withBudget\\(\"payments\", 20, 0\\.1\\)", -1)).hasLength(3);
  }

  @Test
  void budgetOnAMethodWithoutRetryableIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String charge();",
            "  @RetryBudget",
            "  String refund();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@RetryBudget on refund() does nothing: a retry budget caps the retries of a"
                + " @Retryable, and no @Retryable applies to it. Add @Retryable to the method or"
                + " its type, or remove @RetryBudget")
        .inFile(source)
        .onLineContaining("@RetryBudget");
  }

  @Test
  void budgetOnABreakerOnlyMethodIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.RetryBudget;",
            "interface Client {",
            "  @CircuitBreaker",
            "  @RetryBudget",
            "  String charge();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@RetryBudget on charge() does nothing: a retry budget caps the retries of a"
                + " @Retryable, and it is guarded by @CircuitBreaker alone")
        .inFile(source)
        .onLineContaining("@RetryBudget");
  }

  @Test
  void budgetInATypeWithNothingGuardedIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "interface Client {",
            "  @RetryBudget(maxTokens = 5)",
            "  String charge();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@RetryBudget on charge() does nothing: a retry budget caps the retries of a"
                + " @Retryable, and nothing in Client is guarded, so no class is generated for"
                + " it")
        .inFile(source)
        .onLineContaining("@RetryBudget");
  }

  @Test
  void invalidBudgetInATypeWithNothingGuardedIsReportedOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "@RetryBudget(",
            "    maxTokens = 0)",
            "interface Client {",
            "  String charge();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@RetryBudget(maxTokens = 0) is invalid")
        .inFile(source)
        .onLineContaining("maxTokens = 0");
  }

  @Test
  void typeLevelBudgetSkipsUnretriedMethodsSilently() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "@RetryBudget(maxTokens = 6)",
            "interface Client {",
            "  @Retryable",
            "  String charge();",
            "  @CircuitBreaker",
            "  String stock();",
            "  String plain();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains(".withBudget(\"Client\", 6, 0.1)");
    // One policy, for charge: the breaker-only and plain methods draw on no budget.
    assertThat(generated.split("withBudget", -1)).hasLength(2);
  }

  @Test
  void aBudgetOnASupertypeMethodServesTheRetryingSubtype() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "interface Base {",
            "  @RetryBudget(name = \"payments\")",
            "  String charge(String account);",
            "}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends Base {}");
    Compilation compilation = javac.compile(base, client);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying")).contains(".withBudget(\"payments\", 10, 0.1)");
  }

  @Test
  void aBudgetOnABreakerOnlyMethodServesASubtypeThatRetriesIt() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.RetryBudget;",
            "@CircuitBreaker",
            "interface Base {",
            "  @RetryBudget",
            "  String charge(String account);",
            "}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends Base {}");
    Compilation compilation = javac.compile(base, client);
    assertThat(compilation).succeededWithoutWarnings();
    // Nearest wins: the method-level budget, named after the label in Client.
    assertThat(generated(compilation, "test.ClientRetrying")).contains(".withBudget(\"Client.charge\", 10, 0.1)");
  }

  @Test
  void anInheritedTypeLevelBudgetIsNamedAfterTheTypeThatDeclaresIt() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "@RetryBudget(maxTokens = 4)",
            "interface Base {}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends Base {",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.compile(base, client);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying")).contains(".withBudget(\"Base\", 4, 0.1)");
  }

  @Test
  void anInvalidBudgetOnASupertypeOfThisCompilationIsReportedOnceWhereDeclared() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "interface Base {",
            "  @RetryBudget(maxTokens = 0)",
            "  String charge(String account);",
            "}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends Base {}");
    Compilation compilation = javac.compile(client, base);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@RetryBudget(maxTokens = 0) is invalid")
        .inFile(base)
        .onLineContaining("maxTokens = 0");
  }

  @Test
  void aBudgetNextToARetryableOnAFinalMethodAddsNoSecondError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "class Client {",
            "  @Retryable",
            "  String other() { return \"\"; }",
            "  @Retryable",
            "  @RetryBudget",
            "  final String charge() { return \"\"; }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@Retryable cannot be used on final method charge()")
        .inFile(source)
        .onLineContaining("final String charge()");
  }
}
