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
 * Adversarial review of stateful retry (SPEC §19) at compile time: meta-annotations, every other
 * guard on one stateful method, generic {@code stateKey} methods, overloads, later chunks.
 */
class StatefulReviewProcessorTest {
  private final Compiler javac =
      Compiler.javac().withProcessors(new RetryProcessor()).withOptions("-Xlint:all,-processing");

  private static final JavaFileObject REDELIVERED =
      JavaFileObjects.forSourceLines(
          "test.Redelivered",
          "package test;",
          "import io.retrygen.Backoff;",
          "import io.retrygen.Retryable;",
          "import java.lang.annotation.ElementType;",
          "import java.lang.annotation.Retention;",
          "import java.lang.annotation.RetentionPolicy;",
          "import java.lang.annotation.Target;",
          "@Retryable(stateful = true, stateKey = \"id\", maxAttempts = 2,",
          "    backoff = @Backoff(delay = 0))",
          "@Retention(RetentionPolicy.CLASS)",
          "@Target({ElementType.TYPE, ElementType.METHOD})",
          "public @interface Redelivered {}");

  /** The meta-annotation's stateKey is resolved on each type it is used on, each its own way. */
  @Test
  void aStatefulMetaAnnotationResolvesItsStateKeyWhereItIsUsed() {
    JavaFileObject orders =
        JavaFileObjects.forSourceLines(
            "test.Orders",
            "package test;",
            "public interface Orders {",
            "  @Redelivered void on(String message, int priority);",
            "  static String id(String message) { return message; }",
            "}");
    JavaFileObject payments =
        JavaFileObjects.forSourceLines(
            "test.Payments",
            "package test;",
            "public class Payments {",
            "  @Redelivered public void on(Long message) {}",
            "  Object id(Long message) { return message; }",
            "}");
    Compilation compilation = javac.compile(REDELIVERED, orders, payments);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.OrdersRetrying"))
        .contains("Object key = Orders.id(message);");
    assertThat(generated(compilation, "test.PaymentsRetrying"))
        .contains("Object key = super.id(message);");
  }

  @Test
  void aStatefulMetaAnnotationOnATypeWithoutItsStateKeyIsAnErrorOnTheUse() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.NoKey",
            "package test;",
            "public interface NoKey {",
            "  @Redelivered void on(String message);",
            "}");
    Compilation compilation = javac.compile(REDELIVERED, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(stateKey = \"id\") of @Redelivered names no method of NoKey or its"
                + " supertypes")
        .inFile(source)
        .onLineContaining("@Redelivered void on");
  }

  /** stateKey is resolved like retryIf: a generic method is refused with the reason. */
  @Test
  void aGenericStateKeyIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "interface Consumer {",
            "  @Retryable(stateful = true, stateKey = \"first\")",
            "  void handle(List<String> ids);",
            "  static <T> T first(List<T> ids) { return ids.get(0); }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("cannot use first(List<T>): it declares type parameters")
        .inFile(source)
        .onLineContaining("stateKey = \"first\"");
  }

  @Test
  void aPrivateStateKeyIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.Retryable;",
            "class Consumer {",
            "  @Retryable(stateful = true, stateKey = \"idOf\")",
            "  public void handle(String id) {}",
            "  private String idOf(String id) { return id; }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("idOf").inFile(source)
        .onLineContaining("stateKey = \"idOf\"");
  }

  /**
   * Every guard and decision on one stateful method (breaker, timeout, budget, listeners,
   * notRecoverable, matchCauses, retryIf, delayFor, maxDuration, recover methods with and without
   * arguments): the generated class compiles without a warning under -Xlint:all.
   */
  @Test
  void statefulWithEveryOtherGuardCompilesWithoutWarnings() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Combo",
            "package test;",
            "import io.retrygen.*;",
            "import java.io.IOException;",
            "import java.io.UncheckedIOException;",
            "public interface Combo {",
            "  @Retryable(stateful = true, maxAttempts = 3, retryIf = \"worth\",",
            "      matchCauses = true, retryFor = IOException.class,",
            "      notRecoverable = UncheckedIOException.class, maxDuration = 5000,",
            "      listeners = L.class, backoff = @Backoff(delay = 10, delayFor = \"after\"))",
            "  @Timeout(2000)",
            "  @RetryBudget(maxTokens = 10)",
            "  @CircuitBreaker",
            "  String call(String a, int b) throws IOException;",
            "  static boolean worth(IOException e) { return true; }",
            "  static long after(IOException e) { return -1; }",
            "  @Recover default String fallback(IOException e, String a) { return a; }",
            "  @Recover default String last() { return \"last\"; }",
            "  final class L implements RetryListener { public L() {} }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ComboRetrying");
    assertThat(generated).contains("Object key = Arrays.<Object>asList(a, b);");
    assertThat(generated)
        .contains(
            "      if (exhausted instanceof UncheckedIOException) {\n"
                + "        throw retrier.exhaustedException(exhausted);\n"
                + "      }\n"
                + "      if (exhausted instanceof IOException) {\n"
                + "        return this.delegate.fallback((IOException) exhausted, a);\n"
                + "      }\n"
                + "      return this.delegate.last();");
  }

  /**
   * Overloads that share their default label share one stateful state (per label, not per
   * method as SPEC §19 says), yet may have different settings: nothing reports it, unlike
   * breakers of one default name with different settings (§6). Kept as today's behaviour.
   */
  @Test
  void todayOverloadsWithDifferentStatefulSettingsShareALabelSilently() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Inbox",
            "package test;",
            "import io.retrygen.Retryable;",
            "public interface Inbox {",
            "  @Retryable(stateful = true, maxAttempts = 2) void take(String id);",
            "  @Retryable(stateful = true, maxAttempts = 9) void take(CharSequence id);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  /** Stateful methods in the third chunk of a very large type (MemberNames.CHUNK = 500). */
  @Test
  void statefulMethodsInLaterChunksCompile() {
    StringBuilder source =
        new StringBuilder(
            "package test;\n"
                + "import io.retrygen.*;\n"
                + "@Retryable(stateful = true, stateKey = \"k\", maxAttempts = 2)\n"
                + "public interface Big {\n"
                + "  static String k(int x) { return \"k\" + x; }\n"
                + "  @Recover default String rec(int x) { return \"recovered\"; }\n");
    for (int i = 0; i < 1100; i++) {
      source.append("  String m").append(i).append("(int x);\n");
    }
    source.append("}\n");
    Compilation compilation =
        javac.compile(JavaFileObjects.forSourceString("test.Big", source.toString()));
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.BigRetrying");
    assertThat(generated)
        .contains(
            "  public String m1099(int x) {\n"
                + "    StatefulRetrier retrier = this.guards3.m1099Retrier;\n"
                + "    Object key = Big.k(x);\n");
  }
}
