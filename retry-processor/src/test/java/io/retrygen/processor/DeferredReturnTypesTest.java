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
 * method would retry nothing, so each is a compile error on the method that names the module to add
 * or a type to return. The libraries are stand-ins with their real qualified names, so none of
 * them is needed on the test class path.
 */
class DeferredReturnTypesTest {
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  private static final List<JavaFileObject> LIBRARIES =
      Arrays.asList(
          JavaFileObjects.forSourceLines(
              "org.reactivestreams.Publisher",
              "package org.reactivestreams;",
              "public interface Publisher<T> {}"),
          JavaFileObjects.forSourceLines(
              "reactor.core.publisher.Mono",
              "package reactor.core.publisher;",
              "public abstract class Mono<T> implements org.reactivestreams.Publisher<T> {}"),
          JavaFileObjects.forSourceLines(
              "reactor.core.publisher.Flux",
              "package reactor.core.publisher;",
              "public abstract class Flux<T> implements org.reactivestreams.Publisher<T> {}"),
          JavaFileObjects.forSourceLines(
              "io.reactivex.rxjava3.core.Single",
              "package io.reactivex.rxjava3.core;",
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
  void monoUnderATypeLevelRetryableNamesTheReactorModule() {
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
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "quote(String) returns Mono<String>, which does its work after the method returned,"
                + " so a retry loop around the call would never see it fail. retrygen retries it by"
                + " calling the method again, with io.retrygen:retry-reactor on the compile"
                + " classpath: add that dependency, or remove @Retryable")
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
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("ticks() returns Flux<Long>, which does its work after the method")
        .inFile(source)
        .onLineContaining("Flux<Long> ticks();");
    assertThat(compilation).hadErrorContaining("with io.retrygen:retry-reactor on the compile");
  }

  @Test
  void rxJavaSingleUnderABreakerAloneNamesTheRxJavaModuleAndTheBreaker() {
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
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "with io.retrygen:retry-rxjava3 on the compile classpath: add that dependency, or"
                + " remove @CircuitBreaker")
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
