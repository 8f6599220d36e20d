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

  @Test
  void finalKotlinClassSaysMarkItOpen() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@kotlin.Metadata",
            "public final class Client {",
            "  @Retryable",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap final class Client: it generates the subclass ClientRetrying,"
                + " and Kotlin classes are final unless marked open. Mark it `open`, or put the"
                + " annotations on an interface that Client implements")
        .inFile(source)
        .onLineContaining("public final class Client");
  }

  @Test
  void finalKotlinFunctionSaysMarkItOpen() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@kotlin.Metadata",
            "public class Client {",
            "  @Retryable",
            "  public final String charge(String account) {",
            "    return account;",
            "  }",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable cannot be used on final function charge(String): the generated class"
                + " guards a function by overriding it, and Kotlin functions are final unless"
                + " marked open. Mark it `open`, or remove the annotation")
        .inFile(source)
        .onLineContaining("public final String charge(");
  }

  @Test
  void guardedSuspendFunctionWithoutTheKotlinModuleIsAnErrorNamingIt() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import kotlin.coroutines.Continuation;",
            "@kotlin.Metadata",
            "@Retryable",
            "public interface Client {",
            "  Object charge(String account, Continuation<? super String> continuation);",
            "",
            "  String status(String id);",
            "}");
    Compilation compilation =
        javac
            .withClasspath(TestClasspath.without(TestClasspath.KOTLIN))
            .compile(METADATA, CONTINUATION, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "suspend charge(String) is retried by io.retrygen.kotlin.SuspendCall, which is not on"
                + " the compile classpath: add the dependency io.retrygen:retry-kotlin (the"
                + " annotation processor path is not enough). A retry loop around the call would"
                + " end at its first suspension")
        .inFile(source)
        .onLineContaining("Object charge(");
  }

  @Test
  void recoverWhoseBodyKotlinPutInDefaultImplsSaysHowToCompileIt() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "@kotlin.Metadata",
            "public interface Client {",
            "  @Retryable",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  String fallback(Exception e, String account);",
            "",
            "  final class DefaultImpls {",
            "    @Recover", // kapt copies the function's annotations onto the bridge
            "    public static String fallback(Client $this, Exception e, String account) {",
            "      return \"\";",
            "    }",
            "  }",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover method fallback(Exception, String) cannot be called: Kotlin put its body in"
                + " Client.DefaultImpls (as it does without JVM default methods: Kotlin < 2.2, or"
                + " -jvm-default=disable), where the generated class cannot call it. Compile with"
                + " -jvm-default=enable (Kotlin 2.2+; -Xjvm-default=all before 2.2)")
        .inFile(source)
        .onLineContaining("String fallback(Exception e");
  }

  @Test
  void recoverWithJvmDefaultMethodsIgnoresTheDefaultImplsBridgeKaptAnnotatedToo() {
    // What kapt 2.2 writes with -jvm-default=enable (the default): a default method, and for
    // compatibility a static bridge in DefaultImpls that carries a copy of its annotations.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "@kotlin.Metadata",
            "public interface Client {",
            "  @Retryable",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback(Exception e, String account) {",
            "    return null;",
            "  }",
            "",
            "  @kotlin.Metadata",
            "  public static final class DefaultImpls {",
            "    @Recover",
            "    @Deprecated",
            "    public static String fallback(Client $this, Exception e, String account) {",
            "      return null;",
            "    }",
            "  }",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
    assertThat(compilation)
        .generatedSourceFile("test.ClientRetrying")
        .contentsAsUtf8String()
        .contains("fallback(");
  }

  @Test
  void retryIfWhoseBodyKotlinPutInDefaultImplsSaysHowToCompileIt() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@kotlin.Metadata",
            "public interface Client {",
            "  @Retryable(",
            "      retryIf = \"isTransient\")",
            "  String charge(String account);",
            "",
            "  boolean isTransient(Exception e);",
            "",
            "  final class DefaultImpls {",
            "    public static boolean isTransient(Client $this, Exception e) {",
            "      return true;",
            "    }",
            "  }",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransient\") cannot use isTransient(Exception): Kotlin put"
                + " its body in Client.DefaultImpls (as it does without JVM default methods:"
                + " Kotlin < 2.2, or -jvm-default=disable), where the generated class cannot call"
                + " it. Compile with -jvm-default=enable (Kotlin 2.2+; -Xjvm-default=all before 2.2)")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransient\"");
  }

  @Test
  void retryOnResultWhoseBodyKotlinPutInDefaultImplsSaysHowToCompileIt() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@kotlin.Metadata",
            "public interface Client {",
            "  @Retryable(",
            "      retryOnResult = \"isPending\")",
            "  String status(String id);",
            "",
            "  boolean isPending(String status);",
            "",
            "  final class DefaultImpls {",
            "    public static boolean isPending(Client $this, String status) {",
            "      return false;",
            "    }",
            "  }",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryOnResult = \"isPending\") cannot use isPending(String): Kotlin put"
                + " its body in Client.DefaultImpls (as it does without JVM default methods:"
                + " Kotlin < 2.2, or -jvm-default=disable), where the generated class cannot call"
                + " it. Compile with -jvm-default=enable (Kotlin 2.2+; -Xjvm-default=all before 2.2)")
        .inFile(source)
        .onLineContaining("retryOnResult = \"isPending\"");
  }
}
