package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One test per diagnostic of meta-annotations (an annotation type that carries {@code @Retryable},
 * {@code @Backoff}, {@code @CircuitBreaker}, {@code @RetryBudget} or {@code @Timeout} and stands
 * for them where it is placed): its declaration checked once, on the value at fault; what depends
 * on where it is used reported there, naming it; one from a jar reported on the input using it.
 */
class MetaAnnotationDiagnosticsTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac =
      Compiler.javac().withProcessors(processor).withOptions("-Xlint:all,-processing");

  @TempDir Path jar;

  /** {@code test.DbRetry}, carrying {@code annotations}. */
  private static JavaFileObject meta(String name, String... annotations) {
    List<String> lines = new ArrayList<>();
    lines.add("package test;");
    lines.add("import io.retrygen.*;");
    lines.add("import java.lang.annotation.*;");
    for (String annotation : annotations) {
      lines.add(annotation);
    }
    lines.add("@Retention(RetentionPolicy.CLASS)");
    lines.add("@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})");
    lines.add("public @interface " + name + " {}");
    return JavaFileObjects.forSourceLines("test." + name, lines.toArray(new String[0]));
  }

  private static final JavaFileObject USER =
      JavaFileObjects.forSourceLines(
          "test.Client",
          "package test;",
          "interface Client {",
          "  @DbRetry",
          "  String call();",
          "}");

  @Test
  void aMetaAnnotationOnAMetaAnnotationIsAnErrorOnTheOuterOne() {
    JavaFileObject inner = meta("Inner", "@Retryable(maxAttempts = 2)");
    JavaFileObject outer = meta("Outer", "@Inner");
    Compilation compilation = javac.compile(inner, outer);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Outer carries @Inner, which stands for @Retryable; meta-annotations go one level"
                + " deep, so @Outer would not stand for @Retryable. Put @Retryable on @Outer"
                + " itself")
        .inFile(outer)
        .onLineContaining("@Inner");
  }

  @Test
  void theSameKindWrittenAndThroughAMetaAnnotationIsAnErrorNamingBoth() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  @DbRetry",
            "  String call();",
            "}");
    Compilation compilation =
        javac.compile(meta("DbRetry", "@Retryable(maxAttempts = 4)"), source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "method call() has @Retryable twice: written directly and @DbRetry. One @Retryable"
                + " applies to a method, used whole (attributes are never merged), so keep one")
        .inFile(source)
        .onLineContaining("@DbRetry");
  }

  @Test
  void theSameKindThroughTwoMetaAnnotationsIsAnErrorNamingBoth() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "@DbRetry",
            "@Slow",
            "interface Client {",
            "  String call();",
            "}");
    Compilation compilation =
        javac.compile(
            meta("DbRetry", "@Retryable(maxAttempts = 4)", "@Timeout(500)"),
            meta("Slow", "@Timeout(5000)"),
            source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "type Client has @Timeout twice: through @DbRetry and @Slow. One @Timeout applies to"
                + " a type, used whole (attributes are never merged), so keep one")
        .inFile(source)
        .onLineContaining("@Slow");
  }

  @Test
  void aBackoffWithoutRetryableOnAMetaAnnotationIsAnErrorOnIt() {
    JavaFileObject fast = meta("Fast", "@Backoff(delay = 10)");
    Compilation compilation = javac.compile(fast);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff here belongs to no @Retryable: a @Backoff placed directly on an annotation"
                + " type applies only to a @Retryable on the same annotation type. Add"
                + " @Retryable, or write @Retryable(backoff = @Backoff(...))")
        .inFile(fast)
        .onLineContaining("@Backoff");
  }

  @Test
  void aBackoffBesideAMetaAnnotationsRetryableIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "interface Client {",
            "  @DbRetry",
            "  @Backoff(delay = 5)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(meta("DbRetry", "@Retryable"), source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff here belongs to no @Retryable: the @Retryable of this method is carried by"
                + " @DbRetry, whose backoff is written on @DbRetry. Change the backoff there, or"
                + " write @Retryable(backoff = @Backoff(...)) here instead of @DbRetry")
        .inFile(source)
        .onLineContaining("@Backoff(delay = 5)");
  }

  @Test
  void maxAttemptsZeroIsAnErrorOnTheMetaAnnotationsValueNotAtItsUses() {
    JavaFileObject db = meta("DbRetry", "@Retryable(", "    maxAttempts = 0)");
    Compilation compilation = javac.compile(db, USER);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(maxAttempts = 0) is invalid: maxAttempts counts the first call and must be"
                + " at least 1. Use maxAttempts = 1 to call once without retrying")
        .inFile(db)
        .onLineContaining("maxAttempts = 0");
  }

  @Test
  void aBackoffRuleIsCheckedOnTheMetaAnnotationsNestedBackoff() {
    JavaFileObject db =
        meta("DbRetry", "@Retryable(backoff = @Backoff(", "    delay = 100, maxDelay = 50))");
    Compilation compilation = javac.compile(db, USER);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(maxDelay = 50) is below delay = 100: maxDelay caps every wait, so it must be"
                + " at least delay")
        .inFile(db)
        .onLineContaining("maxDelay = 50");
  }

  @Test
  void aBackoffWrittenBesideTheRetryableOfAMetaAnnotationBelongsToIt() {
    JavaFileObject db = meta("DbRetry", "@Retryable", "@Backoff(", "    jitter = 2)");
    Compilation compilation = javac.compile(db, USER);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@Backoff(jitter = 2) is invalid: jitter must be in [0, 1]")
        .inFile(db)
        .onLineContaining("jitter = 2");
  }

  @Test
  void aBreakerBoundIsAnErrorOnTheMetaAnnotationsValue() {
    JavaFileObject db =
        meta("Guarded", "@CircuitBreaker(", "    failureRatio = 1.5)");
    JavaFileObject user =
        JavaFileObjects.forSourceLines(
            "test.Client", "package test;", "@Guarded", "interface Client {", "  String call();",
            "}");
    Compilation compilation = javac.compile(db, user);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker(failureRatio = 1.5) is invalid: it is the share of failures in the"
                + " window that opens the breaker, in (0, 1]")
        .inFile(db)
        .onLineContaining("failureRatio = 1.5");
  }

  @Test
  void aBudgetBoundIsAnErrorOnTheMetaAnnotationsValue() {
    JavaFileObject db = meta("DbRetry", "@Retryable", "@RetryBudget(", "    maxTokens = 0)");
    Compilation compilation = javac.compile(db, USER);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@RetryBudget(maxTokens = 0) is invalid: it is the size of the token bucket, from 1 to"
                + " 1000")
        .inFile(db)
        .onLineContaining("maxTokens = 0");
  }

  @Test
  void aTimeoutOfZeroIsAnErrorOnTheMetaAnnotationsValue() {
    JavaFileObject db = meta("Quick", "@Timeout(", "    0)");
    JavaFileObject user =
        JavaFileObjects.forSourceLines(
            "test.Client", "package test;", "interface Client {", "  @Quick", "  String call();",
            "}");
    Compilation compilation = javac.compile(db, user);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Timeout(0) is invalid: the value is how many milliseconds each attempt may take, and"
                + " must be greater than 0")
        .inFile(db)
        .onLineContaining("0)");
  }

  @Test
  void aMetaAnnotationNobodyUsesIsCheckedToo() {
    JavaFileObject db = meta("DbRetry", "@Retryable(", "    maxAttempts = -1)");
    Compilation compilation = javac.compile(db);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@Retryable(maxAttempts = -1) is invalid")
        .inFile(db)
        .onLineContaining("maxAttempts = -1");
  }

  @Test
  void aRetryIfThatNamesNoMethodWhereItIsUsedIsAnErrorOnTheUseNamingTheMetaAnnotation() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "interface Client {",
            "  @DbRetry",
            "  String call();",
            "  static boolean isTransient(Exception e) {",
            "    return true;",
            "  }",
            "}");
    JavaFileObject other =
        JavaFileObjects.forSourceLines(
            "test.Other",
            "package test;",
            "@DbRetry",
            "interface Other {",
            "  String call();",
            "}");
    Compilation compilation =
        javac.compile(meta("DbRetry", "@Retryable(retryIf = \"isTransient\")"), source, other);
    // Client has the method: fine there; Other does not.
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransient\") of @DbRetry names no method of Other or its"
                + " supertypes.")
        .inFile(other)
        .onLineContaining("@DbRetry");
  }

  @Test
  void aRecoverNameThatFitsNothingWhereItIsUsedIsAnErrorOnTheUse() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "interface Client {",
            "  @DbRetry",
            "  String call();",
            "}");
    Compilation compilation =
        javac.compile(meta("DbRetry", "@Retryable(recover = \"fallback\")"), source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(recover = \"fallback\") of @DbRetry names no @Recover method of Client.")
        .inFile(source)
        .onLineContaining("@DbRetry");
  }

  @Test
  void aDelayForThatNamesNoMethodIsAnErrorOnTheTypeThatUsesTheMetaAnnotation() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "@DbRetry",
            "interface Client {",
            "  String call();",
            "}");
    Compilation compilation =
        javac.compile(
            meta("DbRetry", "@Retryable(backoff = @Backoff(delayFor = \"retryAfter\"))"), source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delayFor = \"retryAfter\") of @DbRetry names no method of Client or its"
                + " supertypes.")
        .inFile(source)
        .onLineContaining("@DbRetry");
  }

  @Test
  void aFailureTypeTheGeneratedClassCannotSeeIsAnErrorWhereTheMetaAnnotationIsUsed() {
    JavaFileObject hidden =
        JavaFileObjects.forSourceLines(
            "lib.Hidden", "package lib;", "class Hidden extends Exception {}");
    JavaFileObject db =
        JavaFileObjects.forSourceLines(
            "lib.DbRetry",
            "package lib;",
            "import io.retrygen.Retryable;",
            "@Retryable(retryFor = Hidden.class)",
            "public @interface DbRetry {}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "interface Client {",
            "  @lib.DbRetry",
            "  String call() throws Exception;",
            "}");
    Compilation compilation = javac.compile(hidden, db, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryFor = Hidden.class) of @DbRetry names a type that the generated class"
                + " in package test cannot see, so it cannot test for it. Make Hidden public or"
                + " package-private")
        .inFile(source)
        .onLineContaining("@lib.DbRetry");
  }

  @Test
  void aTypeLevelMetaAnnotationThatGuardsNoMethodIsAWarningNamingIt() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "@DbRetry",
            "class Client {",
            "  public final String call() { return \"\"; }",
            "}");
    Compilation compilation = javac.compile(meta("DbRetry", "@Retryable(maxAttempts = 2)"), source);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining("@DbRetry on Client guards no method, so it has no effect")
        .inFile(source)
        .onLineContaining("@DbRetry");
  }

  @Test
  void aRetryForTheMethodCannotThrowIsAWarningWhereTheMetaAnnotationIsUsed() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "interface Client {",
            "  @DbRetry",
            "  String call();",
            "}");
    Compilation compilation =
        javac.compile(
            meta("DbRetry", "@Retryable(retryFor = java.util.concurrent.TimeoutException.class)"),
            source);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable(retryFor = TimeoutException.class) of @DbRetry can never match:"
                + " TimeoutException is a checked exception that call() cannot throw")
        .inFile(source)
        .onLineContaining("@DbRetry");
  }

  @Test
  void aTimeoutNotBelowMaxDurationInOneMetaAnnotationIsAWarningWhereItIsUsed() {
    Compilation compilation =
        javac.compile(
            meta("DbRetry", "@Retryable(maxDuration = 2000, backoff = @Backoff(delay = 10))",
                "@Timeout(2000)"),
            USER);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(
            "@Timeout(2000) of @DbRetry is not below the maxDuration = 2000 ms of the @Retryable"
                + " of call")
        .inFile(USER)
        .onLineContaining("@DbRetry");
  }

  @Test
  void retryOnResultOfAMetaAnnotationOnAVoidMethodIsAnErrorWhereItIsUsed() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "interface Client {",
            "  @DbRetry",
            "  void call();",
            "  default boolean stale(Object result) { return true; }",
            "}");
    Compilation compilation =
        javac.compile(meta("DbRetry", "@Retryable(retryOnResult = \"stale\")"), source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryOnResult = \"stale\") of @DbRetry cannot apply to call(): it returns"
                + " void")
        .inFile(source)
        .onLineContaining("@DbRetry");
  }

  @Test
  void aMetaAnnotationWithSourceRetentionIsAWarningOnItsRetention() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.DbRetry",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.lang.annotation.*;",
            "@Retryable(maxAttempts = 2)",
            "@Retention(RetentionPolicy.SOURCE)",
            "public @interface DbRetry {}");
    Compilation compilation = javac.compile(source, USER);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(
            "@DbRetry has SOURCE retention, so class files do not keep it: a type compiled later"
                + " that inherits a method or type carrying it")
        .inFile(source)
        .onLineContaining("RetentionPolicy.SOURCE");
    assertThat(compilation).hadWarningCount(1);
  }

  @Test
  void aMetaAnnotationFromAJarWithAnInvalidValueIsAnErrorOnTheInputNamingIt()
      throws IOException {
    LibraryJar.compile(
        jar,
        JavaFileObjects.forSourceLines(
            "lib.DbRetry",
            "package lib;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.Retryable;",
            "@Retryable(maxAttempts = 0)",
            "@CircuitBreaker(successThreshold = 0)",
            "public @interface DbRetry {}"));
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "interface Client {",
            "  @lib.DbRetry",
            "  String call();",
            "  @lib.DbRetry",
            "  String other();",
            "}");
    Compilation compilation = LibraryJar.javac(jar, processor).compile(source);
    // Each error once, though two methods use it.
    assertThat(compilation).hadErrorCount(2);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "Client uses @DbRetry from the class path: @Retryable(maxAttempts = 0) is invalid:"
                + " maxAttempts counts the first call and must be at least 1")
        .inFile(source)
        .onLineContaining("interface Client");
    assertThat(compilation)
        .hadErrorContaining(
            "Client uses @DbRetry from the class path: @CircuitBreaker(successThreshold = 0) is"
                + " invalid")
        .inFile(source)
        .onLineContaining("interface Client");
  }

  @Test
  void aMetaAnnotationOnAMetaAnnotationFromAJarIsAnErrorWhereItIsUsed() throws IOException {
    LibraryJar.compile(
        jar,
        JavaFileObjects.forSourceLines(
            "lib.Inner",
            "package lib;",
            "import io.retrygen.Retryable;",
            "@Retryable(maxAttempts = 2)",
            "public @interface Inner {}"),
        JavaFileObjects.forSourceLines(
            "lib.Outer",
            "package lib;",
            "@Inner",
            "public @interface Outer {}"));
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "interface Client {",
            "  @lib.Outer",
            "  String call();",
            "}");
    // Nothing else of ours in this compilation: the jar's @Outer alone must not go unnoticed.
    Compilation compilation = LibraryJar.javac(jar, processor).compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Outer, from the class path, carries @Inner, which stands for @Retryable;"
                + " meta-annotations go one level deep, so @Outer stands for nothing here. Use"
                + " @Inner here, or put @Retryable on @Outer itself")
        .inFile(source)
        .onLineContaining("@lib.Outer");
    assertThat(processor.createdSourceFiles()).isEmpty();
  }

  @Test
  void aValidMetaAnnotationFromAJarMakesItsUserAnInput() throws IOException {
    LibraryJar.compile(
        jar,
        JavaFileObjects.forSourceLines(
            "lib.DbRetry",
            "package lib;",
            "import io.retrygen.Retryable;",
            "import java.lang.annotation.*;",
            "@Retryable(maxAttempts = 4)",
            "@Retention(RetentionPolicy.CLASS)",
            "public @interface DbRetry {}"));
    // No annotation of ours in this compilation: only the jar's @DbRetry makes Client an input.
    Compilation compilation =
        LibraryJar.javac(jar, processor)
            .compile(
                JavaFileObjects.forSourceLines(
                    "test.Client",
                    "package test;",
                    "@lib.DbRetry",
                    "interface Client {",
                    "  String call();",
                    "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("Policy of {@code @DbRetry}");
  }
}
