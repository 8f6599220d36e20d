package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The rules of Reactor and RxJava 3 methods (SPEC §15) that the generated code cannot check:
 * {@code retryOnResult} only where there is one value, and what their recover methods may return.
 * The real libraries and modules are on the test class path.
 */
class ReactiveDiagnosticsTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  @Test
  void retryOnResultOnAFluxIsAnErrorOnTheAttribute() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Prices",
            "package test;",
            "import io.retrygen.Retryable;",
            "import reactor.core.publisher.Flux;",
            "interface Prices {",
            "  @Retryable(",
            "      maxAttempts = 3,",
            "      retryOnResult = \"isZero\")",
            "  Flux<Long> ticks();",
            "",
            "  default boolean isZero(Long price) {",
            "    return price == 0L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retryOnResult does not apply to ticks(), which returns a Flux: it emits elements, not"
                + " one result to test (retryOnResult applies to the value of a Mono, Single or"
                + " Maybe only). Remove retryOnResult, or test the elements downstream")
        .inFile(source)
        .onLineContaining("retryOnResult = \"isZero\"");
  }

  @Test
  void retryOnResultOnACompletableIsAnErrorOnTheAttribute() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Accounts",
            "package test;",
            "import io.reactivex.rxjava3.core.Completable;",
            "import io.retrygen.Retryable;",
            "interface Accounts {",
            "  @Retryable(",
            "      maxAttempts = 3,",
            "      retryOnResult = \"isNull\")",
            "  Completable close(long id);",
            "",
            "  default boolean isNull(Object result) {",
            "    return result == null;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retryOnResult does not apply to close(long), which returns a Completable: it"
                + " completes without a value to test (retryOnResult applies to the value of a"
                + " Mono, Single or Maybe only). Remove retryOnResult")
        .inFile(source)
        .onLineContaining("retryOnResult = \"isNull\"");
  }

  @Test
  void retryOnResultOnASingleIsGenerated() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Users",
            "package test;",
            "import io.reactivex.rxjava3.core.Single;",
            "import io.retrygen.Retryable;",
            "interface Users {",
            "  @Retryable(retryOnResult = \"isEmpty\")",
            "  Single<String> name(long id);",
            "",
            "  default boolean isEmpty(String name) {",
            "    return name.isEmpty();",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedSourceFile("test.UsersRetrying")
        .contentsAsUtf8String()
        .contains("protected boolean rejects(String result) {");
  }

  /** Not the method's type nor its value: a Flux for a Mono fits nothing, which is a warning. */
  @Test
  void recoverReturningAFluxForAMonoFitsNothing() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Quotes",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import reactor.core.publisher.Flux;",
            "import reactor.core.publisher.Mono;",
            "interface Quotes {",
            "  @Retryable",
            "  Mono<String> quote(String symbol);",
            "",
            "  @Recover",
            "  default Flux<String> quotes(Exception failure, String symbol) {",
            "    return Flux.empty();",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Recover method quotes(Exception, String) fits no guarded method of Quotes, so it is"
                + " never called. The closest, quote(String), does not fit because"
                + " quotes(Exception, String) returns Flux<String>, which is neither String nor a"
                + " Mono of it, as Mono<String> needs")
        .inFile(source)
        .onLineContaining("@Recover");
    // Not called: the generated mono gives up with the failure.
    assertThat(compilation)
        .generatedSourceFile("test.QuotesRetrying")
        .contentsAsUtf8String()
        .doesNotContain("QuotesRetrying.this.delegate.quotes(");
  }

  @Test
  void recoverReturningAValueForACompletableFitsNothing() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Accounts",
            "package test;",
            "import io.reactivex.rxjava3.core.Completable;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Accounts {",
            "  @Retryable(recover = \"closed\")",
            "  Completable close(long id);",
            "",
            "  @Recover",
            "  default String closed(Exception failure) {",
            "    return \"closed\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(recover = \"closed\") names no @Recover method that fits close(long):"
                + " closed(Exception) returns String, but close(long) returns a Completable, which"
                + " has no value: a recover method of it returns a Completable or void")
        .inFile(source)
        .onLineContaining("recover = \"closed\"");
  }

  /** A recover method of a Mono may return a narrower Mono of the value, or the value. */
  @Test
  void recoverReturningAMonoOfASubtypeIsReturnedAsItIs() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Numbers",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import reactor.core.publisher.Mono;",
            "interface Numbers {",
            "  @Retryable",
            "  Mono<Number> next();",
            "",
            "  @Recover",
            "  default Mono<Integer> zero(Exception failure) {",
            "    return Mono.just(0);",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedSourceFile("test.NumbersRetrying")
        .contentsAsUtf8String()
        .contains("return NumbersRetrying.this.delegate.zero((Exception) failure);");
  }

  /** The driver returns Mono<T>: a method declared with Mono<? extends T> cannot be its call. */
  @Test
  void aWildcardTypeArgumentIsAnErrorThatSaysWhatToDeclare() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Numbers",
            "package test;",
            "import io.retrygen.Retryable;",
            "import reactor.core.publisher.Mono;",
            "interface Numbers {",
            "  @Retryable",
            "  Mono<? extends Number> next();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "next() returns Mono<? extends Number>, whose type argument is a wildcard, but the"
                + " generated code returns the Mono<Number> of its driver, which a Mono<? extends"
                + " Number> is not. Declare it to return Mono<Number>")
        .inFile(source)
        .onLineContaining("Mono<? extends Number> next();");
  }
}
