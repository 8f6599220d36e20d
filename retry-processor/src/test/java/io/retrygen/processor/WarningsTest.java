package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The compile warnings of SPEC §5 and §9 (issue 7): probable mistakes that still compile. Each
 * test asserts the message, its line, the exact warning count and that the build succeeds; the
 * inputs that must stay quiet compile without warnings under -Xlint:all.
 */
class WarningsTest {
  /** A RetryProcessor that tells which files it wrote, even when the compilation failed. */
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  // ---------------------------------------------------------------------------------------------
  // @Recover in a type where nothing is guarded (SPEC §2, §5)

  @Test
  void recoverInATypeWithoutRetryableIsAWarningAndGeneratesNothing() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "interface Client {",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadWarningContaining(
            "@Recover method fallback(Exception, String) fits no guarded method of Client, so it"
                + " is never called: nothing in Client is guarded (no @Retryable or"
                + " @CircuitBreaker on it or its methods). Add @Retryable to the method it should"
                + " recover: charge(String)")
        .inFile(source)
        .onLineContaining("@Recover");
  }

  @Test
  void recoverOfAnUnguardedSupertypeServingASubtypeOfTheSameCompilationIsNotWarned() {
    // Base's fallback fits Base.charge, but Client guards charge and uses it (SPEC §5: a recover
    // method lives in the same type or a supertype). Base itself generates nothing.
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.Recover;",
            "interface Base {",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends Base {}");
    Compilation compilation = javac.withOptions("-Xlint:all").compile(base, client);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void recoverInATypeWithoutRetryableIsStillChecked() {
    // Generates nothing, but an invalid @Recover is still an error (SPEC §2), and only that.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "public class Client {",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "",
            "  @Recover",
            "  static String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover method fallback(Exception, String) is static: a recover method is an"
                + " instance method of the type or a supertype. Remove static")
        .inFile(source)
        .onLineContaining("static String fallback(");
  }

  @Test
  void recoverInATypeWhoseRetryableGuardsNothingSaysSo() {
    // The type is processed (it has @Retryable), but no method of it is guarded.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "public class Client {",
            "  public final String charge(String account) {",
            "    return account;",
            "  }",
            "",
            "  @Recover",
            "  protected String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Recover method fallback(Exception, String) fits no guarded method of Client, so it"
                + " is never called: no method of Client is guarded. Add @Retryable to the method"
                + " it should recover")
        .inFile(source)
        .onLineContaining("@Recover");
  }
}
