package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * The generated source of the main shapes, compared as exact text with the files in {@code
 * src/test/resources/golden/<case>/expected/}. The inputs are in {@code <case>/input/}, all in
 * package {@code test} except those of the {@code readme} case, which are the README's own example
 * in {@code com.acme}.
 *
 * <p>Run with {@code -Dgolden.update=true} to rewrite the expected files from the current output
 * instead of comparing; then review the diff like code.
 */
class GoldenTest {
  private static final Path GOLDEN_DIR =
      Paths.get(System.getProperty("golden.dir", "src/test/resources/golden"));
  private static final boolean UPDATE = Boolean.getBoolean("golden.update");

  @Test
  void interfaceDelegate() throws IOException {
    assertGolden("interface", "PaymentClientRetrying", "-Xlint:all");
  }

  @Test
  void classSubclass() throws IOException {
    assertGolden("class", "InventoryRetrying", "-Xlint:all");
  }

  @Test
  void nestedTypeJoinsEnclosingNames() throws IOException {
    assertGolden("nested", "Outer_Mid_ClientRetrying", "-Xlint:all");
  }

  @Test
  void genericsVarargsAndThrows() throws IOException {
    assertGolden("generics", "RepositoryRetrying", "-Xlint:all");
  }

  @Test
  void recoverOrderingNotRecoverableAndPredicates() throws IOException {
    assertGolden("recover", Arrays.asList("GatewayRetrying", "LedgerRetrying"), "-Xlint:all");
  }

  @Test
  void circuitBreakerWithRetryAndAlone() throws IOException {
    assertGolden("breaker", "InventoryRetrying", "-Xlint:all");
  }

  @Test
  void asynchronousMethods() throws IOException {
    assertGolden(
        "async", Arrays.asList("QuoteServiceRetrying", "PriceFeedRetrying"), "-Xlint:all");
  }

  /**
   * Kotlin suspend functions and a Flow, as kapt stubs show them: calls into retry-kotlin.
   * (-processing: nothing claims the stubs' {@code @kotlin.Metadata}, as in any kapt build.)
   */
  @Test
  void kotlinSuspendFunctionsAndFlows() throws IOException {
    assertGolden(
        "kotlin",
        Arrays.asList("QuoteClientRetrying", "InventoryRetrying"),
        "-Xlint:all",
        "-Xlint:-processing");
  }

  /** Reactor's Mono and Flux, in a delegate and in a subclass: calls into retry-reactor. */
  @Test
  void reactorMonoAndFlux() throws IOException {
    assertGolden("reactor", Arrays.asList("QuotesRetrying", "CatalogRetrying"), "-Xlint:all");
  }

  /** RxJava 3's five types, each with a recover method: calls into retry-rxjava3. */
  @Test
  void rxJava3Types() throws IOException {
    assertGolden("rxjava3", "AccountsRetrying", "-Xlint:all");
  }

  /**
   * {@code @Timeout} with a retry and a breaker, alone with a recover method, and type-level
   * overridden on a method: the timer is the innermost guard around the call.
   */
  @Test
  void timeoutsSyncAndDeferred() throws IOException {
    assertGolden("timeout", "CatalogRetrying", "-Xlint:all");
  }

  /**
   * Stateful retry (SPEC §19) in a subclass and a delegate: keys from an instance, static and
   * default {@code stateKey} method, from one argument, several and none; recovery of an exhausted
   * key; a breaker around the one attempt.
   */
  @Test
  void statefulRetry() throws IOException {
    assertGolden("stateful", Arrays.asList("ConsumerRetrying", "MailboxRetrying"), "-Xlint:all");
  }

  @Test
  void retryBudgets() throws IOException {
    assertGolden("budget", "OrdersRetrying", "-Xlint:all");
  }

  @Test
  void delayForOverloadsSyncAsyncAndSubclass() throws IOException {
    assertGolden(
        "delayfor", Arrays.asList("RateLimitedApiRetrying", "DownloaderRetrying"), "-Xlint:all");
  }

