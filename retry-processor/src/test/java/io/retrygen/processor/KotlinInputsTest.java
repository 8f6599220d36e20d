package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Inputs compiled from Kotlin (SPEC §2): a kapt stub is Java source that carries {@code
 * kotlin.Metadata}. The tests simulate one with Java sources annotated {@code @kotlin.Metadata},
 * compiled together with stand-ins for {@code kotlin.Metadata} and {@code
 * kotlin.coroutines.Continuation}, so no Kotlin compiler is needed.
 */
class KotlinInputsTest {
  /** A RetryProcessor that tells which files it wrote, even when the compilation failed. */
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  private static final JavaFileObject METADATA =
      JavaFileObjects.forSourceLines(
          "kotlin.Metadata", "package kotlin;", "public @interface Metadata {}");

  private static final JavaFileObject CONTINUATION =
      JavaFileObjects.forSourceLines(
          "kotlin.coroutines.Continuation",
          "package kotlin.coroutines;",
          "public interface Continuation<T> {}");

  private Compilation compile(JavaFileObject source) {
    return javac.compile(METADATA, CONTINUATION, source);
  }

  @Test
  void retryForACheckedExceptionIsNotWarnedForKotlin() {
    // Kotlin declares no throws clauses: any function may throw IOException.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "@kotlin.Metadata",
            "public interface Client {",
            "  @Retryable(retryFor = IOException.class)",
            "  String charge(String account);",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void typeLevelRetryableOnAKotlinClassWithoutOpenFunctionsSaysMarkThemOpen() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@kotlin.Metadata",
            "@Retryable",
            "public class Client {",
            "  public final String charge(String account) {",
            "    return account;",
            "  }",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable on Client guards no method, so it has no effect: a type-level annotation"
                + " applies to the methods the generated class can override, and Client has none"
                + " (Kotlin functions are final unless marked open). Mark the functions it should"
                + " guard `open`, or remove the annotation")
        .inFile(source)
        .onLineContaining("@Retryable");
  }
}
