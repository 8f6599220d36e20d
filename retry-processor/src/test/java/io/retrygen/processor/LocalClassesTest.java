package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Our annotations in local, anonymous and enum-constant classes, which javac's RoundEnvironment
 * never returns to a processor: compile errors all the same, found in the method bodies with
 * the Compiler Tree API and reported on the annotation, since the generated top-level class could
 * not name such a class.
 */
class LocalClassesTest {
  private final Compiler javac = Compiler.javac().withProcessors(new RetryProcessor());

  /**
   * javac calls a processor only once an annotation it supports is present on an element, and the
   * annotations in method bodies are on none: each compilation has this input too, as any that
   * uses retrygen has some.
   */
  private static final JavaFileObject ANCHOR =
      JavaFileObjects.forSourceLines(
          "test.Anchor",
          "package test;",
          "import io.retrygen.Retryable;",
          "interface Anchor {",
          "  @Retryable",
          "  String call();",
          "}");

  private static final String FIX =
      "Move the annotations to a top-level or static nested interface or class";

  @Test
  void retryableOnALocalClassIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Service",
            "package test;",
            "import io.retrygen.Retryable;",
            "class Service {",
            "  void run() {",
            "    @Retryable",
            "    class Helper {",
            "      String call() {",
            "        return \"\";",
            "      }",
            "    }",
            "  }",
            "}");
    Compilation compilation = javac.compile(ANCHOR, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable cannot be used in local class Helper: retrygen wraps a type in a generated"
                + " top-level class, which cannot name a local class. "
                + FIX)
        .inFile(source)
        .onLineContaining("@Retryable");
  }

  @Test
  void annotationsOnTheMethodsOfALocalInterfaceAreErrors() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Service",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "class Service {",
            "  static Object make() {",
            "    interface Client {",
            "      @Retryable(maxAttempts = 2)",
            "      @io.retrygen.Backoff(delay = 10)",
            "      @RetryBudget",
            "      String call();",
            "    }",
            "    return null;",
            "  }",
            "}");
    Compilation compilation = javac.compile(ANCHOR, source);
    assertThat(compilation).hadErrorCount(3);
    assertThat(compilation)
        .hadErrorContaining("@Retryable cannot be used in local interface Client")
        .inFile(source)
        .onLineContaining("@Retryable(maxAttempts = 2)");
    assertThat(compilation)
        .hadErrorContaining("@Backoff cannot be used in local interface Client")
        .inFile(source)
        .onLineContaining("@io.retrygen.Backoff");
    assertThat(compilation)
        .hadErrorContaining("@RetryBudget cannot be used in local interface Client")
        .inFile(source)
        .onLineContaining("@RetryBudget");
  }

  @Test
  void circuitBreakerInAnAnonymousClassIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Service",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "class Service {",
            "  final Runnable task = new Runnable() {",
            "    @Override",
            "    @CircuitBreaker",
            "    public void run() {}",
            "  };",
            "}");
    Compilation compilation = javac.compile(ANCHOR, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@CircuitBreaker cannot be used in an anonymous class: retrygen wraps a type in a"
                + " generated top-level class, which cannot name an anonymous class. "
                + FIX)
        .inFile(source)
        .onLineContaining("@CircuitBreaker");
  }

  @Test
  void recoverInTheBodyOfAnEnumConstantIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Mode",
            "package test;",
            "import io.retrygen.Recover;",
            "enum Mode {",
            "  FAST {",
            "    @Recover",
            "    String fallback() {",
            "      return \"\";",
            "    }",
            "  },",
            "  SLOW;",
            "}");
    Compilation compilation = javac.compile(ANCHOR, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover cannot be used in the body of enum constant FAST, an anonymous class:"
                + " retrygen wraps a type in a generated top-level class, which cannot name an"
                + " anonymous class. "
                + FIX)
        .inFile(source)
        .onLineContaining("@Recover");
  }

  @Test
  void aClassNestedInAnAnonymousClassInALambdaIsLocalToo() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Service",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.function.Supplier;",
            "class Service {",
            "  Supplier<Object> factory() {",
            "    return () -> new Object() {",
            "      @Retryable",
            "      class Inner {}",
            "    };",
            "  }",
            "}");
    Compilation compilation = javac.compile(ANCHOR, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable cannot be used in class Inner, nested in an anonymous class")
        .inFile(source)
        .onLineContaining("@Retryable");
  }

  @Test
  void anotherAnnotationOfTheSameSimpleNameIsNotOurs() {
    JavaFileObject retryable =
        JavaFileObjects.forSourceLines(
            "other.Retryable",
            "package other;",
            "public @interface Retryable {}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Service",
            "package test;",
            "import other.Retryable;",
            "class Service {",
            "  void run() {",
            "    @Retryable",
            "    class Helper {}",
            "  }",
            "}");
    Compilation compilation = javac.compile(ANCHOR, retryable, source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void membersOfATopLevelTypeAreNotLocal() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Outer",
            "package test;",
            "import io.retrygen.Retryable;",
            "class Outer {",
            "  interface Client {",
            "    @Retryable",
            "    String call();",
            "  }",
            "",
            "  void use() {",
            "    Runnable task = () -> {};",
            "    task.run();",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.Outer_ClientRetrying");
  }

  @Test
  void withoutTheCompilerTreeApiLocalClassesAreLeftAlone() {
    // RecordingProcessor wraps the ProcessingEnvironment, as Gradle's incremental processing
    // does: Trees.instance rejects it, so the check is skipped, without a crash.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Service",
            "package test;",
            "import io.retrygen.Retryable;",
            "class Service {",
            "  void run() {",
            "    @Retryable",
            "    class Helper {}",
            "  }",
            "}");
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation = Compiler.javac().withProcessors(processor).compile(ANCHOR, source);
    assertThat(compilation).succeeded();
    assertThat(processor.createdSourceFiles()).containsExactly("test.AnchorRetrying");
  }
}
