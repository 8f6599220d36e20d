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
import org.openrewrite.test.TypeValidation;

/**
 * The examples of the migration page: each {@code migration/before} file becomes its {@code
 * migration/after} file under the composite recipe, and the after file compiles with retrygen's
 * processor without an error or a warning (the annotated ones generate their {@code *Retrying}
 * class); the before file compiles against Spring as it is.
 */
class MigrationExamplesTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    // The template calls written are not attributed; afterCompilesWithRetrygen compiles them.
    spec.recipeFromResources("io.retrygen.rewrite.MigrateToRetrygen")
        .parser(TestClasspath.parser())
        .afterTypeValidationOptions(TypeValidation.none());
  }

  @ParameterizedTest
  @ValueSource(strings = {"com/example/orders/OrderClient.java",
      "com/example/inventory/InventoryClient.java", "com/example/prices/PriceClient.java"})
  void beforeBecomesAfter(String path) {
    rewriteRun(java(read("before/" + path), read("after/" + path)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"com/example/orders/OrderClient.java",
      "com/example/inventory/InventoryClient.java", "com/example/prices/PriceClient.java"})
  void afterCompilesWithRetrygen(String path) {
    Compilation compilation = Compiler.javac()
        .withProcessors(new RetryProcessor())
        .compile(JavaFileObjects.forSourceString(
            path.replace('/', '.').replaceAll("\\.java$", ""), read("after/" + path)));
    assertThat(compilation).succeededWithoutWarnings();
    if (!path.endsWith("PriceClient.java")) {  // a template user: nothing to generate
      assertThat(compilation).generatedSourceFile(path.replaceAll("\\.java$", "Retrying"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"com/example/orders/OrderClient.java",
      "com/example/inventory/InventoryClient.java", "com/example/prices/PriceClient.java"})
  void beforeCompilesWithSpring(String path) {
    Compilation compilation = Compiler.javac()
        .withProcessors()
        .compile(JavaFileObjects.forSourceString(
            path.replace('/', '.').replaceAll("\\.java$", ""), read("before/" + path)));
    assertThat(compilation).succeededWithoutWarnings();
  }

  @ParameterizedTest
  @ValueSource(strings = {"com/example/orders/OrderClient.java",
      "com/example/inventory/InventoryClient.java", "com/example/prices/PriceClient.java"})
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
