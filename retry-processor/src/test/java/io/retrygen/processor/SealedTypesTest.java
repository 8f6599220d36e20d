package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * SPEC §2: a {@code sealed} input is accepted only when its {@code permits} clause names the
 * generated class; otherwise one error on the type, never an error inside generated code. The
 * processor tests run on JDK 17+, and compile-testing uses the running javac, so {@code sealed}
 * compiles here although the processor itself is built with {@code --release 8}.
 */
class SealedTypesTest {
  /** A RetryProcessor that tells which files it wrote, even when the compilation failed. */
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  @Test
  void sealedInterfaceThatDoesNotPermitTheGeneratedClassIsAnErrorOnTheType() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "sealed interface Client permits Card {",
            "  @Retryable",
            "  String charge(String account);",
            "}",
            "final class Card implements Client {",
            "  @Override",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap sealed interface Client: its permits clause does not name the"
                + " generated class ClientRetrying, which implements it. Add ClientRetrying to"
                + " permits")
        .inFile(source)
        .onLineContaining("sealed interface Client");
  }

  @Test
  void sealedClassWithoutPermitsClauseIsAnErrorOnTheType() {
    // Without permits, only the subclasses in the same file are permitted.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public sealed class Client {",
            "  @Retryable",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "}",
            "final class Card extends Client {}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap sealed class Client: its permits clause does not name the"
                + " generated class ClientRetrying, which extends it. Add ClientRetrying to"
                + " permits")
        .inFile(source)
        .onLineContaining("public sealed class Client");
  }

  @Test
  void sealedInterfaceThatPermitsTheGeneratedClassCompilesCleanly() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "sealed interface Client permits ClientRetrying, Card {",
            "  @Retryable",
            "  String charge(String account);",
            "}",
            "final class Card implements Client {",
            "  @Override",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void sealedClassThatPermitsTheGeneratedClassByQualifiedNameCompilesCleanly() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public sealed class Client permits test.ClientRetrying {",
            "  @Retryable",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void nestedSealedInterfacePermitsTheGeneratedTopLevelClass() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Outer",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Outer {",
            "  public sealed interface Client permits Outer_ClientRetrying {",
            "    @Retryable",
            "    String charge(String account);",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.Outer_ClientRetrying");
  }
}