  /**
   * Meta-annotations: {@code @DbRetry} (a retry) on the type, {@code @Guarded} (breaker, timeout,
   * budget) on a method, and a method whose own {@code @Retryable} wins; with its inventory.
   * (-processing: no processor claims a user's annotation type, {@code @DbRetry} included, and
   * javac says so under -Xlint:processing, as for any annotation of a user's own.)
   */
  @Test
  void metaAnnotations() throws IOException {
    assertGolden("meta", "WarehouseRetrying", "-Xlint:all", "-Xlint:-processing");
    assertInventory("meta", "test.Warehouse", "-Xlint:all", "-Xlint:-processing");
  }

  @Test
  void release8HasNoGeneratedAnnotation() throws IOException {
    // -Xlint:-options: JDK 20+ warns that --release 8 is obsolete.
    assertGolden("release8", "PingerRetrying", "--release", "8", "-Xlint:all", "-Xlint:-options");
  }

  /**
   * The README's Quick-look interface, compiled as the README's set-up compiles it ({@code
   * maven.compiler.release} 8). {@code ReadmeTest} checks the README's excerpt against this file.
   */
  @Test
  void readmeQuickLook() throws IOException {
    assertGolden(
        "readme",
        "com.acme",
        Collections.singletonList("PaymentClientRetrying"),
        "--release",
        "8",
        "-Xlint:all",
        "-Xlint:-options");
  }

  /**
   * The policy inventory (SPEC §13) of the async case, byte for byte: a breaker, recover methods,
   * predicates and an asynchronous method; the same bytes for the same input.
   */
  @Test
  void policyInventoryOfAsynchronousMethods() throws IOException {
    assertInventory("async", "test.QuoteService", "-Xlint:all");
  }

  /** The inventory of the input {@code binaryName} of a case, byte for byte, twice the same. */
  private static void assertInventory(String caseName, String binaryName, String... options)
      throws IOException {
    List<JavaFileObject> inputs = inputs(caseName, "test");
    Compilation compilation = compile(inputs, options);
    assertNoWarningButUnclaimedGenerated(compilation);
    String path = "META-INF/retrygen/" + binaryName + ".json";
    String actual = PolicyInventoryTest.text(compilation, path);
    Path expectedFile =
        GOLDEN_DIR.resolve(caseName).resolve("expected").resolve(binaryName + ".json");
    if (UPDATE) {
      Files.write(expectedFile, actual.getBytes(StandardCharsets.UTF_8));
      return;
    }
    assertThat(actual)
        .isEqualTo(new String(Files.readAllBytes(expectedFile), StandardCharsets.UTF_8));
    assertThat(PolicyInventoryTest.text(compile(inputs, options), path)).isEqualTo(actual);
  }

  @Test
  void sameInputGivesTheSameText() throws IOException {
    for (String golden :
        new String[] {
          "interface/PaymentClientRetrying",
          "class/InventoryRetrying",
          "breaker/InventoryRetrying",
          "nested/Outer_Mid_ClientRetrying",
          "generics/RepositoryRetrying",
          "recover/GatewayRetrying",
          "recover/LedgerRetrying",
          "async/QuoteServiceRetrying",
          "async/PriceFeedRetrying",
          "delayfor/RateLimitedApiRetrying",
          "delayfor/DownloaderRetrying",
          "reactor/QuotesRetrying",
          "reactor/CatalogRetrying",
          "rxjava3/AccountsRetrying",
          "timeout/CatalogRetrying",
          "meta/WarehouseRetrying"
        }) {
      String caseName = golden.substring(0, golden.indexOf('/'));
      String generated = "test." + golden.substring(golden.indexOf('/') + 1);
      List<JavaFileObject> inputs = inputs(caseName, "test");
      // As in metaAnnotations(): a user's meta-annotation is nobody's to claim.
      String processing = caseName.equals("meta") ? "-Xlint:-processing" : "-Xlint:processing";
      Compilation first = compile(inputs, "-Xlint:all", processing);
      Compilation second = compile(inputs, "-Xlint:all", processing);
      assertNoWarningButUnclaimedGenerated(first);
      assertNoWarningButUnclaimedGenerated(second);
      assertWithMessage(golden)
          .that(text(second, generated))
          .isEqualTo(text(first, generated));
    }
  }

