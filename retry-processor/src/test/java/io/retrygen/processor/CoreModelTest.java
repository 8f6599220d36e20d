package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core's contract with javac (issue 7): each annotation read and checked where it is
 * declared, a supertype in a jar included; deferral before any diagnostic; our own annotations
 * claimed, nothing else.
 */
class CoreModelTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  @TempDir Path jar;

  @Test
  void invalidSettingInheritedFromAJarIsAnErrorOnTheInputNamingTheSupertype() throws IOException {
    LibraryJar.compile(
        jar,
        JavaFileObjects.forSourceLines(
            "lib.Base",
            "package lib;",
            "import io.retrygen.Retryable;",
            "public interface Base {",
            "  @Retryable(maxAttempts = 0)",
            "  String call();",
            "}"));
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends lib.Base {",
            "  String other();",
            "}");
    Compilation compilation = LibraryJar.javac(jar, processor).compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "Client inherits this from Base.call(): @Retryable(maxAttempts = 0) is invalid:"
                + " maxAttempts counts the first call and must be at least 1")
        .inFile(source)
        .onLineContaining("interface Client");
  }

  @Test
  void invalidBudgetInheritedFromAJarIsAnErrorOnTheInputNamingTheSupertype() throws IOException {
    LibraryJar.compile(
        jar,
        JavaFileObjects.forSourceLines(
            "lib.Base",
            "package lib;",
            "import io.retrygen.RetryBudget;",
            "@RetryBudget(tokenRatio = 0.0001)",
            "public interface Base {",
            "  String call();",
            "}"));
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends lib.Base {",
            "  String other();",
            "}");
    Compilation compilation = LibraryJar.javac(jar, processor).compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "Client inherits this from Base: @RetryBudget(tokenRatio = 0.0001) is invalid")
        .inFile(source)
        .onLineContaining("interface Client");
  }

  @Test
  void inheritedRetryForThatTheGeneratedClassCannotSeeIsAnErrorOnTheInput() throws IOException {
    // Today's bug: the error used to come from inside the generated file.
    LibraryJar.compile(
        jar,
        JavaFileObjects.forSourceLines(
            "lib.Base",
            "package lib;",
            "import io.retrygen.Retryable;",
            "public interface Base {",
            "  @Retryable(retryFor = Hidden.class)",
            "  String call() throws Exception;",
            "}"),
        JavaFileObjects.forSourceLines(
            "lib.Hidden",
            "package lib;",
            "class Hidden extends Exception {",
            "  private static final long serialVersionUID = 1L;",
            "}"));
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends lib.Base {",
            "}");
    Compilation compilation = LibraryJar.javac(jar, processor).compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "Client inherits this from Base.call(): @Retryable(retryFor = Hidden.class) names a"
                + " type that the generated class in package test cannot see")
        .inFile(source)
        .onLineContaining("interface Client");
  }

  @Test
  void inheritedBreakerNextToAnInheritedRetryIsCheckedToo() throws IOException {
    LibraryJar.compile(
        jar,
        JavaFileObjects.forSourceLines(
            "lib.Base",
            "package lib;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.Retryable;",
            "public interface Base {",
            "  @Retryable",
            "  @CircuitBreaker(requestVolumeThreshold = 0)",
            "  String call();",
            "}"));
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends lib.Base {",
            "}");
    Compilation compilation = LibraryJar.javac(jar, processor).compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "Client inherits this from Base.call(): @CircuitBreaker(requestVolumeThreshold = 0) is"
                + " invalid")
        .inFile(source)
        .onLineContaining("interface Client");
  }

  @Test
  void failOnOfASupertypeInputInAnotherPackageIsCheckedFromTheSubtypesPackage() {
    // Base, an input too, can see Hidden; ClientRetrying, in package b, cannot.
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "a.Base",
            "package a;",
            "import io.retrygen.CircuitBreaker;",
            "@CircuitBreaker(failOn = Hidden.class)",
            "public interface Base {",
            "  String call() throws Exception;",
            "}",
            "class Hidden extends Exception {",
            "  private static final long serialVersionUID = 1L;",
            "}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "b.Client",
            "package b;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "public interface Client extends a.Base {",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withOptions("-Xlint:all,-processing")
            .compile(base, client);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "Client inherits this from Base: @CircuitBreaker(failOn = Hidden.class) names a type"
                + " that the generated class in package b cannot see")
        .inFile(client)
        .onLineContaining("public interface Client");
    assertThat(processor.createdSourceFiles()).containsExactly("a.BaseRetrying");
  }

  @Test
  void validInheritedSettingsFromAJarGenerateAClass() throws IOException {
    LibraryJar.compile(
        jar,
        JavaFileObjects.forSourceLines(
            "lib.Base",
            "package lib;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "public interface Base {",
            "  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 10))",
            "  String call();",
            "}"));
    Compilation compilation =
        LibraryJar.javac(jar, processor)
            .compile(
                JavaFileObjects.forSourceLines(
                    "test.Client",
                    "package test;",
                    "import io.retrygen.Retryable;",
                    "@Retryable",
                    "interface Client extends lib.Base {",
                    "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void aTypeThatWaitsForAGeneratedTypeIsReportedOnceNotEveryRound() {
    // Missing appears in round 2; the input's own error must not be reported in rounds 1 and 2.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      maxAttempts = 0)",
            "  Missing call();",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(new GeneratesMissing(), processor)
            .withOptions("-Xlint:all,-processing")
            .compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@Retryable(maxAttempts = 0) is invalid")
        .inFile(source)
        .onLineContaining("maxAttempts = 0");
  }

  @Test
  void generatedAnnotationStaysUnclaimedForLaterProcessors() {
    SeesGenerated later = new SeesGenerated();
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor, later)
            .withOptions("-Xlint:all,-processing")
            .compile(
                JavaFileObjects.forSourceLines(
                    "test.Client",
                    "package test;",
                    "import io.retrygen.Retryable;",
                    "interface Client {",
                    "  @Retryable",
                    "  String call();",
                    "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(later.seen).contains("javax.annotation.processing.Generated");
  }

  @Test
  void inheritedErrorOfASupertypeInTheSameCompilationIsReportedOnceWithItsCaret() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Base {",
            "  @Retryable(",
            "      maxAttempts = 0)",
            "  String call();",
            "}");
    JavaFileObject sub =
        JavaFileObjects.forSourceLines(
            "test.Sub",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Sub extends Base {",
            "  String other();",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withOptions("-Xlint:all,-processing")
            .compile(base, sub);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@Retryable(maxAttempts = 0) is invalid")
        .inFile(base)
        .onLineContaining("maxAttempts = 0");
  }

  @Test
  void staticFactoryReturningTheGeneratedClassDoesNotHoldTheInputBack() {
    // The superficial check reads what the model reads: not static methods.
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withOptions("-Xlint:all,-processing")
            .compile(
                JavaFileObjects.forSourceLines(
                    "test.Foo",
                    "package test;",
                    "import io.retrygen.Retryable;",
                    "public class Foo {",
                    "  public static FooRetrying create() {",
                    "    return new FooRetrying();",
                    "  }",
                    "  @Retryable",
                    "  public String call() {",
                    "    return \"x\";",
                    "  }",
                    "}"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.FooRetrying");
  }

  @Test
  void nonPrivateReadObjectOfASerializableSuperclassIsAnErrorOnTheInput() {
    // The generated private readObject could not override it with weaker access.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Session",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.ObjectInputStream;",
            "public class Session implements java.io.Serializable {",
            "  private static final long serialVersionUID = 1L;",
            "  protected void readObject(ObjectInputStream in) {}",
            "  @Retryable",
            "  public String call() {",
            "    return \"x\";",
            "  }",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withOptions("-Xlint:all,-processing")
            .compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap serializable class Session: Session declares a non-private"
                + " readObject(ObjectInputStream), so the generated subclass SessionRetrying cannot"
                + " declare the private one that restores its retry state after deserialization."
                + " Make that readObject private (serialization calls only a private one)")
        .inFile(source)
        .onLineContaining("public class Session");
  }

  @Test
  void constructorsTakingOptionsAreMatchedWhateverTheirOrder() throws IOException {
    for (String[] order :
        new String[][] {
          {"  K() {}", "  K(RetryOptions a) {}", "  K(RetryOptions a, RetryOptions b) {}"},
          {"  K(RetryOptions a, RetryOptions b) {}", "  K(RetryOptions a) {}", "  K() {}"}
        }) {
      Compilation compilation =
          Compiler.javac()
              .withProcessors(new RetryProcessor())
              .withOptions("-Xlint:all,-processing")
              .compile(
                  JavaFileObjects.forSourceLines(
                      "test.K",
                      "package test;",
                      "import io.retrygen.Retryable;",
                      "import io.retrygen.runtime.RetryOptions;",
                      "class K {",
                      order[0],
                      order[1],
                      order[2],
                      "  @Retryable",
                      "  String call() {",
                      "    return \"\";",
                      "  }",
                      "}"));
      assertThat(compilation).succeededWithoutWarnings();
      String generated = generated(compilation, "test.KRetrying");
      // (RetryOptions a) shares a with super, whatever the order; () retries with the defaults.
      assertThat(generated)
          .contains("  KRetrying(RetryOptions a) {\n    super(a);\n    this.callRetrier ="
              + " CALL_POLICY.bind(a);\n  }");
      assertThat(generated)
          .contains("  KRetrying(RetryOptions a, RetryOptions b) {\n    super(a, b);\n"
              + "    this.callRetrier = CALL_POLICY.bind(a);\n  }");
      assertThat(generated).contains("  KRetrying() {\n    super();\n");
    }
  }

  /** Writes test.Missing in the first round, as another processor might. */
  private static final class GeneratesMissing extends AbstractProcessor {
    private boolean done;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Collections.singleton("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!done) {
        done = true;
        try (java.io.Writer writer =
            processingEnv.getFiler().createSourceFile("test.Missing").openWriter()) {
          writer.write("package test; class Missing {}");
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return false;
    }
  }

  /**
   * Under -Xlint:all, javac warns about every annotation no processor claims. With the processors
   * javac finds in our service file, in its order, ours are claimed (the one warning left is the
   * @Generated that retrygen leaves for others), and a user's own annotation still reaches the
   * processor after ours.
   */
  @Test
  void theServiceFilesProcessorsClaimOursAndNothingElse() {
    List<Processor> processors = new ArrayList<>();
    for (Processor each : ServiceLoader.load(Processor.class)) {
      if (each.getClass().getName().startsWith("io.retrygen.")) {
        processors.add(each);
      }
    }
    SeesGenerated later = new SeesGenerated("test.Marker");
    processors.add(later);
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processors)
            .withOptions("-Xlint:all")
            .compile(
                JavaFileObjects.forSourceLines(
                    "test.Marker", "package test;", "public @interface Marker {}"),
                JavaFileObjects.forSourceLines(
                    "test.Client",
                    "package test;",
                    "import io.retrygen.Backoff;",
                    "import io.retrygen.Retryable;",
                    "@Marker",
                    "interface Client {",
                    "  @Retryable(backoff = @Backoff(delay = 10))",
                    "  String call();",
                    "}"));
    assertThat(compilation).succeeded();
    assertThat(generated(compilation, "test.ClientRetrying")).contains("class ClientRetrying");
    List<String> warnings = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> warning : compilation.warnings()) {
      warnings.add(warning.getMessage(Locale.ROOT));
    }
    // @Marker is nobody's (the processor that sees it claims nothing): javac says so.
    assertThat(warnings)
        .containsExactly(
            "No processor claimed any of these annotations: /test.Marker",
            "No processor claimed any of these annotations:"
                + " java.compiler/javax.annotation.processing.Generated");
    assertThat(later.seen).containsExactly("test.Marker");
  }

  /** Records the annotation types it is offered, after the RetryProcessor. */
  private static final class SeesGenerated extends AbstractProcessor {
    final List<String> seen = new ArrayList<>();
    private final String name;

    SeesGenerated() {
      this("javax.annotation.processing.Generated");
    }

    SeesGenerated(String name) {
      this.name = name;
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Collections.singleton(name);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      for (TypeElement annotation : annotations) {
        seen.add(annotation.getQualifiedName().toString());
      }
      return false;
    }
  }

  @Test
  void runtimeAnnotationsOfAJarsMethodAreCopiedUnlessTheGeneratedClassCannotNameThem()
      throws IOException {
    LibraryJar.compile(
        jar,
        JavaFileObjects.forSourceLines(
            "lib.Hidden",
            "package lib;",
            "import java.lang.annotation.Retention;",
            "import java.lang.annotation.RetentionPolicy;",
            "@Retention(RetentionPolicy.RUNTIME)",
            "@interface Hidden {}"),
        JavaFileObjects.forSourceLines(
            "lib.Shown",
            "package lib;",
            "import java.lang.annotation.Retention;",
            "import java.lang.annotation.RetentionPolicy;",
            "@Retention(RetentionPolicy.RUNTIME)",
            "public @interface Shown {",
            "  Class<?> value() default Object.class;",
            "  float ratio() default 0f;",
            "}"),
        JavaFileObjects.forSourceLines("lib.Secret", "package lib;", "class Secret {}"),
        JavaFileObjects.forSourceLines(
            "lib.DbRetry",
            "package lib;",
            "import io.retrygen.Retryable;",
            "import java.lang.annotation.Retention;",
            "import java.lang.annotation.RetentionPolicy;",
            "@Retryable",
            "@Retention(RetentionPolicy.RUNTIME)",
            "public @interface DbRetry {}"),
        JavaFileObjects.forSourceLines(
            "lib.Base",
            "package lib;",
            "public class Base {",
            "  @Hidden @Shown(ratio = Float.NaN)",
            "  public String call() { return \"\"; }",
            "  @Shown(Secret.class)",
            "  public String other() { return \"\"; }",
            "  @DbRetry",
            "  public String mine() { return \"\"; }",
            "}"));
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "public class Client extends lib.Base {}");
    Compilation compilation = LibraryJar.javac(jar, processor).compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    // lib.Hidden and lib.Secret are package-private: the generated class in test cannot name them.
    assertThat(generated).doesNotContain("Hidden");
    assertThat(generated).doesNotContain("Secret");
    assertThat(generated).contains("@Shown(\n      ratio = Float.NaN\n  )\n  public String call()");
    assertThat(generated).contains("@Override\n  public String other()");
    // An annotation that stands for @Retryable would make the generated class an input.
    assertThat(generated).contains("@Override\n  public String mine()");
  }
}
