package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per diagnostic of {@code @Recover}, {@code recover}, {@code retryIf} and {@code
 * retryOnResult} (SPEC §3, §5, §9): the message, the line it is reported on, and that it comes
 * alone (no cascade of follow-up errors or warnings). Values that are wrong sit on a line of their
 * own, so that a diagnostic reported on the annotation instead of the value fails the test. The
 * inputs that must be accepted compile without warnings under -Xlint:all.
 */
class RecoverDiagnosticsTest {
  /** A RetryProcessor that tells which files it wrote, even when the compilation failed. */
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  // ---------------------------------------------------------------------------------------------
  // @Recover methods the generated class cannot call

  @Test
  void privateRecoverMethodIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "public class Client {",
            "  @Retryable",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "",
            "  @Recover",
            "  private String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover method fallback(Exception, String) is private, so the generated class cannot"
                + " call it. Make it package-private, protected or public")
        .inFile(source)
        .onLineContaining("private String fallback(");
  }

  @Test
  void staticRecoverMethodIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "public class Client {",
            "  @Retryable",
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
            "@Recover method fallback(Exception, String) is static: a recover method is called on"
                + " the instance the generated class wraps. Remove static")
        .inFile(source)
        .onLineContaining("static String fallback(");
  }

  @Test
  void staticRecoverMethodOfAnInterfaceSaysMakeItDefaultAndNothingElse() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String charge(String account);",
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
            "@Recover method fallback(Exception, String) is static: a recover method is called on"
                + " the instance the generated class wraps. Make it a default method instead of"
                + " static")
        .inFile(source)
        .onLineContaining("static String fallback(");
  }

  @Test
  void staticRecoverMethodNamedByRecoverIsReportedOnceNotAsMissing() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(recover = \"fallback\")",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  static String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("Make it a default method instead of static")
        .inFile(source)
        .onLineContaining("static String fallback(");
  }

  @Test
  void abstractRecoverMethodOfAnInterfaceIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  String fallback(Exception e, String account);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover method fallback(Exception, String) has no body, so the generated class has"
                + " nothing to call. Make it a default method")
        .inFile(source)
        .onLineContaining("String fallback(");
  }

  @Test
  void abstractRecoverMethodOfAClassIsOneError() {
    // Not also "Client has the abstract method fallback(...) left": one mistake, one error.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "public abstract class Client {",
            "  @Retryable",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "",
            "  @Recover",
            "  abstract String fallback(Exception e, String account);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover method fallback(Exception, String) has no body, so the generated class has"
                + " nothing to call. Give it a body")
        .inFile(source)
        .onLineContaining("abstract String fallback(");
  }

  // ---------------------------------------------------------------------------------------------
  // recover = "name"

  @Test
  void recoverNamingNoRecoverMethodSuggestsTheNearestName() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      recover = \"fallbak\")",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(recover = \"fallbak\") names no @Recover method of Client. Did you mean"
                + " 'fallback'?")
        .inFile(source)
        .onLineContaining("recover = \"fallbak\"");
  }

  @Test
  void recoverNamingAMethodWithoutRecoverIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      recover = \"fallback\")",
            "  String charge(String account);",
            "",
            "  default String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(recover = \"fallback\") names no @Recover method of Client.")
        .inFile(source)
        .onLineContaining("recover = \"fallback\"");
    for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
      assertThat(error.getMessage(null)).doesNotContain("Did you mean");
    }
  }

  @Test
  void recoverNamingAMethodWithAnIncompatibleReturnTypeIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      recover = \"fallback\")",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default Integer fallback(Exception e, String account) {",
            "    return 0;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0); // not also "fits no guarded method"
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(recover = \"fallback\") names no @Recover method that fits charge(String):"
                + " fallback(Exception, String) returns Integer, which is not assignable to"
                + " String. A recover method returns a type assignable to String and takes"
                + " optionally the failure, then the first parameters of charge(String)")
        .inFile(source)
        .onLineContaining("recover = \"fallback\"");
  }

  @Test
  void recoverNamingAMethodThatThrowsAnUndeclaredCheckedExceptionIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable(",
            "      recover = \"fallback\")",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback(Exception e, String account) throws IOException {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(recover = \"fallback\") names no @Recover method that fits charge(String):"
                + " fallback(Exception, String) throws IOException, which charge(String) does not"
                + " declare.")
        .inFile(source)
        .onLineContaining("recover = \"fallback\"");
  }

  @Test
  void recoverNamingAMethodWhoseParametersAreNotAPrefixIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      recover = \"fallback\")",
            "  String charge(String account, int cents);",
            "",
            "  @Recover",
            "  default String fallback(Exception e, int cents) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(recover = \"fallback\") names no @Recover method that fits charge(String,"
                + " int): fallback(Exception, int) takes (Exception, int), which is not an"
                + " optional failure followed by the first parameters of (String, int).")
        .inFile(source)
        .onLineContaining("recover = \"fallback\"");
  }

  // ---------------------------------------------------------------------------------------------
  // Ties and unused recover methods

  @Test
  void twoRecoverMethodsWithTheSameFailureTypeAreAnErrorOnTheSecond() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback(IOException e, String account) {",
            "    return \"\";",
            "  }",
            "",
            "  @Recover",
            "  default String fallbackAgain(IOException e) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover methods fallback(IOException, String) and fallbackAgain(IOException) both fit"
                + " charge(String) with the same failure IOException, so neither is more specific."
                + " Remove one, change its failure parameter, or pick one with"
                + " @Retryable(recover = \"...\")")
        .inFile(source)
        .onLineContaining("String fallbackAgain(");
  }

  @Test
  void twoRecoverMethodsWithoutFailureParameterAreAnErrorOnTheSecond() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback() {",
            "    return \"\";",
            "  }",
            "",
            "  @Recover",
            "  default String fallbackAgain(String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover methods fallback() and fallbackAgain(String) both fit charge(String) with the"
                + " same failure (none), so neither is more specific. Remove one, change its"
                + " failure parameter, or pick one with @Retryable(recover = \"...\")")
        .inFile(source)
        .onLineContaining("String fallbackAgain(");
  }

  @Test
  void recoverMethodThatFitsNoGuardedMethodIsAWarningNamingTheClosestMismatch() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String charge(String account);",
            "",
            "  @Retryable",
            "  void refund(String account, long cents);",
            "",
            "  @Recover",
            "  default int count(Exception e, String account) {",
            "    return 0;",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
    assertThat(compilation)
        .hadWarningContaining(
            "@Recover method count(Exception, String) fits no guarded method of Client, so it is"
                + " never called. The closest, charge(String), does not fit because"
                + " count(Exception, String) returns int, which is not assignable to String")
        .inFile(source)
        .onLineContaining("@Recover");
  }

  // ---------------------------------------------------------------------------------------------
  // retryIf

  @Test
  void retryIfNamingAnUnknownMethodSuggestsTheNearestName() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      retryIf = \"isTransiant\")",
            "  String charge(String account);",
            "",
            "  default boolean isTransient(Exception e) {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransiant\") names no method of Client or its supertypes."
                + " Did you mean 'isTransient'?")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransiant\"");
  }

  @Test
  void retryIfNamingAnUnknownMethodAtTypeLevelIsReportedOnceForAllMethods() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable(",
            "    retryIf = \"isTransiant\")",
            "interface Client {",
            "  String charge(String account);",
            "  String refund(String account);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransiant\") names no method of Client or its supertypes.")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransiant\"");
  }

  @Test
  void retryIfMethodThatDoesNotReturnBooleanIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      retryIf = \"isTransient\")",
            "  String charge(String account);",
            "",
            "  default String isTransient(Exception e) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransient\") cannot use isTransient(Exception): it returns"
                + " String, not boolean. It must be a non-private method boolean isTransient(T"
                + " failure) with T a Throwable type")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransient\"");
  }

  @Test
  void retryIfMethodWithTwoParametersIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      retryIf = \"isTransient\")",
            "  String charge(String account);",
            "",
            "  default boolean isTransient(Exception e, int attempt) {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransient\") cannot use isTransient(Exception, int): it takes"
                + " 2 parameters, not 1. It must be a non-private method boolean isTransient(T"
                + " failure) with T a Throwable type")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransient\"");
  }

  @Test
  void retryIfMethodTakingANonThrowableIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      retryIf = \"isTransient\")",
            "  String charge(String account);",
            "",
            "  default boolean isTransient(String message) {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransient\") cannot use isTransient(String): it takes String,"
                + " which is not a Throwable type. It must be a non-private method boolean"
                + " isTransient(T failure) with T a Throwable type")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransient\"");
  }

  @Test
  void retryIfPrivateMethodIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Client {",
            "  @Retryable(",
            "      retryIf = \"isTransient\")",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "",
            "  private boolean isTransient(Exception e) {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransient\") cannot use isTransient(Exception): it is"
                + " private. It must be a non-private method boolean isTransient(T failure) with T"
                + " a Throwable type")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransient\"");
  }

  @Test
  void retryIfAbstractInterfaceMethodIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      retryIf = \"isTransient\")",
            "  String charge(String account);",
            "",
            "  boolean isTransient(Exception e);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransient\") cannot use isTransient(Exception): it is"
                + " abstract; in an interface it must be a default or static method.")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransient\"");
  }

  @Test
  void retryIfMethodThatThrowsAnUndeclaredCheckedExceptionIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable(",
            "      retryIf = \"isTransient\")",
            "  String charge(String account);",
            "",
            "  default boolean isTransient(Exception e) throws IOException {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransient\") cannot use isTransient(Exception): it throws"
                + " IOException, which charge(String) does not declare.")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransient\"");
  }

  @Test
  void recoverTakingAPrivateFailureTypeIsAnErrorOnTheRecoverMethod() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "abstract class Client {",
            "  @Retryable",
            "  String charge(String account) { return account; }",
            "",
            "  @Recover",
            "  String whenBusy(Busy failure) { return \"busy\"; }",
            "",
            "  private static final class Busy extends RuntimeException {",
            "    private static final long serialVersionUID = 1L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover method whenBusy(Client.Busy) takes Client.Busy, which the generated class in"
                + " package test cannot see, so it cannot pass the failure on. Make Client.Busy"
                + " package-private or public")
        .inFile(source)
        .onLineContaining("String whenBusy(Busy failure)");
  }

  @Test
  void retryIfTakingAPrivateFailureTypeIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "abstract class Client {",
            "  @Retryable(",
            "      retryIf = \"isBusy\")",
            "  String charge(String account) { return account; }",
            "",
            "  boolean isBusy(Busy failure) { return true; }",
            "",
            "  private static final class Busy extends RuntimeException {",
            "    private static final long serialVersionUID = 1L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isBusy\") cannot use isBusy(Client.Busy): it takes Client.Busy,"
                + " which the generated class cannot see to test for; make that type"
                + " package-private or public.")
        .inFile(source)
        .onLineContaining("retryIf = \"isBusy\"");
  }

  @Test
  void retryIfNamingOverloadsThatBothFitIsAmbiguous() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable(",
            "      retryIf = \"isTransient\")",
            "  String charge(String account);",
            "",
            "  default boolean isTransient(IOException e) {",
            "    return true;",
            "  }",
            "",
            "  default boolean isTransient(IllegalStateException e) {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryIf = \"isTransient\") is ambiguous: 2 methods of that name fit"
                + " charge(String). Rename all but one")
        .inFile(source)
        .onLineContaining("retryIf = \"isTransient\"");
  }

  // ---------------------------------------------------------------------------------------------
  // retryOnResult

  @Test
  void retryOnResultOnAVoidMethodIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      retryOnResult = \"isEmpty\")",
            "  void charge(String account);",
            "",
            "  default boolean isEmpty(Object result) {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryOnResult = \"isEmpty\") cannot apply to charge(String): it returns"
                + " void, so there is no result to test. Remove retryOnResult, or return the"
                + " result")
        .inFile(source)
        .onLineContaining("retryOnResult = \"isEmpty\"");
  }

  @Test
  void retryOnResultMethodThatCannotTakeTheResultIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      retryOnResult = \"isBad\")",
            "  int charge(String account);",
            "",
            "  default boolean isBad(String result) {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryOnResult = \"isBad\") cannot use isBad(String): it takes String, which"
                + " the result (int) cannot be passed as. It must be a non-private method boolean"
                + " isBad(R result) that charge(String)'s result (int) can be passed to")
        .inFile(source)
        .onLineContaining("retryOnResult = \"isBad\"");
  }

  @Test
  void retryOnResultNamingAnUnknownMethodSuggestsTheNearestName() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      retryOnResult = \"isBda\")",
            "  int charge(String account);",
            "",
            "  default boolean isBad(Integer result) {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryOnResult = \"isBda\") names no method of Client or its supertypes."
                + " Did you mean 'isBad'?")
        .inFile(source)
        .onLineContaining("retryOnResult = \"isBda\"");
  }

  // ---------------------------------------------------------------------------------------------
  // Accepted: each compiles without warnings under -Xlint:all, and calls what it should

  @Test
  void retryOnResultMayBoxTheResult() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(retryOnResult = \"isBad\")",
            "  int charge(String account);",
            "",
            "  @Retryable(retryOnResult = \"isMissing\")",
            "  int count(String account);",
            "",
            "  default boolean isBad(Integer result) {",
            "    return result < 0;",
            "  }",
            "",
            "  default boolean isMissing(Object result) {",
            "    return result == null;",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("rejected = this.delegate.isBad(result);");
    assertThat(generated).contains("rejected = this.delegate.isMissing(result);");
  }

  @Test
  void staticPredicateOfAnInterfaceIsCalledOnTheInterface() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(retryIf = \"isTransient\", retryOnResult = \"isEmpty\")",
            "  String charge(String account);",
            "",
            "  static boolean isTransient(IllegalStateException e) {",
            "    return true;",
            "  }",
            "",
            "  static boolean isEmpty(String result) {",
            "    return result.isEmpty();",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("&& Client.isTransient((IllegalStateException) failure)");
    assertThat(generated).contains("rejected = Client.isEmpty(result);");
  }

  @Test
  void predicateInheritedFromASuperclassIsCalledOnSuper() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Client extends Base {",
            "  @Retryable(retryIf = \"isTransient\", retryOnResult = \"isEmpty\")",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "}",
            "class Base {",
            "  protected boolean isTransient(RuntimeException e) {",
            "    return true;",
            "  }",
            "",
            "  boolean isEmpty(String result) {",
            "    return result.isEmpty();",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    // In the hooks class, an inner class of ClientRetrying: its super is Client's.
    assertThat(generated)
        .contains("&& ClientRetrying.super.isTransient((RuntimeException) failure)");
    assertThat(generated).contains("rejected = super.isEmpty(result);");
  }

  @Test
  void recoverOfASuperinterfaceServesAMethodOfTheSubinterface() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client extends Fallbacks {",
            "  @Retryable",
            "  String charge(String account);",
            "}",
            "interface Fallbacks {",
            "  @Recover",
            "  default String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    // Fallbacks guards nothing, but Client, a subtype of this round, uses its fallback: no warning.
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains(
            "        if (failure instanceof Exception) {\n"
                + "          String recovered = this.delegate.fallback((Exception) failure, account);\n"
                + "          if (failure instanceof InterruptedException) {\n"
                + "            Thread.currentThread().interrupt();\n"
                + "          }\n"
                + "          return recovered;\n"
                + "        }\n"
                + "        throw failure;\n");
  }

  @Test
  void recoverWithoutFailureParameterCatchesEveryFailure() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String charge(String account, long cents);",
            "",
            "  @Recover",
            "  default String fallback(String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated)
        .contains(
            "          retrier.notRetryable(attempt, startNanos, failure);\n"
                + "        }\n"
                + "        if (failure instanceof CancellationException) {\n"
                + "          throw failure;\n"
                + "        }\n"
                + "        String recovered = this.delegate.fallback(account);\n"
                + "        if (failure instanceof InterruptedException) {\n"
                + "          Thread.currentThread().interrupt();\n"
                + "        }\n"
                + "        return recovered;\n"
                + "      }\n");
    // Every failure but a cancellation (never recovered) is recovered: nothing else is rethrown.
    assertThat(generated.split("throw failure;", -1)).hasLength(2);
  }

  @Test
  void recoverWithThrowableFailureParameterGetsTheFailureUncast() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "public class Client {",
            "  @Retryable",
            "  public void refund(String account, long cents) {}",
            "",
            "  @Recover",
            "  protected void refundFailed(Throwable failure, String account, long cents) {}",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated)
        .contains(
            "          retrier.notRetryable(attempt, startNanos, failure);\n"
                + "        }\n"
                + "        if (failure instanceof CancellationException) {\n"
                + "          throw failure;\n"
                + "        }\n"
                + "        super.refundFailed(failure, account, cents);\n"
                + "        if (failure instanceof InterruptedException) {\n"
                + "          Thread.currentThread().interrupt();\n"
                + "        }\n"
                + "        return;\n"
                + "      }\n");
    // Every failure but a cancellation (never recovered) is recovered: nothing else is rethrown.
    assertThat(generated.split("throw failure;", -1)).hasLength(2);
  }

  @Test
  void packagePrivateRecoverOfASuperclassInAnotherPackageIsNoCandidate() throws IOException {
    // Not a member of Client: super.fallback(...) would not compile in package test.
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "other.Base",
            "package other;",
            "import io.retrygen.Recover;",
            "public class Base {",
            "  @Recover",
            "  String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Client extends other.Base {",
            "  @Retryable",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(base, source);
    // Base guards nothing, but Client, a subtype of this round, generates a class: no warning.
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).doesNotContain("fallback");
    assertThat(generated).contains("throw failure;");
  }
}
