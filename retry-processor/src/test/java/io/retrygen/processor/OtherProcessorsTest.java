package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.ServiceLoader;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The output does not depend on the order of processors: Lombok, which adds constructors and
 * methods to the classes it processes, runs before or after retrygen in the same round depending
 * only on the processor path, and either way the generated class is made from the final shape.
 */
class OtherProcessorsTest {
  private static final JavaFileObject MANAGER =
      JavaFileObjects.forSourceLines(
          "test.Manager",
          "package test;",
          "import io.retrygen.Backoff;",
          "import io.retrygen.Retryable;",
          "import lombok.Getter;",
          "import lombok.RequiredArgsConstructor;",
          "@RequiredArgsConstructor",
          "@Retryable(backoff = @Backoff(delay = 10))",
          "public class Manager {",
          "  @Getter private final String name;",
          "  public String greet() {",
          "    return \"hi \" + name;",
          "  }",
          "}");

  /** Lombok's processor, as javac finds it on a processor path: its class is not public. */
  private static Processor lombok() {
    for (Processor processor : ServiceLoader.load(Processor.class)) {
      if (processor.getClass().getName().equals(
          "lombok.launch.AnnotationProcessorHider$AnnotationProcessor")) {
        return processor;
      }
    }
    throw new AssertionError("Lombok's processor is not on the test class path");
  }

  private static Compilation compile(Processor... processors) {
    return Compiler.javac()
        .withProcessors(processors)
        .withOptions("-Xlint:all,-processing")
        .compile(MANAGER);
  }

  @Test
  void lombokAfterRetrygenStillGivesTheConstructorLombokWrote() {
    Compilation compilation =
        compile(new RetryProcessor(), lombok());
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ManagerRetrying");
    assertThat(generated).contains("public ManagerRetrying(String name) {");
    assertThat(generated).contains("public ManagerRetrying(RetryOptions options, String name) {");
    assertThat(generated).contains("    super(name);\n");
    // The getter Lombok adds is guarded by the type-level @Retryable too.
    assertThat(generated).contains("public String getName() {");
  }

  @Test
  void lombokBeforeRetrygenGivesTheSameClass() {
    Compilation before =
        compile(lombok(), new RetryProcessor());
    Compilation after =
        compile(new RetryProcessor(), lombok());
    assertThat(before).succeededWithoutWarnings();
    assertThat(generated(before, "test.ManagerRetrying"))
        .isEqualTo(generated(after, "test.ManagerRetrying"));
  }
}
