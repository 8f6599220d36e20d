package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
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

  /**
   * The hooks of a method whose guards live in a nested holder are inner classes of the generated
   * class: the holder, a static class, creates them on the instance it is given ({@code outer.new
   * M599Hooks()}), a generic one seen through wildcards.
   */
  @Test
  void aMethodInANestedHolderCallsItsHooksOnTheDelegate() throws Exception {
    StringBuilder source =
        new StringBuilder(
            "package test;\n"
                + "import io.retrygen.Backoff;\n"
                + "import io.retrygen.Retryable;\n"
                + "@Retryable(maxAttempts = 3)\n"
                + "public interface Client<T> {\n");
    for (int i = 0; i < 599; i++) {
      source.append("  T m").append(i).append("(int x);\n");
    }
    source.append(
        "  @Retryable(maxAttempts = 3, retryIf = \"isTransient\",\n"
            + "      backoff = @Backoff(delayFor = \"waitFor\"))\n"
            + "  T m599(int x);\n"
            + "  default boolean isTransient(IllegalStateException e) {\n"
            + "    return true;\n"
            + "  }\n"
            + "  default long waitFor(Throwable e) {\n"
            + "    return 0L;\n"
            + "  }\n"
            + "}\n");
    Compilation compilation =
        javac.compile(JavaFileObjects.forSourceString("test.Client", source.toString()));
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("this.guards2 = new Guards2(this, options);");
    assertThat(generated).contains("Guards2(ClientRetrying<?> outer, RetryOptions options) {");
    assertThat(generated)
        .contains("this.m599Retrier = M599_POLICY.bind(options, outer.new M599Hooks());");
    assertThat(generated).contains("private final class M599Hooks extends RetryHooks<T> {");

    ClassLoader loader =
        new RandomShapesTest.InMemoryClassLoader(compilation, getClass().getClassLoader());
    Class<?> client = loader.loadClass("test.Client");
    List<String> calls = new ArrayList<>();
    Object delegate =
        Proxy.newProxyInstance(
            loader,
            new Class<?>[] {client},
            (proxy, method, arguments) -> {
              calls.add(method.getName());
              switch (method.getName()) {
                case "isTransient":
                  return true;
                case "waitFor":
                  return 0L;
                default:
                  if (calls.size() == 1) {
                    throw new IllegalStateException("first attempt");
                  }
                  return "ok";
              }
            });
    Object instance =
        loader.loadClass("test.ClientRetrying").getConstructor(client).newInstance(delegate);
    assertThat(client.getMethod("m599", int.class).invoke(instance, 1)).isEqualTo("ok");
    assertThat(calls).containsExactly("m599", "isTransient", "waitFor", "m599").inOrder();
  }
}
