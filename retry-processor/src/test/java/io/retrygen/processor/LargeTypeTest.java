package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Types with so many guarded methods that one class initializer or constructor binding all their
 * policies would pass the JVM's limit of 64 KB of code per method ("code too large"). Past 500
 * guarded methods, the policies and guards of each further 500 live in a nested class of their
 * own; a type with fewer keeps its usual shape.
 */
class LargeTypeTest {
  private final Compiler javac =
      Compiler.javac().withProcessors(new RetryProcessor()).withOptions("-Xlint:all,-processing");

  /** {@code interface Client} with {@code count} methods, all guarded by its type's annotations. */
  private static JavaFileObject client(int count) {
    StringBuilder source =
        new StringBuilder(
            "package test;\n"
                + "import io.retrygen.CircuitBreaker;\n"
                + "import io.retrygen.Retryable;\n"
                + "@Retryable(maxAttempts = 2)\n"
                + "@CircuitBreaker\n"
                + "public interface Client {\n");
    for (int i = 0; i < count; i++) {
      source.append("  String m").append(i).append("(int x);\n");
    }
    return JavaFileObjects.forSourceString("test.Client", source.append("}\n").toString());
  }

  @Test
  void anInterfaceWithEighteenHundredGuardedMethodsCompiles() {
    Compilation compilation = javac.compile(client(1800));
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    // The first 500 as in any type.
    assertThat(generated)
        .contains("private static final RetryPolicy M0_POLICY = new RetryPolicy(\"Client.m0\"");
    assertThat(generated).contains("this.m499Retrier = M499_POLICY.bind(options);");
    assertThat(generated).contains("Retrier retrier = this.m499Retrier;");
    // The rest in nested classes of 500 each, one field each.
    assertThat(generated).contains("private final Guards2 guards2;");
    assertThat(generated).contains("private final Guards4 guards4;");
    assertThat(generated).doesNotContain("Guards5");
    assertThat(generated).contains("this.guards2 = new Guards2(options);");
    assertThat(generated).contains("private static final class Guards4 {");
    assertThat(generated).contains("this.m1799Retrier = M1799_POLICY.bind(options);");
    assertThat(generated)
        .contains("this.m1799Breaker = M1799_BREAKER.bind(options, \"Client.m1799\");");
    assertThat(generated).contains("Retrier retrier = this.guards4.m1799Retrier;");
    assertThat(generated).contains("CircuitBreakerGate breaker = this.guards4.m1799Breaker;");
  }

  @Test
  void aTypeOfFiveHundredGuardedMethodsKeepsItsUsualShape() {
    Compilation compilation = javac.compile(client(500));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying")).doesNotContain("Guards");
  }

  @Test
  void aLargeSerializableClassWithListenersRetriesItsLastMethods() throws Exception {
    StringBuilder source =
        new StringBuilder(
            "package test;\n"
                + "import io.retrygen.Backoff;\n"
                + "import io.retrygen.CircuitBreaker;\n"
                + "import io.retrygen.RetryBudget;\n"
                + "import io.retrygen.Retryable;\n"
                + "@Retryable(maxAttempts = 2, listeners = {Counting.class, Quiet.class},\n"
                + "    backoff = @Backoff(delay = 0, multiplier = 2, maxDelay = 100,\n"
                + "        jitter = 0.5))\n"
                + "@CircuitBreaker(requestVolumeThreshold = 40)\n"
                + "@RetryBudget(maxTokens = 100)\n"
                + "public class Store implements java.io.Serializable {\n"
                + "  private static final long serialVersionUID = 1L;\n"
                + "  public int calls;\n"
                + "\n"
                + "  @SuppressWarnings(\"this-escape\") // JDK 21+: the escape is the point\n"
                + "  public Store() {\n"
                + "    // Before StoreRetrying set its fields: the call is not guarded.\n"
                + "    m1099(0);\n"
                + "  }\n"
                + "\n"
                + "  public String m1099(int x) {\n"
                + "    if (calls++ == 1) {\n"
                + "      throw new IllegalStateException();\n"
                + "    }\n"
                + "    return \"ok\";\n"
                + "  }\n");
    for (int i = 0; i < 1099; i++) {
      source.append("  public String m").append(i).append("(int x) {\n    return \"\";\n  }\n");
    }
    JavaFileObject store =
        JavaFileObjects.forSourceString("test.Store", source.append("}\n").toString());
    JavaFileObject counting =
        JavaFileObjects.forSourceLines(
            "test.Counting",
            "package test;",
            "public class Counting implements io.retrygen.RetryListener {",
            "  public static int retries;",
            "  @Override",
            "  public void onRetry(io.retrygen.RetryEvent event) {",
            "    retries++;",
            "  }",
            "}");
    JavaFileObject quiet =
        JavaFileObjects.forSourceLines(
            "test.Quiet",
            "package test;",
            "public class Quiet implements io.retrygen.RetryListener {}");
    Compilation compilation = javac.compile(store, counting, quiet);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.StoreRetrying");
    assertThat(generated).contains("private transient Guards3 guards3;");
    assertThat(generated).contains("this.guards3 = new Guards3(options, counting, quiet);");
    // m1099 is declared first: the first of the type's guarded methods, in the class itself.
    assertThat(generated).contains("Retrier retrier = this.m1099Retrier;");
    assertThat(generated)
        .contains("Retrier retrier = this.guards3 == null ? null : this.guards3.m1098Retrier;");

    ClassLoader loader =
        new RandomShapesTest.InMemoryClassLoader(compilation, getClass().getClassLoader());
    Object instance = loader.loadClass("test.StoreRetrying").getConstructor().newInstance();
    Class<?> input = loader.loadClass("test.Store");
    Field calls = input.getField("calls");
    assertThat(calls.getInt(instance)).isEqualTo(1); // the constructor's call of m1099
    assertThat(input.getMethod("m1099", int.class).invoke(instance, 1)).isEqualTo("ok");
    assertThat(calls.getInt(instance)).isEqualTo(3); // failed once, then retried
    assertThat(loader.loadClass("test.Counting").getField("retries").getInt(null)).isEqualTo(1);
    try {
      input.getMethod("m1098", int.class).invoke(instance, 1);
    } catch (InvocationTargetException e) {
      throw new AssertionError(e.getCause());
    }
  }
}
