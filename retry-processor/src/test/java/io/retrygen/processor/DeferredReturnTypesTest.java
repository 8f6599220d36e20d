package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Return types that do their work after the method returned: a synchronous loop around such a
 * method would retry nothing, so each is either a return kind of its own, retried through its
 * module (which must then be on the compile classpath), or a compile error on the method that names
 * a type to return. Reactor, RxJava 3 and Kotlin are on the test class path, with our modules for
 * them; the other libraries are stand-ins with their real qualified names.
 */
class DeferredReturnTypesTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  private static final List<JavaFileObject> LIBRARIES =
      Arrays.asList(
          JavaFileObjects.forSourceLines(
              "io.reactivex.Single",
              "package io.reactivex;",
              "public abstract class Single<T> {}"),
          JavaFileObjects.forSourceLines(
              "kotlinx.coroutines.flow.Flow",
              "package kotlinx.coroutines.flow;",
              "public interface Flow<T> {}"),
          JavaFileObjects.forSourceLines(
              "com.google.common.util.concurrent.ListenableFuture",
              "package com.google.common.util.concurrent;",
              "public interface ListenableFuture<V> extends java.util.concurrent.Future<V> {}"),
          JavaFileObjects.forSourceLines(
              "retrofit2.Call", "package retrofit2;", "public interface Call<T> {}"),
          JavaFileObjects.forSourceLines(
              "com.acme.Mono", "package com.acme;", "public final class Mono {}"));

  private Compilation compile(JavaFileObject source) {
    List<JavaFileObject> sources = new ArrayList<>(LIBRARIES);
    sources.add(source);
    return javac.compile(sources);
  }

  @Test
  void monoWithoutTheReactorModuleNamesIt() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Quotes",
            "package test;",
            "import io.retrygen.Retryable;",
            "import reactor.core.publisher.Mono;",
            "@Retryable",
            "interface Quotes {",
            "  Mono<String> quote(String symbol);",
            "  String name();",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withClasspath(TestClasspath.without("retry-reactor"))
            .compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "quote(String) is retried by io.retrygen.reactor.MonoCall, which is not on the compile"
                + " classpath: add the dependency io.retrygen:retry-reactor (the annotation"
                + " processor path is not enough)")
        .inFile(source)
        .onLineContaining("Mono<String> quote(");
  }

  @Test
  void fluxIsReactorsAlthoughItIsAPublisherToo() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Prices",
            "package test;",
            "import io.retrygen.Retryable;",
            "import reactor.core.publisher.Flux;",
            "interface Prices {",
            "  @Retryable",
            "  Flux<Long> ticks();",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.PricesRetrying");
    assertThat(compilation)
        .generatedSourceFile("test.PricesRetrying")
        .contentsAsUtf8String()
        .contains("}.flux();");
  }

  @Test
  void rxJavaSingleWithoutTheRxJavaModuleNamesIt() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Users",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import io.reactivex.rxjava3.core.Single;",
            "interface Users {",
            "  @CircuitBreaker",
            "  Single<String> find(long id);",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withClasspath(TestClasspath.without("retry-rxjava3"))
            .compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "find(long) is retried by io.retrygen.rxjava3.SingleCall, which is not on the compile"
                + " classpath: add the dependency io.retrygen:retry-rxjava3 (the annotation"
                + " processor path is not enough)")
        .inFile(source)
        .onLineContaining("Single<String> find(");
  }

  /** The driver returns the library's own type: a subtype of it cannot be what the call returns. */
  @Test
  void aMonoTypeOfItsOwnIsAnErrorThatSaysToDeclareMono() {
    JavaFileObject cached =
        JavaFileObjects.forSourceLines(
            "test.CachedMono",
            "package test;",
            "import reactor.core.publisher.Mono;",
            "abstract class CachedMono<T> extends Mono<T> {}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Quotes",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Quotes {",
            "  @Retryable",
            "  CachedMono<String> quote(String symbol);",
            "}");
    Compilation compilation = javac.compile(cached, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "quote(String) returns CachedMono<String>, a Mono type of its own (retrygen retries a"
                + " method declared to return Mono itself), which does its work after the method"
                + " returned, so a retry loop around the call would never see it fail, and"
                + " retrygen cannot retry that type. Declare the method to return Mono itself"
                + " instead, or remove @Retryable")
        .inFile(source)
        .onLineContaining("CachedMono<String> quote(");
  }

  @Test
  void rxJava2IsStillAnErrorThatNamesRxJava3() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Users",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Users {",
            "  @Retryable",
            "  io.reactivex.Single<String> find(long id);",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "find(long) returns Single<String>, an RxJava 2 type (retrygen supports RxJava 3, with"
                + " io.retrygen:retry-rxjava3), which does its work after the method returned")
        .inFile(source)
        .onLineContaining("Single<String> find(");
  }

  @Test
  void kotlinFlowWithoutTheKotlinModuleNamesIt() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Events",
            "package test;",
            "import io.retrygen.Retryable;",
            "import kotlinx.coroutines.flow.Flow;",
            "interface Events {",
            "  @Retryable",
            "  Flow<String> events();",
            "}");
    List<JavaFileObject> sources = new ArrayList<>(LIBRARIES);
    sources.add(source);
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withClasspath(TestClasspath.without(TestClasspath.KOTLIN))
            .compile(sources);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "events() is retried by io.retrygen.kotlin.FlowCall, which is not on the compile"
                + " classpath: add the dependency io.retrygen:retry-kotlin (the annotation"
                + " processor path is not enough)")
        .inFile(source)
        .onLineContaining("Flow<String> events();");
  }

  @Test
  void guavaFutureIsDescribedAsOneAndNotAsAPlainFuture() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "import com.google.common.util.concurrent.ListenableFuture;",
            "interface Store {",
            "  @Retryable",
            "  ListenableFuture<String> load(String key);",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "load(String) returns ListenableFuture<String>, a Guava future, which does its work"
                + " after the method returned, so a retry loop around the call would never see it"
                + " fail, and retrygen cannot retry that type. Return a CompletableFuture or a"
                + " CompletionStage instead, or remove @Retryable")
        .inFile(source)
        .onLineContaining("ListenableFuture<String> load(");
  }

  @Test
  void retrofitCallIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Api",
            "package test;",
            "import io.retrygen.Retryable;",
            "import retrofit2.Call;",
            "interface Api {",
            "  @Retryable",
            "  Call<String> user(String id);",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "user(String) returns Call<String>, a Retrofit call, which runs when it is executed,")
        .inFile(source)
        .onLineContaining("Call<String> user(");
  }

  @Test
  void aPlainPublisherIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Feed",
            "package test;",
            "import io.retrygen.Retryable;",
            "import org.reactivestreams.Publisher;",
            "interface Feed {",
            "  @Retryable",
            "  Publisher<String> items();",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("items() returns Publisher<String>, a Reactive Streams publisher,")
        .inFile(source)
        .onLineContaining("Publisher<String> items();");
  }

  @Test
  void aTypeThatOnlySharesASimpleNameIsRetriedSynchronously() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Shop",
            "package test;",
            "import io.retrygen.Retryable;",
            "import com.acme.Mono;",
            "interface Shop {",
            "  @Retryable",
            "  Mono mono();",
            "}");
    Compilation compilation = compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ShopRetrying");
  }

  /**
   * The runtime is a compile dependency, not only the processor's: without it, each driver is
   * named once per input, on the first method that needs it, instead of "cannot find symbol"
   * errors inside the generated class.
   */
  @Test
  void withoutTheRuntimeOnTheClasspathEachDriverIsNamedOnce() {
    List<File> classpath = TestClasspath.without("retry-runtime");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Prices",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletionStage;",
            "@Retryable",
            "interface Prices {",
            "  long price(String item);",
            "  void refresh();",
            "  CompletionStage<Long> priceLater(String item);",
            "}");
    // A second input needs the same driver: it gets its own error, and no generated class.
    JavaFileObject second =
        JavaFileObjects.forSourceLines(
            "test.Stock",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Stock {",
            "  @Retryable",
            "  int count(String item);",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withClasspath(classpath)
            .compile(source, second);
    assertThat(compilation).hadErrorCount(3);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "count(String) is retried by io.retrygen.runtime.internal.Retrier, which is not on the"
                + " compile classpath")
        .inFile(second)
        .onLineContaining("int count(");
    assertThat(compilation)
        .hadErrorContaining(
            "price(String) is retried by io.retrygen.runtime.internal.Retrier, which is not on the"
                + " compile classpath: add the dependency io.retrygen:retry-runtime (the"
                + " annotation processor path is not enough)")
        .inFile(source)
        .onLineContaining("long price(");
    assertThat(compilation)
        .hadErrorContaining(
            "priceLater(String) is retried by io.retrygen.runtime.internal.AsyncCall, which is not"
                + " on the compile classpath")
        .inFile(source)
        .onLineContaining("priceLater(");
  }
}
