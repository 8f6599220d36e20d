package io.retrygen.rewrite;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.openrewrite.java.Assertions.java;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.retrygen.processor.RetryProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * The examples of the migration page: each {@code migration/before} file becomes its {@code
 * migration/after} file under the composite recipe, and the after file compiles with retrygen's
 * processor without an error or a warning.
 */
class MigrationExamplesTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    spec.recipeFromResources("io.retrygen.rewrite.MigrateToRetrygen")
        .parser(TestClasspath.parser());
  }

  @ParameterizedTest
  @ValueSource(strings = {"com/example/orders/OrderClient.java",
      "com/example/inventory/InventoryClient.java"})
  void beforeBecomesAfter(String path) {
    rewriteRun(java(read("before/" + path), read("after/" + path)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"com/example/orders/OrderClient.java",
      "com/example/inventory/InventoryClient.java"})
  void afterCompilesWithRetrygen(String path) {
    Compilation compilation = Compiler.javac()
        .withProcessors(new RetryProcessor())
        .compile(JavaFileObjects.forSourceString(
            path.replace('/', '.').replaceAll("\\.java$", ""), read("after/" + path)));
    assertThat(compilation).succeededWithoutWarnings();
    String generated = path.replaceAll("\\.java$", "Retrying.java");
    assertThat(compilation).generatedSourceFile(generated.replaceAll("\\.java$", ""));
  }

  @ParameterizedTest
  @ValueSource(strings = {"com/example/orders/OrderClient.java",
      "com/example/inventory/InventoryClient.java"})
  void afterIsLeftAlone(String path) {
    rewriteRun(java(read("after/" + path)));
  }

  static String read(String path) {
    try (InputStream in = MigrationExamplesTest.class.getResourceAsStream("/migration/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource /migration/" + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