  private static void assertGolden(String caseName, String generatedSimpleName, String... options)
      throws IOException {
    assertGolden(caseName, Collections.singletonList(generatedSimpleName), options);
  }

  private static void assertGolden(
      String caseName, List<String> generatedSimpleNames, String... options) throws IOException {
    assertGolden(caseName, "test", generatedSimpleNames, options);
  }

  /**
   * A case whose inputs, all in {@code packageName}, generate one file each, named {@code
   * generatedSimpleNames}.
   */
  private static void assertGolden(
      String caseName, String packageName, List<String> generatedSimpleNames, String... options)
      throws IOException {
    Compilation compilation = compile(inputs(caseName, packageName), options);
    assertNoWarningButUnclaimedGenerated(compilation);
    for (String generatedSimpleName : generatedSimpleNames) {
      String generatedName = packageName + "." + generatedSimpleName;
      Path expectedFile =
          GOLDEN_DIR.resolve(caseName).resolve("expected").resolve(generatedSimpleName + ".java");
      if (UPDATE) {
        Files.createDirectories(expectedFile.getParent());
        Files.write(
            expectedFile, text(compilation, generatedName).getBytes(StandardCharsets.UTF_8));
        continue;
      }
      String expected = new String(Files.readAllBytes(expectedFile), StandardCharsets.UTF_8);
      assertThat(compilation)
          .generatedSourceFile(generatedName)
          .contentsAsUtf8String()
          .isEqualTo(expected);
    }
    if (!UPDATE) {
      assertWithMessage("generated source files of " + caseName)
          .that(compilation.generatedSourceFiles())
          .hasSize(generatedSimpleNames.size());
    }
  }

  /**
   * Under {@code -Xlint:all}, the one warning a compilation may have is javac's {@code
   * -Xlint:processing} note that no processor claimed {@code @Generated}, which the generated
   * classes carry when the compilation has it: retrygen claims only its own annotations, since a
   * processor that claims {@code @Generated} hides it from every processor after it.
   */
  private static void assertNoWarningButUnclaimedGenerated(Compilation compilation) {
    assertThat(compilation).succeeded();
    for (Diagnostic<? extends JavaFileObject> warning : compilation.warnings()) {
      assertWithMessage("warning: %s", warning)
          .that(warning.getMessage(Locale.ROOT))
          .isEqualTo(
              "No processor claimed any of these annotations:"
                  + " java.compiler/javax.annotation.processing.Generated");
    }
  }

  /** With both processors of the service file, in its order, as javac finds them. */
  private static Compilation compile(List<JavaFileObject> inputs, String... options) {
    return Compiler.javac()
        .withProcessors(new RetryProcessor(), new RetryProcessor.ClaimsOwnAnnotations())
        .withOptions((Object[]) options)
        .compile(inputs);
  }

  private static String text(Compilation compilation, String generatedName) throws IOException {
    String path = generatedName.replace('.', '/') + ".java";
    JavaFileObject file =
        compilation
            .generatedFile(StandardLocation.SOURCE_OUTPUT, path)
            .orElseThrow(() -> new AssertionError("not generated: " + generatedName));
    return file.getCharContent(false).toString();
  }

  /** Every {@code .java} file of {@code <case>/input/}, by name, as sources of {@code pkg}. */
  private static List<JavaFileObject> inputs(String caseName, String pkg) throws IOException {
    File[] files = GOLDEN_DIR.resolve(caseName).resolve("input").toFile().listFiles();
    assertWithMessage("input files of " + caseName).that(files).isNotNull();
    List<String> names = new ArrayList<>();
    for (File file : files) {
      if (file.getName().endsWith(".java")) {
        names.add(file.getName());
      }
    }
    Collections.sort(names);
    List<JavaFileObject> inputs = new ArrayList<>();
    for (String name : names) {
      Path file = GOLDEN_DIR.resolve(caseName).resolve("input").resolve(name);
      inputs.add(
          JavaFileObjects.forSourceString(
              pkg + "." + name.substring(0, name.length() - ".java".length()),
              new String(Files.readAllBytes(file), StandardCharsets.UTF_8)));
    }
    return inputs;
  }
}
