package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per {@code @CircuitBreaker} diagnostic (SPEC §6, §9): the message, the line of the
 * value that is wrong, no cascade, and nothing generated.
 */
class BreakerDiagnosticsTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac =
      Compiler.javac().withProcessors(processor).withOptions("-Xlint:all,-processing");

  private Compilation compileBreaker(String value) {
    return javac.compile(breakerSource(value));
  }

  private static JavaFileObject breakerSource(String value) {
    return JavaFileObjects.forSourceLines(
        "test.Client",
        "package test;",
        "import io.retrygen.CircuitBreaker;",
        "interface Client {",
        "  @CircuitBreaker(",
        "      " + value + ")",
        "  String call();",
        "}");
  }

  @Test
  void requestVolumeThresholdBelowOneIsAnErrorOnTheValue() {
    Compilation compilation = compileBreaker("requestVolumeThreshold = 0");
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker(requestVolumeThreshold = 0) is invalid: it is the size of the window"
                + " of recent calls the failure ratio is computed over, from 1 to 1048576. The"
                + " default is 20")
        .inFile(breakerSource("requestVolumeThreshold = 0"))
        .onLineContaining("requestVolumeThreshold = 0");
  }

  @Test
  void requestVolumeThresholdAboveTheLargestWindowIsAnErrorOnTheValue() {
    Compilation compilation = compileBreaker("requestVolumeThreshold = 1048577");
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@CircuitBreaker(requestVolumeThreshold = 1048577) is invalid")
        .inFile(breakerSource("requestVolumeThreshold = 1048577"))
        .onLineContaining("requestVolumeThreshold = 1048577");
  }

  @Test
  void failureRatioOfZeroIsAnErrorOnTheValue() {
    Compilation compilation = compileBreaker("failureRatio = 0");
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker(failureRatio = 0) is invalid: it is the share of failures in the"
                + " window that opens the breaker, in (0, 1]; 0.5 opens it when half the calls"
                + " fail")
        .inFile(breakerSource("failureRatio = 0"))
        .onLineContaining("failureRatio = 0");
  }

  @Test
  void failureRatioAboveOneIsAnErrorOnTheValue() {
    Compilation compilation = compileBreaker("failureRatio = 1.5");
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@CircuitBreaker(failureRatio = 1.5) is invalid")
        .inFile(breakerSource("failureRatio = 1.5"))
        .onLineContaining("failureRatio = 1.5");
  }

  @Test
  void negativeDelayIsAnErrorOnTheValue() {
    Compilation compilation = compileBreaker("delay = -1");
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker(delay = -1) is invalid: delay is how many milliseconds the breaker"
                + " stays open before trial calls, and must not be negative")
        .inFile(breakerSource("delay = -1"))
        .onLineContaining("delay = -1");
  }

  @Test
  void successThresholdBelowOneIsAnErrorOnTheValue() {
    Compilation compilation = compileBreaker("successThreshold = 0");
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker(successThreshold = 0) is invalid: it counts the trial successes that"
                + " close a half-open breaker, at least 1")
        .inFile(breakerSource("successThreshold = 0"))
        .onLineContaining("successThreshold = 0");
  }

  @Test
  void failOnTypeTheGeneratedClassCannotSeeIsAnErrorOnTheValue() {
    JavaFileObject hidden =
        JavaFileObjects.forSourceLines(
            "other.Hidden",
            "package other;",
            "public class Hidden {",
            "  private static class Failure extends Exception {",
            "    private static final long serialVersionUID = 1L;",
            "  }",
            "  public interface Client {",
            "    @io.retrygen.CircuitBreaker(",
            "        failOn = Failure.class)",
            "    String call() throws Exception;",
            "  }",
            "}");
    Compilation compilation = javac.compile(hidden);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker(failOn = Failure.class) names a type that the generated class in"
                + " package other cannot see, so it cannot test for it. Make Failure public or"
                + " package-private")
        .inFile(hidden)
        .onLineContaining("failOn = Failure.class");
  }

  @Test
  void twoBreakersOfOneNameWithOtherSettingsAreAnErrorOnTheSecond() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "interface Client {",
            "  @CircuitBreaker(name = \"inventory\", requestVolumeThreshold = 4)",
            "  String first();",
            "  @CircuitBreaker(",
            "      name = \"inventory\")",
            "  String second();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker(name = \"inventory\") is also declared on test.Client.first() with"
                + " other settings (requestVolumeThreshold = 4, failureRatio = 0.5, delay = 5000,"
                + " successThreshold = 1; here requestVolumeThreshold = 20, failureRatio = 0.5,"
                + " delay = 5000, successThreshold = 1). Breakers of one name share one state, so"
                + " the first one created would win. Give them the same settings, or different"
                + " names")
        .inFile(source)
        .onLineContaining("name = \"inventory\")");
  }

  @Test
  void twoBreakersOfOneNameWithTheSameSettingsShareItWhateverTheyCountAsFailures() {
    // failOn/skipOn are each method's instanceof tests, not shared state.
    Compilation compilation =
        javac.compile(
            JavaFileObjects.forSourceLines(
                "test.Client",
                "package test;",
                "import io.retrygen.CircuitBreaker;",
                "interface Client {",
                "  @CircuitBreaker(name = \"inventory\", requestVolumeThreshold = 4,",
                "      failOn = {IllegalStateException.class, java.io.UncheckedIOException.class})",
                "  String first();",
                "  @CircuitBreaker(name = \"inventory\", requestVolumeThreshold = 4,",
                "      failOn = {java.io.UncheckedIOException.class, IllegalStateException.class})",
                "  String second();",
                "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void twoBreakersOfOneNameInTwoTypesWithOtherSettingsAreAnError() {
    JavaFileObject first =
        JavaFileObjects.forSourceLines(
            "test.First",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "interface First {",
            "  @CircuitBreaker(name = \"shared\", delay = 100)",
            "  String call();",
            "}");
    JavaFileObject second =
        JavaFileObjects.forSourceLines(
            "test.Second",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "interface Second {",
            "  @CircuitBreaker(",
            "      name = \"shared\", delay = 200)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(first, second);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker(name = \"shared\") is also declared on test.First.call() with other"
                + " settings (requestVolumeThreshold = 20, failureRatio = 0.5, delay = 100,"
                + " successThreshold = 1; here requestVolumeThreshold = 20, failureRatio = 0.5,"
                + " delay = 200, successThreshold = 1)")
        .inFile(second)
        .onLineContaining("name = \"shared\", delay = 200)");
  }

  @Test
  void breakerOnlyFutureMethodNamesItsAnnotation() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import java.util.concurrent.Future;",
            "interface Client {",
            "  @CircuitBreaker",
            "  Future<String> call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "Return a CompletableFuture or a CompletionStage instead, or remove @CircuitBreaker")
        .inFile(source)
        .onLineContaining("Future<String> call()");
  }

  @Test
  void circuitBreakerOnAFinalMethodIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "class Client {",
            "  @CircuitBreaker",
            "  final String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker cannot be used on final method call(): the generated class guards a"
                + " method by overriding it")
        .inFile(source)
        .onLineContaining("final String call()");
  }
  @Test
  void unnamedBreakersOfOverloadsShareTheLabelSoTheirSettingsMustAgree() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "interface Client {",
            "  @CircuitBreaker(requestVolumeThreshold = 10)",
            "  String charge(String account);",
            "  @CircuitBreaker(requestVolumeThreshold = 20)",
            "  String charge(String account, long cents);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker on charge(String, long) has no name, so it is named by the label"
                + " \"Client.charge\", like the breaker declared on test.Client.charge(String)"
                + " with other settings (requestVolumeThreshold = 10")
        .inFile(source)
        .onLineContaining("@CircuitBreaker(requestVolumeThreshold = 20)");
  }

  @Test
  void anUnnamedBreakerSharesItsLabelWithANamedOneOfThatName() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "interface Client {",
            "  @CircuitBreaker(name = \"Client.charge\", delay = 100)",
            "  String refund(String account);",
            "  @CircuitBreaker // unnamed",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@CircuitBreaker on charge(String) has no name, so it is named by")
        .inFile(source)
        .onLineContaining("// unnamed");
  }

  @Test
  void overloadsUnderOneTypeLevelBreakerShareItWithoutComplaint() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "@CircuitBreaker(delay = 100)",
            "interface Client {",
            "  String charge(String account);",
            "  String charge(String account, long cents);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }
}
