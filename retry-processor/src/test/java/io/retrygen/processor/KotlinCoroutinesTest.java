package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Kotlin {@code suspend} functions and {@code Flow}s, as kapt stubs show them to the processor,
 * compiled against the real retry-kotlin, Kotlin standard library and kotlinx-coroutines: what is
 * accepted (the generated code compiles warning-free) and each mistake's diagnostic, in Kotlin
 * terms, on its line. The generated code itself is in {@code GoldenTest}; its behaviour is tested
 * with real kapt in integration-tests-kotlin.
 */
class KotlinCoroutinesTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private Compilation compile(JavaFileObject source) {
    return Compiler.javac()
        .withProcessors(processor)
        .withOptions("-Xlint:all,-processing")
        .compile(source);
  }

  private static JavaFileObject client(String... members) {
    String[] lines = new String[members.length + 11];
    lines[0] = "package test;";
    lines[1] = "import io.retrygen.Recover;";
    lines[2] = "import io.retrygen.Retryable;";
    lines[3] = "import java.io.IOException;";
    lines[4] = "import kotlin.Unit;";
    lines[5] = "import kotlin.coroutines.Continuation;";
    lines[6] = "import kotlinx.coroutines.Deferred;";
    lines[7] = "import kotlinx.coroutines.flow.Flow;";
    lines[8] = "@kotlin.Metadata";
    lines[9] = "public interface Client {";
    System.arraycopy(members, 0, lines, 10, members.length);
    lines[lines.length - 1] = "}";
    return JavaFileObjects.forSourceLines("test.Client", lines);
  }

  @Test
  void suspendFunctionWithEveryKindOfRecoverCompilesWarningFree() {
    JavaFileObject source =
        client(
            "  @Retryable(retryFor = IOException.class, retryOnResult = \"isEmpty\")",
            "  Object fetch(String id, int page, Continuation<? super String> $completion);",
            "  @Recover",
            "  default Object fromCache(IOException e, String id, Continuation<? super String> c) {",
            "    return id;",
            "  }",
            "  @Recover",
            "  default String plain(IllegalStateException e) {",
            "    return \"\";",
            "  }",
            "  @Recover",
            "  default Object lastResort(Continuation<? super String> c) {",
            "    return \"\";",
            "  }",
            "  default boolean isEmpty(CharSequence value) {",
            "    return value.length() == 0;",
            "  }",
            "  @Retryable",
            "  Object send(String message, Continuation<? super Unit> $completion);",
            "  @Recover",
            "  default void sendFailed(Exception e, String message) {}");
    Compilation compilation = compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void recoverOfASuspendFunctionWithTheWrongResultSaysSoInKotlinTerms() {
    JavaFileObject source =
        client(
            "  @Retryable(recover = \"fallback\")",
            "  Object fetch(String id, Continuation<? super String> $completion);",
            "  @Recover",
            "  default Object fallback(IOException e, Continuation<? super Integer> c) {",
            "    return 1;",
            "  }");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "fallback(IOException) returns Integer, which is not assignable to String, the result"
                + " of suspend fetch(String)")
        .inFile(source)
        .onLineContaining("@Retryable(recover = \"fallback\")");
  }

  @Test
  void genericSuspendFunctionsAndFlowsOfAGenericInterfaceCompileWarningFree() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Repository",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "import kotlin.coroutines.Continuation;",
            "import kotlinx.coroutines.flow.Flow;",
            "@kotlin.Metadata",
            "@Retryable(retryOnResult = \"isEmpty\")",
            "public interface Repository<E extends CharSequence> {",
            "  Object find(String id, Continuation<? super E> $completion);",
            "  <R extends List<E>> Object findAll(R ids, Continuation<? super R> $completion);",
            "  @Recover",
            "  default Object none(Exception e, String id, Continuation<? super E> c) {",
            "    return null;",
            "  }",
            "  default boolean isEmpty(Object value) {",
            "    return value == null;",
            "  }",
            "}");
    JavaFileObject flows =
        JavaFileObjects.forSourceLines(
            "test.Feed",
            "package test;",
            "import io.retrygen.Retryable;",
            "import kotlinx.coroutines.flow.Flow;",
            "@kotlin.Metadata",
            "@Retryable",
            "public interface Feed<E> {",
            "  Flow<E> events(String topic);",
            "  <K> Flow<K> keys(K first);",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withOptions("-Xlint:all,-processing")
            .compile(source, flows);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles())
        .containsExactly("test.RepositoryRetrying", "test.FeedRetrying");
  }

  @Test
  void recoverThatFitsNothingSaysWhyInKotlinTerms() {
    JavaFileObject source =
        client(
            "  @Retryable",
            "  Object fetch(String id, int page, Continuation<? super String> $completion);",
            "  @Recover",
            "  default Object lastResort(Continuation<? super CharSequence> c) {",
            "    return \"\";",
            "  }");
    Compilation compilation = compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Recover method suspend lastResort() fits no guarded method of Client, so it is never"
                + " called. The closest, suspend fetch(String, int), does not fit because suspend"
                + " lastResort() returns CharSequence, which is not assignable to String, the"
                + " result of suspend fetch(String, int)")
        .inFile(source)
        .onLineContaining("@Recover");
  }

  @Test
  void retryOnResultOnAFlowIsAnErrorOnTheAttribute() {
    JavaFileObject source =
        client(
            "  @Retryable(",
            "      maxAttempts = 4,",
            "      retryOnResult = \"isEmpty\")",
            "  Flow<String> events(String topic);",
            "  default boolean isEmpty(String value) {",
            "    return value.isEmpty();",
            "  }");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retryOnResult does not apply to events(String), which returns a Flow: a flow has no"
                + " one result to test. Remove retryOnResult, or test the elements downstream")
        .inFile(source)
        .onLineContaining("retryOnResult = \"isEmpty\")");
  }

  @Test
  void kotlinDeferredSaysToMakeItASuspendFunction() {
    JavaFileObject source =
        client("  @Retryable", "  Deferred<String> fetch(String id);");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "fetch(String) returns Deferred<String>, a Kotlin Deferred, which does its work after"
                + " the method returned, so a retry loop around the call would never see it fail,"
                + " and retrygen cannot retry that type. Make it a suspend function, or return a"
                + " Flow, instead, or remove @Retryable")
        .inFile(source)
        .onLineContaining("Deferred<String> fetch(");
  }

  @Test
  void aFlowTypeOfItsOwnIsAnErrorSayingToReturnFlow() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Prices",
            "package test;",
            "import io.retrygen.Retryable;",
            "import kotlinx.coroutines.flow.StateFlow;",
            "@kotlin.Metadata",
            "public interface Prices {",
            "  @Retryable",
            "  StateFlow<Long> price(String item);",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "price(String) returns StateFlow<Long>, a hot or special Flow type (retrygen retries a"
                + " function declared to return Flow itself)")
        .inFile(source)
        .onLineContaining("StateFlow<Long> price(");
  }

  @Test
  void aSuspendRetryIfIsAnErrorNamingItAsKotlinShowsIt() {
    JavaFileObject source =
        client(
            "  @Retryable(retryIf = \"isTransient\")",
            "  Object fetch(String id, Continuation<? super String> $completion);",
            "  default Object isTransient(IOException e, Continuation<? super Boolean> c) {",
            "    return true;",
            "  }");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("suspend isTransient(IOException)")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransient\"");
  }
}
