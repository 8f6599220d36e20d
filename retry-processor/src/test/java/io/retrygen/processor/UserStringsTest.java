package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.processor.inventory.Json;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Strings the user chose freely (labels, breaker and budget names) reach the runtime and the policy
 * inventory exactly as the annotation holds them, even where no encoding can write them: a lone
 * surrogate is a valid {@code char} of a Java string, and no valid UTF-8.
 */
class UserStringsTest {
  private final Compiler javac =
      Compiler.javac().withProcessors(new RetryProcessor()).withOptions("-Xlint:all,-processing");

  /** The unicode escapes are the source's: javac turns each into one lone surrogate. */
  private static final JavaFileObject CLIENT =
      JavaFileObjects.forSourceLines(
          "test.Client",
          "package test;",
          "import io.retrygen.Backoff;",
          "import io.retrygen.CircuitBreaker;",
          "import io.retrygen.RetryBudget;",
          "import io.retrygen.Retryable;",
          "public interface Client {",
          "  @Retryable(label = \"\\uD800x\", backoff = @Backoff(delay = 0))",
          "  @CircuitBreaker(name = \"lone \\uDC00 breaker\")",
          "  @RetryBudget(name = \"\\uDBFF\")",
          "  String call(String id);",
          "}");

  @Test
  void loneSurrogatesAreEscapedInTheGeneratedSource() {
    Compilation compilation = javac.compile(CLIENT);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("new RetryPolicy(\"\\ud800x\"");
    assertThat(generated).contains(".withBudget(\"\\udbff\"");
    assertThat(generated).contains("new CircuitBreakerPolicy(\"lone \\udc00 breaker\"");
    assertThat(generated).contains("this.callBreaker = CALL_BREAKER.bind(options, \"\\ud800x\");");
    assertThat(generated).doesNotContain("?");
  }

  @Test
  void theRuntimeSeesTheStringsTheAnnotationsHold() throws Exception {
    Compilation compilation = javac.compile(CLIENT);
    assertThat(compilation).succeededWithoutWarnings();
    ClassLoader loader =
        new RandomShapesTest.InMemoryClassLoader(compilation, getClass().getClassLoader());
    Class<?> client = loader.loadClass("test.Client");
    Object delegate =
        Proxy.newProxyInstance(loader, new Class<?>[] {client}, (proxy, method, args) -> "ok");
    List<String> labels = new ArrayList<>();
    RetryOptions options =
        RetryOptions.builder()
            .listener(
                new RetryListener() {
                  @Override
                  public void onSuccess(RetryEvent event) {
                    labels.add(event.label());
                  }
                })
            .build();
    Object retrying =
        loader
            .loadClass("test.ClientRetrying")
            .getDeclaredConstructor(client, RetryOptions.class)
            .newInstance(delegate, options);

    Object result = client.getMethod("call", String.class).invoke(retrying, "id");

    assertThat(result).isEqualTo("ok");
    assertThat(labels).containsExactly("\uD800x");
    assertThat(CircuitBreakers.state("lone \uDC00 breaker")).isNotNull();
    assertThat(RetryBudgets.tokens("\uDBFF")).isEqualTo(10.0);
  }

  @Test
  void theInventoryIsValidJsonWithTheSameStrings() throws Exception {
    Compilation compilation = javac.compile(CLIENT);
    String text = PolicyInventoryTest.text(compilation, "META-INF/retrygen/test.Client.json");
    assertThat(text).contains("\"label\": \"\\ud800x\"");
    assertThat(text).doesNotContain("?");
    JsonObject method =
        JsonParser.parseString(text).getAsJsonObject().getAsJsonArray("methods").get(0)
            .getAsJsonObject();
    assertThat(method.get("label").getAsString()).isEqualTo("\uD800x");
    assertThat(method.getAsJsonObject("circuitBreaker").get("name").getAsString())
        .isEqualTo("lone \uDC00 breaker");
    assertThat(method.getAsJsonObject("budget").get("name").getAsString()).isEqualTo("\uDBFF");
  }

  @Test
  void jsonEscapesLoneSurrogatesAndKeepsPairs() {
    assertThat(Json.write("\uD800 \uDC00 \uD83D\uDE00 \uDE00\uD83D"))
        .isEqualTo("\"\\ud800 \\udc00 \uD83D\uDE00 \\ude00\\ud83d\"\n");
  }
}
