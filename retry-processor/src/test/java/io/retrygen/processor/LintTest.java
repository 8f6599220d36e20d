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
 * Warnings javac gives the generated code under {@code -Xlint:all}, which the user cannot suppress
 * there: each input compiles without warnings, the generated class carrying the narrowest {@code
 * @SuppressWarnings} on the member that needs it (on the class only where javac reports on the
 * class). The inputs suppress what javac reports on them, so that any warning left is the
 * generated code's.
 */
class LintTest {
  private final Compiler javac =
      Compiler.javac().withProcessors(new RetryProcessor()).withOptions("-Xlint:all,-processing");

  private static final JavaFileObject OLD =
      JavaFileObjects.forSourceLines(
          "test.Old", "package test;", "@Deprecated", "public final class Old {}");

  private static final JavaFileObject GONE =
      JavaFileObjects.forSourceLines(
          "test.Gone",
          "package test;",
          "@Deprecated(forRemoval = true)",
          "public final class Gone {}");

  private static final JavaFileObject OLD_FAILURE =
      JavaFileObjects.forSourceLines(
          "test.OldFailure",
          "package test;",
          "@Deprecated",
          "public class OldFailure extends RuntimeException {",
          "  private static final long serialVersionUID = 1L;",
          "}");

  @Test
  void aDeprecatedTypeInASignatureIsSuppressedOnThatMethodOnly() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "@SuppressWarnings(\"deprecation\")",
            "interface Client {",
            "  @Retryable",
            "  String call(Old old);",
            "",
            "  @Retryable",
            "  List<Old> all();",
            "",
            "  Old forwarded();",
            "",
            "  @Retryable",
            "  String plain(String id);",
            "}");
    Compilation compilation = javac.compile(OLD, source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated)
        .contains("  @SuppressWarnings(\"deprecation\")\n  public String call(Old old) {");
    assertThat(generated)
        .contains("  @SuppressWarnings(\"deprecation\")\n  public List<Old> all() {");
    assertThat(generated)
        .contains("  @SuppressWarnings(\"deprecation\")\n  public Old forwarded() {");
    assertThat(generated).contains("  @Override\n  public String plain(String id) {");
    assertThat(generated).contains("final class ClientRetrying implements Client {");
  }

  @Test
  void aTypeDeprecatedForRemovalIsSuppressedAsRemoval() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"removal\")",
            "interface Client {",
            "  @Retryable",
            "  Gone call(String id);",
            "",
            "  @Retryable",
            "  @Deprecated(forRemoval = true)",
            "  String going();",
            "}");
    Compilation compilation = javac.compile(GONE, source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated)
        .contains("  @SuppressWarnings(\"removal\")\n  public Gone call(String id) {");
    // @Deprecated (copied with forRemoval) does not keep javac from reporting an override of a
    // method it will remove.
    assertThat(generated)
        .contains(
            "  @Deprecated(\n      forRemoval = true\n  )\n  @SuppressWarnings(\"removal\")\n"
                + "  public String going() {");
  }

  @Test
  void aDeprecatedFailureTypeTheBodyTestsForIsSuppressedOnTheMethod() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"deprecation\")",
            "interface Client {",
            "  @Retryable(noRetryFor = OldFailure.class)",
            "  String call(String id);",
            "",
            "  @CircuitBreaker(skipOn = OldFailure.class)",
            "  String broken(String id);",
            "",
            "  @Retryable",
            "  String recovered(String id);",
            "",
            "  @Recover",
            "  default String fallback(OldFailure failure, String id) {",
            "    return id;",
            "  }",
            "}");
    Compilation compilation = javac.compile(OLD_FAILURE, source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated)
        .contains("  @SuppressWarnings(\"deprecation\")\n  public String call(String id) {");
    assertThat(generated)
        .contains("  @SuppressWarnings(\"deprecation\")\n  public String broken(String id) {");
    assertThat(generated)
        .contains("  @SuppressWarnings(\"deprecation\")\n  public String recovered(String id) {");
  }

  /**
   * Stateful keys (SPEC §19): a list of generic and varargs arguments creates no generic array
   * ({@code Arrays.<Object>asList}), a deprecated {@code stateKey} method is suppressed on the
   * method that calls it, and a raw argument passed as a parameterized one as unchecked.
   */
  @Test
  void statefulKeysCompileWithoutWarnings() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "@SuppressWarnings({\"deprecation\", \"rawtypes\", \"unchecked\"})",
            "interface Consumer {",
            "  @Retryable(stateful = true)",
            "  <T> T send(List<T> items, T first, int count);",
            "",
            "  @Retryable(stateful = true, stateKey = \"legacyKey\")",
            "  void legacy(List<String> names, int batch);",
            "",
            "  @Retryable(stateful = true, stateKey = \"rawKey\")",
            "  long raw(List names);",
            "",
            "  @Retryable(stateful = true)",
            "  void none();",
            "",
            "  @Deprecated",
            "  static Object legacyKey(List<String> names) {",
            "    return names;",
            "  }",
            "",
            "  static long rawKey(List<String> names) {",
            "    return names.size();",
            "  }",
            "",
            "  @Recover",
            "  default long rawFailed(Exception failure, List names) {",
            "    return -1L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ConsumerRetrying");
    assertThat(generated).contains("Object key = Arrays.<Object>asList(items, first, count);");
    assertThat(generated)
        .contains("  @SuppressWarnings(\"deprecation\")\n  public void legacy(List<String> names,");
    assertThat(generated).contains("Object key = Consumer.rawKey(names);");
    assertThat(generated).contains("Object key = Collections.emptyList();");
  }

  /**
   * Variables named {@code java}, {@code Arrays} and {@code Collections} obscure both names of
   * {@code Arrays.asList} and {@code Collections.emptyList} (JLS 6.4.2): they are imported
   * statically.
   */
  @Test
  void statefulKeyListsWhereVariablesObscureTheirClasses() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable(stateful = true)",
            "class Consumer {",
            "  int java;",
            "  int Collections;",
            "",
            "  void handle(String first, int Arrays) {}",
            "",
            "  void flush() {}",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ConsumerRetrying");
    assertThat(generated).contains("Object key = asList((Object) first, Arrays);");
    assertThat(generated).contains("Object key = emptyList();");
  }

  @Test
  void aStaticPredicateOfADeprecatedSupertypeIsSuppressedOnTheMethod() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "@Deprecated",
            "interface Base {",
            "  static boolean isTransient(Exception e) {",
            "    return true;",
            "  }",
            "}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"deprecation\")",
            "interface Client extends Base {",
            "  @Retryable(retryIf = \"isTransient\")",
            "  String call(String id);",
            "}");
    Compilation compilation = javac.compile(base, source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("  @SuppressWarnings(\"deprecation\")\n  public String call(String id) {");
  }

  @Test
  void aDeprecatedListenerClassIsSuppressedOnTheConstructorsThatCreateIt() {
    JavaFileObject listener =
        JavaFileObjects.forSourceLines(
            "test.OldListener",
            "package test;",
            "@Deprecated",
            "public class OldListener implements io.retrygen.RetryListener {}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"deprecation\")",
            "interface Client {",
            "  @Retryable(listeners = OldListener.class)",
            "  String call(String id);",
            "}");
    JavaFileObject store =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"deprecation\")",
            "@Retryable(listeners = OldListener.class)",
            "class Store implements java.io.Serializable {",
            "  private static final long serialVersionUID = 1L;",
            "",
            "  Store(String name) {}",
            "",
            "  String load(String id) {",
            "    return id;",
            "  }",
            "}");
    Compilation compilation = javac.compile(listener, client, store);
    assertThat(compilation).succeededWithoutWarnings();
    String delegate = generated(compilation, "test.ClientRetrying");
    assertThat(delegate).contains("  ClientRetrying(Client delegate) {");
    assertThat(delegate)
        .contains("  @SuppressWarnings(\"deprecation\")\n  ClientRetrying(Client delegate,");
    String subclass = generated(compilation, "test.StoreRetrying");
    assertThat(subclass).contains("  StoreRetrying(String name) {");
    assertThat(subclass)
        .contains("  @SuppressWarnings(\"deprecation\")\n  StoreRetrying(RetryOptions options,");
    assertThat(subclass)
        .contains("  @SuppressWarnings(\"deprecation\")\n  private void readObject(");
  }

  @Test
  void aDeprecatedConstructorParameterTypeIsSuppressedOnTheGeneratedConstructors() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"deprecation\")",
            "@Retryable",
            "class Store {",
            "  Store(Old old) {}",
            "",
            "  String load(String id) {",
            "    return id;",
            "  }",
            "}");
    Compilation compilation = javac.compile(OLD, source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.StoreRetrying");
    assertThat(generated)
        .contains("  @SuppressWarnings(\"deprecation\")\n  StoreRetrying(Old old) {");
    assertThat(generated)
        .contains(
            "  @SuppressWarnings(\"deprecation\")\n"
                + "  StoreRetrying(RetryOptions options, Old old) {");
    assertThat(generated).contains("  @Override\n  String load(String id) {");
  }

  @Test
  void aDeprecatedBoundOfATypeParameterIsSuppressedOnTheClass() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"deprecation\")",
            "interface Client<T extends Comparable<Old>> {",
            "  @Retryable",
            "  String call(String id);",
            "}");
    Compilation compilation = javac.compile(OLD, source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains(
            "@SuppressWarnings(\"deprecation\")\n"
                + "final class ClientRetrying<T extends Comparable<Old>> implements Client<T> {");
  }

  @Test
  void anAutoCloseableWhoseCloseMayThrowInterruptionIsSuppressedOnTheClass() {
    // javac reports "try" on every class that has such a close(), the generated one included.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"try\")",
            "interface Client extends AutoCloseable {",
            "  @Retryable",
            "  String call(String id);",
            "}");
    JavaFileObject resource =
        JavaFileObjects.forSourceLines(
            "test.Resource",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"try\")",
            "@Retryable",
            "class Resource implements AutoCloseable {",
            "  @Override",
            "  public void close() throws InterruptedException {}",
            "",
            "  String read() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source, resource);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("@SuppressWarnings(\"try\")\nfinal class ClientRetrying implements Client {");
    assertThat(generated(compilation, "test.ResourceRetrying"))
        .contains("@SuppressWarnings(\"try\")\nfinal class ResourceRetrying extends Resource {");
  }

  @Test
  void aCloseableWhoseCloseCannotThrowInterruptionNeedsNoSuppression() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client extends java.io.Closeable, AutoCloseable {",
            "  @Retryable",
            "  String call(String id);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying")).doesNotContain("@SuppressWarnings");
  }

  @Test
  void anInterfacesFinalizeIsSuppressedOnTheDelegatesFinalize() {
    // The delegate's public finalize() overrides Object's, deprecated since Java 9 and marked for
    // removal since Java 18: "deprecation" or "removal", whichever this JDK reports.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String call(String id);",
            "",
            "  void finalize();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .containsMatch(
            "  @SuppressWarnings\\(\"(deprecation|removal)\"\\)\n  public void finalize\\(\\) \\{");
  }

  @Test
  void aClassThatOverridesFinalizeGeneratesNoFinalize() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings({\"deprecation\", \"removal\"})",
            "@Retryable",
            "class Store {",
            "  String load(String id) {",
            "    return id;",
            "  }",
            "",
            "  @Override",
            "  protected void finalize() {}",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.StoreRetrying")).doesNotContain("finalize");
  }

  @Test
  void aDeprecatedTypeOfAnotherPackageIsNamedQualifiedNotImported() {
    // javac -source 8 reports a deprecated type in an import (JEP 211 dropped that from 9 on),
    // and no @SuppressWarnings reaches an import. Found by ProcessorFuzzTest.
    JavaFileObject failure =
        JavaFileObjects.forSourceLines(
            "other.OldFailure",
            "package other;",
            "@Deprecated",
            "public class OldFailure extends RuntimeException {",
            "  private static final long serialVersionUID = 1L;",
            "}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@SuppressWarnings(\"deprecation\")",
            "interface Client {",
            "  @Retryable(noRetryFor = other.OldFailure.class)",
            "  String call(String id);",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(new RetryProcessor())
            .withOptions("-Xlint:all,-processing,-options", "--release", "8")
            .compile(failure, source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).doesNotContain("import other.OldFailure;");
    assertThat(generated).contains("failure instanceof other.OldFailure");
  }
}
