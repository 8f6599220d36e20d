package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Types of the input's package named like the {@code java.lang} types the generated code writes
 * by simple name ({@code catch (Throwable failure)}, {@code @Override}): a type of the package
 * shadows {@code java.lang}'s, which is only imported on demand (JLS 6.4.1), so the generated code
 * must name those qualified.
 */
class ShadowedNamesTest {
  private final Compiler javac =
      Compiler.javac().withProcessors(new RetryProcessor()).withOptions("-Xlint:all,-processing");

  /** One class of package {@code test} for each name, none of them related to java.lang's. */
  private static List<JavaFileObject> shadowingTypes(String... names) {
    List<JavaFileObject> sources = new ArrayList<>();
    for (String name : names) {
      sources.add(
          JavaFileObjects.forSourceLines(
              "test." + name, "package test;", "final class " + name + " {}"));
    }
    return sources;
  }

  @Test
  void samePackageTypesNamedLikeJavaLangTypesDoNotCaptureTheGeneratedCode() {
    List<JavaFileObject> sources =
        shadowingTypes(
            "Throwable", "Exception", "RuntimeException", "InterruptedException", "Thread",
            "Override", "Deprecated", "SuppressWarnings", "Object", "String", "Integer",
            "ClassNotFoundException");
    sources.add(
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "interface Client {",
            "  @Retryable(noRetryFor = java.lang.IllegalStateException.class)",
            "  @CircuitBreaker",
            "  java.lang.String charge(java.lang.Integer cents) throws java.lang.Exception;",
            "",
            "  @Retryable",
            "  @java.lang.Deprecated",
            "  @java.lang.SuppressWarnings(\"unchecked\")",
            "  void legacy(List<java.lang.String>... batches);",
            "",
            "  @Retryable(retryIf = \"isTransient\")",
            "  java.lang.Object find(java.lang.Object key) throws java.lang.InterruptedException;",
            "",
            "  static boolean isTransient(java.lang.Exception e) {",
            "    return true;",
            "  }",
            "",
            "  @Recover",
            "  default java.lang.String fallback(java.lang.Exception e, java.lang.Integer cents) {",
            "    return \"\";",
            "  }",
            "",
            "  @Recover",
            "  default java.lang.Object orElse(java.lang.Object key) {",
            "    return key;",
            "  }",
            "}"));
    sources.add(
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "class Store implements java.io.Serializable {",
            "  private static final long serialVersionUID = 1L;",
            "",
            "  java.lang.String load(java.lang.String key) {",
            "    return key;",
            "  }",
            "}"));
    Compilation compilation = javac.compile(sources);
    assertThat(compilation).succeededWithoutWarnings();
    String client = generated(compilation, "test.ClientRetrying");
    assertThat(client).contains("@java.lang.Override");
    assertThat(client).contains("catch (java.lang.Throwable failure)");
    assertThat(client).contains("failure instanceof java.lang.InterruptedException");
    assertThat(client).contains("java.lang.Thread.currentThread().interrupt();");
    assertThat(client).contains("@java.lang.SuppressWarnings(\"unchecked\")");
    assertThat(client).contains("@java.lang.Deprecated");
    assertThat(client).contains("public java.lang.String charge(java.lang.Integer cents)");
    String store = generated(compilation, "test.StoreRetrying");
    assertThat(store).containsMatch("throws IOException,\\s+java.lang.ClassNotFoundException");
  }

  @Test
  void anInputNamedLikeAJavaLangTypeIsNamedByItsOwnNameAndJavaLangsQualified() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Exception",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Exception {",
            "  @Retryable",
            "  void call() throws java.io.IOException;",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ExceptionRetrying");
    assertThat(generated).contains("final class ExceptionRetrying implements Exception {");
    assertThat(generated).contains("failure instanceof java.lang.Exception");
  }

  @Test
  void ordinaryInputsKeepJavaLangNamesSimple() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String call(Object key) throws InterruptedException;",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).doesNotContain("java.lang.");
    for (String line : Arrays.asList("@Override", "catch (Throwable failure)")) {
      assertThat(generated).contains(line);
    }
  }

  @Test
  void parametersNamedLikeTheFirstPartOfAPackageDoNotObscureQualifiedNames() {
    // A parameter named like a class the body names in an expression makes JavaPoet write it
    // qualified; a parameter named like the first part of its package obscures that too (JLS
    // 6.4.2): java.lang.Thread.currentThread() with an int java, io.retrygen.runtime... with an
    // int io. Found by ProcessorFuzzTest.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletableFuture;",
            "interface Client {",
            "  @Retryable(retryIf = \"isTransient\")",
            "  @CircuitBreaker",
            "  String call(int java, int io, int test, String Thread, String CircuitBreakerGate,",
            "      String Client) throws Exception;",
            "",
            "  @Retryable",
            "  CompletableFuture<String> later(int java, String CompletableFuture);",
            "",
            "  static boolean isTransient(Exception e) {",
            "    return true;",
            "  }",
            "",
            "  @Recover",
            "  default String fallback(Exception e) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("import static java.lang.Thread.currentThread;");
    assertThat(generated).contains("currentThread().interrupt();");
    assertThat(generated).contains("long permit = NO_PERMIT;");
    assertThat(generated).contains("isTransient((Exception) failure)");
    assertThat(generated).contains("return completedFuture(");
  }

  @Test
  void inheritedFieldsNamedLikeClassesAndPackagesDoNotObscureTheGeneratedCode() {
    // The constants of an interface are fields of the delegate too: in its bodies and field
    // initializers, they obscure classes and packages of the same name as parameters do.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  int io = 1;",
            "  int java = 2;",
            "  int BackoffPolicy = 3;",
            "  int RetryOptions = 4;",
            "  int Objects = 5;",
            "  int Thread = 6;",
            "  int CircuitBreakerGate = 7;",
            "",
            "  @Retryable(backoff = @Backoff(delay = 10))",
            "  @CircuitBreaker",
            "  String call(String id) throws InterruptedException;",
            "",
            "  @Retryable",
            "  String other();",
            "",
            "  @Recover",
            "  default String fallback(InterruptedException e) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("import static io.retrygen.runtime.BackoffPolicy.fixed;");
    assertThat(generated).containsMatch("0L,\\s+defaultPolicy\\(\\)\\);");
    assertThat(generated).contains("requireNonNull(delegate, \"delegate == null\")");
  }

  @Test
  void whereEveryNameOfNoPermitIsObscuredItsValueIsWritten() {
    // A member type named CircuitBreakerGate makes the name qualified, a parameter named io
    // obscures that, and an inherited field named NO_PERMIT shadows a static import of it. Found
    // by ProcessorFuzzTest.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "class Store {",
            "  static final class CircuitBreakerGate {}",
            "",
            "  protected int NO_PERMIT;",
            "",
            "  @CircuitBreaker",
            "  String load(int io) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.StoreRetrying"))
        .contains("long permit = -1L;");
  }

  /**
   * The hooks classes are nested classes of the generated class: none takes the name of a type of
   * the package (which it would shadow), nor {@code RetryHooks}, the class it extends.
   */
  @Test
  void hooksClassesTakeNoNameInScope() {
    List<JavaFileObject> sources = shadowingTypes("ChargeHooks");
    sources.add(
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(retryIf = \"isTransient\")",
            "  String charge(ChargeHooks hooks);",
            "",
            "  @Retryable(retryIf = \"isTransient\")",
            "  String retry();",
            "",
            "  static boolean isTransient(Exception e) {",
            "    return true;",
            "  }",
            "}"));
    Compilation compilation = javac.compile(sources);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("new ChargeHooks_()");
    assertThat(generated).contains("private final class ChargeHooks_ extends RetryHooks<String> {");
    assertThat(generated).contains("new RetryHooks_()");
    assertThat(generated).contains("private final class RetryHooks_ extends RetryHooks<String> {");
  }
}
