package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The rules of stateful retry (SPEC §19): {@code stateful} only on a method whose failure is thrown
 * before it returns and without {@code retryOnResult}, {@code stateKey} only with it, and the
 * {@code stateKey} method resolved at compile time like {@code retryIf}.
 */
class StatefulDiagnosticsTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  @Test
  void stateKeyWithoutStatefulIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Consumer {",
            "  @Retryable(",
            "      stateKey = \"idOf\")",
            "  void handle(String message);",
            "",
            "  static String idOf(String message) {",
            "    return message;",
            "  }",
            "}");
    assertOnlyError(
        source,
        "@Retryable(stateKey = \"idOf\") applies only to stateful = true: a call that is not"
            + " stateful makes all its attempts itself and keeps no state under a key. Set"
            + " stateful = true, or remove stateKey",
        "stateKey = \"idOf\"");
  }

  @Test
  void statefulWithRetryOnResultIsAnErrorOnRetryOnResult() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Consumer {",
            "  @Retryable(",
            "      stateful = true,",
            "      retryOnResult = \"isEmpty\")",
            "  String handle(String message);",
            "",
            "  static boolean isEmpty(String result) {",
            "    return result.isEmpty();",
            "  }",
            "}");
    assertOnlyError(
        source,
        "@Retryable(retryOnResult = \"isEmpty\") cannot be used with stateful = true: a"
            + " stateful call rethrows each failure to its caller and counts it against the"
            + " call's key, but a rejected result has nothing to rethrow. Remove"
            + " retryOnResult, or stateful = true",
        "retryOnResult = \"isEmpty\"");
  }

  @Test
  void statefulOnACompletableFutureIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletableFuture;",
            "interface Consumer {",
            "  @Retryable(",
            "      stateful = true)",
            "  CompletableFuture<String> handle(String message);",
            "}");
    assertOnlyError(
        source,
        "@Retryable(stateful = true) cannot apply to handle(String), which returns"
            + " CompletableFuture<String>: a stateful call rethrows each failure to its"
            + " caller, and this one fails after it returned (stateful retry is synchronous"
            + " only). Remove stateful = true, or return the value itself",
        "stateful = true");
  }

  @Test
  void typeLevelStatefulOnAMonoIsAnErrorOnTheTypesAnnotation() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "import reactor.core.publisher.Mono;",
            "@Retryable(stateful = true)",
            "interface Consumer {",
            "  void handle(String message);",
            "",
            "  Mono<String> fetch(String id);",
            "}");
    assertOnlyError(
        source,
        "@Retryable(stateful = true) cannot apply to fetch(String), which returns"
            + " Mono<String>: a stateful call rethrows each failure to its caller, and this"
            + " one fails after it returned (stateful retry is synchronous only). Remove"
            + " stateful = true, or return the value itself",
        "@Retryable(stateful = true)");
  }

  @Test
  void stateKeyNamingNoMethodSuggestsTheNearest() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Consumer {",
            "  @Retryable(",
            "      stateful = true,",
            "      stateKey = \"messageID\")",
            "  void handle(String message);",
            "",
            "  default String messageId(String message) {",
            "    return message;",
            "  }",
            "}");
    assertOnlyError(
        source,
        "@Retryable(stateKey = \"messageID\") names no method of Consumer or its supertypes."
            + " Did you mean 'messageId'?",
        "stateKey = \"messageID\"");
  }

  @Test
  void stateKeyTakingMoreThanAPrefixOfTheParametersIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Consumer {",
            "  @Retryable(",
            "      stateful = true,",
            "      stateKey = \"keyOf\")",
            "  void handle(String message, int partition);",
            "",
            "  static String keyOf(int partition) {",
            "    return \"\" + partition;",
            "  }",
            "}");
    assertOnlyError(
        source,
        "@Retryable(stateKey = \"keyOf\") cannot use keyOf(int): its parameter 1 is int,"
            + " which String cannot be passed as. It must be a non-private method that returns"
            + " the key and takes a prefix of the parameters of handle(String, int) (none, the"
            + " first, the first two...)",
        "stateKey = \"keyOf\"");
  }

  @Test
  void stateKeyReturningVoidIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "class Consumer {",
            "  @Retryable(",
            "      stateful = true,",
            "      stateKey = \"keyOf\")",
            "  void handle(String message) {}",
            "",
            "  void keyOf(String message) {}",
            "}");
    assertOnlyError(
        source,
        "@Retryable(stateKey = \"keyOf\") cannot use keyOf(String): it returns void, not a"
            + " key.",
        "stateKey = \"keyOf\"");
  }

  @Test
  void stateKeyThrowingWhatTheMethodDoesNotDeclareIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "class Consumer {",
            "  @Retryable(",
            "      stateful = true,",
            "      stateKey = \"keyOf\")",
            "  void handle(String message) {}",
            "",
            "  Object keyOf(String message) throws java.io.IOException {",
            "    return message;",
            "  }",
            "}");
    assertOnlyError(
        source,
        "@Retryable(stateKey = \"keyOf\") cannot use keyOf(String): it throws IOException,"
            + " which handle(String) does not declare.",
        "stateKey = \"keyOf\"");
  }

  @Test
  void stateKeyNamingOverloadsThatBothFitIsAmbiguous() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Consumer {",
            "  @Retryable(",
            "      stateful = true,",
            "      stateKey = \"keyOf\")",
            "  void handle(String message, int partition);",
            "",
            "  static String keyOf(String message) {",
            "    return message;",
            "  }",
            "",
            "  static String keyOf(String message, int partition) {",
            "    return message + partition;",
            "  }",
            "}");
    assertOnlyError(
        source,
        "@Retryable(stateKey = \"keyOf\") is ambiguous: 2 methods of that name fit"
            + " handle(String, int). Rename all but one",
        "stateKey = \"keyOf\"");
  }

  /** A meta-annotation's stateKey is resolved where it is used, and reported there. */
  @Test
  void metaAnnotationsStateKeyIsResolvedWhereItIsUsed() {
    JavaFileObject meta =
        JavaFileObjects.forSourceLines(
            "test.Redelivered",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.lang.annotation.ElementType;",
            "import java.lang.annotation.Target;",
            "@Retryable(stateful = true, stateKey = \"messageId\")",
            "@Target({ElementType.TYPE, ElementType.METHOD})",
            "@interface Redelivered {}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "interface Consumer {",
            "  @Redelivered",
            "  void handle(String message);",
            "}");
    Compilation compilation = javac.compile(meta, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(stateKey = \"messageId\") of @Redelivered names no method of Consumer or"
                + " its supertypes.")
        .inFile(source)
        .onLineContaining("@Redelivered");
  }

  @Test
  void anArrayInTheArgumentsOfADefaultKeyIsAWarningOnStateful() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Consumer {",
            "  @Retryable(",
            "      maxAttempts = 4,",
            "      stateful = true)",
            "  void handle(String topic, byte[] payload);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable(stateful = true) keys each call of handle(String, byte[]) by its"
                + " arguments, and its parameter 2 (byte[]) is an array, which equals only itself:"
                + " a redelivery with an equal array is a new key, so its retries never end. Name"
                + " a stateKey method that computes the key from what identifies the call (a"
                + " message id)")
        .inFile(source)
        .onLineContaining("stateful = true");
  }

  @Test
  void anArrayArgumentWithAStateKeyIsNoWarning() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Consumer {",
            "  @Retryable(stateful = true, stateKey = \"topicKey\")",
            "  void handle(String topic, byte[] payload);",
            "",
            "  static String topicKey(String topic) {",
            "    return topic;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  /**
   * {@code source} fails to compile with exactly one error, {@code message}, on the line that
   * contains {@code line}, and nothing is generated.
   */
  private void assertOnlyError(JavaFileObject source, String message, String line) {
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
  }
}
