package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.retrygen.processor.inventory.Json;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.internal.CircuitBreakerPolicy;
import io.retrygen.runtime.internal.RetryPolicy;
import io.retrygen.runtime.internal.TimeoutPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * The policy inventory of SPEC §13: {@code META-INF/retrygen/<binary name>.json}, parsed with Gson
 * and checked key by key, in order. {@code GoldenTest} pins the bytes of one.
 */
class PolicyInventoryTest {
  private static final JavaFileObject CLIENT =
      JavaFileObjects.forSourceLines(
          "test.Client",
          "package test;",
          "import io.retrygen.Backoff;",
          "import io.retrygen.CircuitBreaker;",
          "import io.retrygen.Recover;",
          "import io.retrygen.RetryBudget;",
          "import io.retrygen.Retryable;",
          "import io.retrygen.Timeout;",
          "import java.io.FileNotFoundException;",
          "import java.io.IOException;",
          "import java.util.List;",
          "import java.util.concurrent.CompletableFuture;",
          "import java.util.concurrent.TimeoutException;",
          "@RetryBudget(maxTokens = 20, tokenRatio = 0.5)",
          "public interface Client {",
          "  @Retryable(",
          "      retryFor = {IOException.class, TimeoutException.class},",
          "      noRetryFor = FileNotFoundException.class,",
          "      notRecoverable = IllegalStateException.class,",
          "      maxAttempts = 4,",
          "      maxDuration = 5000,",
          "      backoff = @Backoff(delay = 100, multiplier = 2, maxDelay = 1000),",
          "      label = \"payments.charge\")",
          "  @CircuitBreaker(",
          "      name = \"payments\",",
          "      failOn = IOException.class,",
          "      skipOn = FileNotFoundException.class,",
          "      requestVolumeThreshold = 10,",
          "      failureRatio = 0.25,",
          "      delay = 2000,",
          "      successThreshold = 2)",
          "  @Timeout(800)",
          "  String charge(String account, long cents) throws IOException, TimeoutException;",
          "",
          "  @Retryable(",
          "      backoff = @Backoff(delay = 200, maxDelay = 2000, delayFor = \"retryAfter\"))",
          "  CompletableFuture<String> quote(String... symbols);",
          "",
          "  @CircuitBreaker",
          "  int[] breakerOnly(List<String> names, int[][] grid);",
          "",
          "  String plain();",
          "",
          "  @Recover",
          "  default String chargeFailed(IOException failure, String account) {",
          "    return \"queued\";",
          "  }",
          "",
          "  @Recover",
          "  default String chargeFallback(String account) {",
          "    return \"failed\";",
          "  }",
          "",
          "  default long retryAfter(IOException failure) {",
          "    return -1;",
          "  }",
          "}");

  @Test
  void theProcessorOptionFalseWritesNoInventoryButTheClass() {
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withOptions("-Xlint:all,-processing", "-Aretrygen.inventory=false")
            .compile(CLIENT);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdResources()).isEmpty();
    assertThat(compilation.generatedFiles().stream()
            .anyMatch(file -> file.getName().endsWith(".json")))
        .isFalse();
    assertThat(generated(compilation, "test.ClientRetrying")).contains("class ClientRetrying");
  }

  @Test
  void anyOtherValueOfTheOptionWritesTheInventory() {
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation =
        Compiler.javac()
            .withProcessors(processor)
            .withOptions("-Xlint:all,-processing", "-Aretrygen.inventory=true")
            .compile(CLIENT);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdResources())
        .containsExactly("META-INF/retrygen/test.Client.json");
  }

  /**
   * The processor writes the override keys, the runtime reads them: every key the inventory lists
   * for a method with every guard is one {@code PolicyOverrides} accepts and the method's bound
   * policies use, so the two lists cannot drift apart.
   */
  @Test
  void everyOverrideKeyListedIsOneTheRuntimeReadsAndUses() throws IOException {
    Compilation compilation =
        Compiler.javac().withProcessors(new RecordingProcessor()).withOptions("-Xlint:all")
            .compile(CLIENT);
    JsonObject charge = parse(compilation, "META-INF/retrygen/test.Client.json")
        .getAsJsonArray("methods").get(0).getAsJsonObject();
    List<String> keys = strings(charge.get("overrides"));
    assertThat(keys).hasSize(1 + 7 + 5 + 2 + 1); // kill switch, retry, breaker, budget, timeout
    Map<String, String> values = new LinkedHashMap<>();
    for (String key : keys) {
      values.put(key, key.endsWith(".enabled") ? "true" : key.endsWith(".maxDuration") ? "0" : "1");
    }
    PolicyOverrides overrides = PolicyOverrides.from(values);
    assertThat(overrides.unusedKeys()).containsExactlyElementsIn(keys);
    RetryOptions options =
        RetryOptions.builder().overrides(overrides).build();
    String label = charge.get("label").getAsString();
    // What the generated constructor binds for this method, with its compiled values.
    new RetryPolicy(
            label, 3, 0L, BackoffPolicy.fixed(0L))
        .withBudget(charge.getAsJsonObject("budget").get("name").getAsString(), 10, 0.1)
        .bind(options);
    new CircuitBreakerPolicy(
            charge.getAsJsonObject("circuitBreaker").get("name").getAsString(), 20, 0.5, 0L, 1)
        .bind(options, label);
    new TimeoutPolicy(label, 1000L).bind(options);
    assertThat(overrides.unusedKeys()).isEmpty();
  }

  @Test
  void everyGuardedMethodIsListedWithEveryKeyInOrder() throws IOException {
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation =
        Compiler.javac().withProcessors(processor).withOptions("-Xlint:all").compile(CLIENT);
    assertThat(compilation).succeeded();
    assertThat(processor.createdResources())
        .containsExactly("META-INF/retrygen/test.Client.json");

    JsonObject inventory = parse(compilation, "META-INF/retrygen/test.Client.json");
    assertThat(keys(inventory)).containsExactly("type", "generated", "methods").inOrder();
    assertThat(inventory.get("type").getAsString()).isEqualTo("test.Client");
    assertThat(inventory.get("generated").getAsString()).isEqualTo("test.ClientRetrying");
    JsonArray methods = inventory.getAsJsonArray("methods");
    assertThat(methods.size()).isEqualTo(3); // plain() is forwarded, not guarded

    JsonObject charge = methods.get(0).getAsJsonObject();
    assertThat(keys(charge))
        .containsExactly(
            "method", "label", "async", "retry", "circuitBreaker", "timeout", "budget",
            "overrides", "recover")
        .inOrder();
    assertThat(charge.get("method").getAsString()).isEqualTo("charge(java.lang.String,long)");
    assertThat(charge.get("label").getAsString()).isEqualTo("payments.charge");
    assertThat(charge.get("async").getAsBoolean()).isFalse();
    JsonObject retry = charge.getAsJsonObject("retry");
    assertThat(keys(retry))
        .containsExactly(
            "maxAttempts", "maxDurationMillis", "retryFor", "noRetryFor", "notRecoverable",
            "matchCauses", "retryIf", "backoff", "worstCaseWaitMillis")
        .inOrder();
    assertThat(retry.get("maxAttempts").getAsInt()).isEqualTo(4);
    assertThat(retry.get("maxDurationMillis").getAsLong()).isEqualTo(5000);
    assertThat(strings(retry.get("retryFor")))
        .containsExactly("java.io.IOException", "java.util.concurrent.TimeoutException")
        .inOrder();
    assertThat(strings(retry.get("noRetryFor"))).containsExactly("java.io.FileNotFoundException");
    assertThat(strings(retry.get("notRecoverable")))
        .containsExactly("java.lang.IllegalStateException");
    assertThat(retry.get("matchCauses").getAsBoolean()).isFalse();
    assertThat(retry.get("retryIf").isJsonNull()).isTrue();
    JsonObject backoff = retry.getAsJsonObject("backoff");
    assertThat(keys(backoff))
        .containsExactly(
            "delayMillis", "maxDelayMillis", "multiplier", "random", "jitter", "delayFor")
        .inOrder();
    assertThat(backoff.get("delayMillis").getAsLong()).isEqualTo(100);
    assertThat(backoff.get("maxDelayMillis").getAsLong()).isEqualTo(1000);
    assertThat(backoff.get("multiplier").getAsDouble()).isEqualTo(2.0);
    assertThat(backoff.get("random").getAsBoolean()).isFalse();
    assertThat(backoff.get("jitter").getAsDouble()).isEqualTo(0.0);
    assertThat(backoff.get("delayFor").isJsonNull()).isTrue();
    // 100 + 200 + 400: deterministic, so exact
    assertThat(retry.get("worstCaseWaitMillis").getAsLong()).isEqualTo(700);
    JsonObject breaker = charge.getAsJsonObject("circuitBreaker");
    assertThat(keys(breaker))
        .containsExactly(
            "name", "failOn", "skipOn", "requestVolumeThreshold", "failureRatio", "delayMillis",
            "successThreshold")
        .inOrder();
    assertThat(breaker.get("name").getAsString()).isEqualTo("payments");
    assertThat(strings(breaker.get("failOn"))).containsExactly("java.io.IOException");
    assertThat(strings(breaker.get("skipOn"))).containsExactly("java.io.FileNotFoundException");
    assertThat(breaker.get("requestVolumeThreshold").getAsInt()).isEqualTo(10);
    assertThat(breaker.get("failureRatio").getAsDouble()).isEqualTo(0.25);
    assertThat(breaker.get("delayMillis").getAsLong()).isEqualTo(2000);
    assertThat(breaker.get("successThreshold").getAsInt()).isEqualTo(2);
    JsonObject timeout = charge.getAsJsonObject("timeout");
    assertThat(keys(timeout)).containsExactly("millis");
    assertThat(timeout.get("millis").getAsLong()).isEqualTo(800);
    JsonObject budget = charge.getAsJsonObject("budget");
    assertThat(keys(budget)).containsExactly("name", "maxTokens", "tokenRatio").inOrder();
    assertThat(budget.get("name").getAsString()).isEqualTo("Client");
    assertThat(budget.get("maxTokens").getAsInt()).isEqualTo(20);
    assertThat(budget.get("tokenRatio").getAsDouble()).isEqualTo(0.5);
    // The run-time override keys: the kill switch, then retry and timeout by label, breaker and
    // budget by resolved name, in the order retry, breaker, budget, timeout.
    assertThat(strings(charge.get("overrides")))
        .containsExactly(
            "retrygen.enabled",
            "retrygen.retry.payments.charge.maxAttempts",
            "retrygen.retry.payments.charge.maxDuration",
            "retrygen.retry.payments.charge.delay",
            "retrygen.retry.payments.charge.maxDelay",
            "retrygen.retry.payments.charge.multiplier",
            "retrygen.retry.payments.charge.jitter",
            "retrygen.retry.payments.charge.enabled",
            "retrygen.circuitbreaker.payments.requestVolumeThreshold",
            "retrygen.circuitbreaker.payments.failureRatio",
            "retrygen.circuitbreaker.payments.delay",
            "retrygen.circuitbreaker.payments.successThreshold",
            "retrygen.circuitbreaker.payments.enabled",
            "retrygen.budget.Client.maxTokens",
            "retrygen.budget.Client.tokenRatio",
            "retrygen.timeout.payments.charge.value")
        .inOrder();
    // Most specific failure type first, the one without a failure parameter last (SPEC §5).
    assertThat(strings(charge.get("recover")))
        .containsExactly("chargeFailed", "chargeFallback")
        .inOrder();

    JsonObject quote = methods.get(1).getAsJsonObject();
    assertThat(keys(quote))
        .containsExactly("method", "label", "async", "retry", "budget", "overrides")
        .inOrder();
    assertThat(quote.get("method").getAsString()).isEqualTo("quote(java.lang.String[])");
    assertThat(quote.get("label").getAsString()).isEqualTo("Client.quote");
    assertThat(quote.get("async").getAsBoolean()).isTrue();
    JsonObject quoteRetry = quote.getAsJsonObject("retry");
    assertThat(quoteRetry.get("maxAttempts").getAsInt()).isEqualTo(3);
    assertThat(quoteRetry.get("maxDurationMillis").getAsLong()).isEqualTo(0);
    assertThat(strings(quoteRetry.get("retryFor"))).containsExactly("java.lang.Exception");
    assertThat(strings(quoteRetry.get("noRetryFor"))).isEmpty();
    assertThat(strings(quoteRetry.get("notRecoverable"))).isEmpty();
    JsonObject quoteBackoff = quoteRetry.getAsJsonObject("backoff");
    assertThat(quoteBackoff.get("delayMillis").getAsLong()).isEqualTo(200);
    assertThat(quoteBackoff.get("maxDelayMillis").getAsLong()).isEqualTo(2000);
    assertThat(quoteBackoff.get("multiplier").getAsDouble()).isEqualTo(0.0);
    assertThat(quoteBackoff.get("delayFor").getAsString()).isEqualTo("retryAfter");
    // delayFor may ask for up to the cap before each of the 2 retries.
    assertThat(quoteRetry.get("worstCaseWaitMillis").getAsLong()).isEqualTo(4000);
    assertThat(quote.getAsJsonObject("budget").get("name").getAsString()).isEqualTo("Client");

    JsonObject breakerOnly = methods.get(2).getAsJsonObject();
    assertThat(keys(breakerOnly))
        .containsExactly("method", "label", "async", "circuitBreaker", "overrides")
        .inOrder();
    // An unnamed breaker is named by the label.
    assertThat(strings(breakerOnly.get("overrides")))
        .containsExactly(
            "retrygen.enabled",
            "retrygen.circuitbreaker.Client.breakerOnly.requestVolumeThreshold",
            "retrygen.circuitbreaker.Client.breakerOnly.failureRatio",
            "retrygen.circuitbreaker.Client.breakerOnly.delay",
            "retrygen.circuitbreaker.Client.breakerOnly.successThreshold",
            "retrygen.circuitbreaker.Client.breakerOnly.enabled")
        .inOrder();
    assertThat(breakerOnly.get("method").getAsString())
        .isEqualTo("breakerOnly(java.util.List,int[][])");
    JsonObject ownBreaker = breakerOnly.getAsJsonObject("circuitBreaker");
    assertThat(ownBreaker.get("name").getAsString()).isEqualTo("Client.breakerOnly");
    assertThat(strings(ownBreaker.get("failOn"))).containsExactly("java.lang.Exception");
    assertThat(strings(ownBreaker.get("skipOn"))).isEmpty();
    assertThat(ownBreaker.get("requestVolumeThreshold").getAsInt()).isEqualTo(20);
    assertThat(ownBreaker.get("failureRatio").getAsDouble()).isEqualTo(0.5);
    assertThat(ownBreaker.get("delayMillis").getAsLong()).isEqualTo(5000);
    assertThat(ownBreaker.get("successThreshold").getAsInt()).isEqualTo(1);
  }

  /**
   * A method whose policies come from meta-annotations lists them, by binary name, in the order
   * retry, circuit breaker, timeout, budget, just before "overrides"; a method without one keeps
   * exactly the other keys.
   */
  @Test
  void metaAnnotationsThatSuppliedAMethodsPoliciesAreListedBeforeItsOverrides()
      throws IOException {
    JavaFileObject policies =
        JavaFileObjects.forSourceLines(
            "test.Policies",
            "package test;",
            "import io.retrygen.*;",
            "public final class Policies {",
            "  @Retryable(maxAttempts = 4)",
            "  @RetryBudget(maxTokens = 5)",
            "  public @interface DbRetry {}",
            "  @Timeout(300)",
            "  @CircuitBreaker(name = \"db\")",
            "  public @interface Guarded {}",
            "}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Policies.DbRetry",
            "public interface Store {",
            "  @Policies.Guarded",
            "  String load(String key);",
            "  @Retryable",
            "  void save(String key);",
            "}");
    Compilation compilation =
        Compiler.javac().withProcessors(new RetryProcessor()).compile(policies, source);
    assertThat(compilation).succeededWithoutWarnings();
    JsonArray methods = parse(compilation, "META-INF/retrygen/test.Store.json")
        .getAsJsonArray("methods");
    JsonObject load = methods.get(0).getAsJsonObject();
    assertThat(keys(load))
        .containsExactly(
            "method", "label", "async", "retry", "circuitBreaker", "timeout", "budget",
            "metaAnnotations", "overrides")
        .inOrder();
    assertThat(strings(load.get("metaAnnotations")))
        .containsExactly("test.Policies$DbRetry", "test.Policies$Guarded")
        .inOrder();
    // An unnamed budget carried to the type is named by the type, as if written there.
    assertThat(load.getAsJsonObject("budget").get("name").getAsString()).isEqualTo("Store");
    assertThat(strings(load.get("overrides")))
        .containsExactly(
            "retrygen.enabled",
            "retrygen.retry.Store.load.maxAttempts",
            "retrygen.retry.Store.load.maxDuration",
            "retrygen.retry.Store.load.delay",
            "retrygen.retry.Store.load.maxDelay",
            "retrygen.retry.Store.load.multiplier",
            "retrygen.retry.Store.load.jitter",
            "retrygen.retry.Store.load.enabled",
            "retrygen.circuitbreaker.db.requestVolumeThreshold",
            "retrygen.circuitbreaker.db.failureRatio",
            "retrygen.circuitbreaker.db.delay",
            "retrygen.circuitbreaker.db.successThreshold",
            "retrygen.circuitbreaker.db.enabled",
            "retrygen.budget.Store.maxTokens",
            "retrygen.budget.Store.tokenRatio",
            "retrygen.timeout.Store.load.value")
        .inOrder();
    // save's own @Retryable wins over the type's @DbRetry; the budget still comes from it.
    JsonObject save = methods.get(1).getAsJsonObject();
    assertThat(keys(save))
        .containsExactly(
            "method", "label", "async", "retry", "budget", "metaAnnotations", "overrides")
        .inOrder();
    assertThat(strings(save.get("metaAnnotations"))).containsExactly("test.Policies$DbRetry");
    assertThat(save.getAsJsonObject("retry").get("maxAttempts").getAsInt()).isEqualTo(3);
  }

  @Test
  void aNestedInputIsNamedByItsBinaryNameAndNoBoundIsNull() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Outer",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "public class Outer {",
            "  public interface Inner {",
            "    @Retryable(maxAttempts = 5, label = \"tab\\there \\\"quoted\\\"\",",
            "        backoff = @Backoff(delay = 10, jitter = 0.5, delayFor = \"after\"))",
            "    <T extends Number> String call(T value, Inner.Item<T> item);",
            "",
            "    default long after(RuntimeException failure) {",
            "      return -1;",
            "    }",
            "",
            "    interface Item<T> {}",
            "  }",
            "}");
    Compilation compilation =
        Compiler.javac().withProcessors(new RetryProcessor()).compile(source);
    assertThat(compilation).succeeded();
    String path = "META-INF/retrygen/test.Outer$Inner.json";
    JsonObject inventory = parse(compilation, path);
    assertThat(inventory.get("type").getAsString()).isEqualTo("test.Outer$Inner");
    assertThat(inventory.get("generated").getAsString()).isEqualTo("test.Outer_InnerRetrying");
    JsonObject call = inventory.getAsJsonArray("methods").get(0).getAsJsonObject();
    assertThat(call.get("method").getAsString())
        .isEqualTo("call(java.lang.Number,test.Outer$Inner$Item)");
    assertThat(call.get("label").getAsString()).isEqualTo("tab\there \"quoted\"");
    JsonObject retry = call.getAsJsonObject("retry");
    assertThat(retry.get("backoff").getAsJsonObject().get("jitter").getAsDouble()).isEqualTo(0.5);
    // delayFor with no cap and no maxDuration: nothing bounds the waits.
    assertThat(retry.get("worstCaseWaitMillis").isJsonNull()).isTrue();
    assertThat(call.has("recover")).isFalse();
    assertThat(text(compilation, path)).contains("\"label\": \"tab\\there \\\"quoted\\\"\",\n");
  }

  @Test
  void aTypeThatGeneratesNothingWritesNoInventory() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Fallbacks",
            "package test;",
            "import io.retrygen.Recover;",
            "interface Fallbacks {",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation =
        Compiler.javac().withProcessors(processor).withOptions("-Xlint:-processing")
            .compile(source);
    assertThat(compilation).succeeded();
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(processor.createdResources()).isEmpty();
  }

  @Test
  void aTypeWithErrorsWritesNoInventory() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(maxAttempts = 0)",
            "  String charge(String account);",
            "}");
    RecordingProcessor processor = new RecordingProcessor();
    Compilation compilation = Compiler.javac().withProcessors(processor).compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(processor.createdResources()).isEmpty();
  }

  @Test
  void aFilerThatRefusesTheResourceIsAnErrorOnTheType() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String charge(String account);",
            "}");
    RecordingProcessor processor = new RecordingProcessor(true);
    Compilation compilation = Compiler.javac().withProcessors(processor).compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen could not write the policy inventory META-INF/retrygen/test.Client.json:"
                + " Attempt to reopen a file for path META-INF/retrygen/test.Client.json")
        .inFile(source)
        .onLineContaining("interface Client");
    assertThat(processor.createdResources())
        .containsExactly("META-INF/retrygen/test.Client.json");
  }

  /**
   * The policy Javadoc (SPEC §13) passes doclint, however the names the user chose look: one
   * with {@code * /} (joined), braces and {@code @} would otherwise end the comment or start a
   * tag.
   */
  @Test
  void thePolicyJavadocPassesDoclint() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Odd",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.Retryable;",
            "/** Odd. */",
            "public interface Odd {",
            "  /** @return it */",
            "  @Retryable(maxAttempts = 2)",
            "  @CircuitBreaker(name = \"a*/b {@code x} <i> & \\\\u002a/\")",
            "  String call();",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(new RetryProcessor())
            // -missing: the constructors' Javadoc has no @param, which is not about HTML.
            .withOptions("-Xdoclint:all,-missing", "-Xlint:all,-processing")
            .compile(CLIENT, source);
    assertThat(compilation).succeeded();
    List<String> problems = new ArrayList<>();
    for (javax.tools.Diagnostic<? extends JavaFileObject> warning : compilation.warnings()) {
      if (warning.getSource() != null
          && warning.getSource().getName().endsWith("Retrying.java")) {
        problems.add(warning.toString());
      }
    }
    assertThat(problems).isEmpty();
    assertThat(
            generated(compilation, "test.OddRetrying")
                .replaceAll("\n\\s*\\* ", " ")) // the Javadoc's lines joined
        .contains(
            "the circuit breaker \"a&#42;&#47;b &#123;&#64;code x&#125; &#60;i&#62; &#38;"
                + " &#92;u002a&#47;\", which opens");
  }

  @Test
  void jsonIsPrettyPrintedAndEscaped() {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("s", "a\"b\\c\n\u0001\u2028");
    object.put("empty", Arrays.asList());
    object.put("list", Arrays.asList(1, 2L, 0.1, 2.0, 1e-4, true, null));
    object.put("nested", new LinkedHashMap<>());
    assertThat(Json.write(object))
        .isEqualTo(
            "{\n"
                + "  \"s\": \"a\\\"b\\\\c\\n\\u0001\\u2028\",\n"
                + "  \"empty\": [],\n"
                + "  \"list\": [\n"
                + "    1,\n"
                + "    2,\n"
                + "    0.1,\n"
                + "    2.0,\n"
                + "    1.0E-4,\n"
                + "    true,\n"
                + "    null\n"
                + "  ],\n"
                + "  \"nested\": {}\n"
                + "}\n");
    // What Gson reads back is what was written.
    JsonObject parsed = JsonParser.parseString(Json.write(object)).getAsJsonObject();
    assertThat(parsed.get("s").getAsString()).isEqualTo("a\"b\\c\n\u0001\u2028");
    assertThat(parsed.getAsJsonArray("list").get(4).getAsDouble()).isEqualTo(1e-4);
  }

  /**
   * {@code "stateful"} comes after {@code "budget"} and before {@code "overrides"}, for stateful
   * methods only: the {@code stateKey} method's name, or null when the arguments are the key.
   */
  @Test
  void statefulMethodsListTheirStateKeyAfterTheBudget() throws IOException {
    JavaFileObject consumer =
        JavaFileObjects.forSourceLines(
            "test.Consumer",
            "package test;",
            "import io.retrygen.RetryBudget;",
            "import io.retrygen.Retryable;",
            "@RetryBudget",
            "public interface Consumer {",
            "  @Retryable(stateful = true, stateKey = \"idOf\")",
            "  void handle(String message, int partition);",
            "",
            "  @Retryable(stateful = true)",
            "  void replay(String message);",
            "",
            "  @Retryable",
            "  void plain(String message);",
            "",
            "  static String idOf(String message) {",
            "    return message;",
            "  }",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(new RecordingProcessor())
            .withOptions("-Xlint:all,-processing")
            .compile(consumer);
    assertThat(compilation).succeededWithoutWarnings();
    JsonArray methods =
        parse(compilation, "META-INF/retrygen/test.Consumer.json").getAsJsonArray("methods");
    JsonObject handle = methods.get(0).getAsJsonObject();
    assertThat(keys(handle))
        .containsExactly("method", "label", "async", "retry", "budget", "stateful", "overrides")
        .inOrder();
    JsonObject stateful = handle.getAsJsonObject("stateful");
    assertThat(keys(stateful)).containsExactly("stateKey");
    assertThat(stateful.get("stateKey").getAsString()).isEqualTo("idOf");
    JsonObject replay = methods.get(1).getAsJsonObject();
    assertThat(replay.getAsJsonObject("stateful").get("stateKey").isJsonNull()).isTrue();
    assertThat(keys(methods.get(2).getAsJsonObject())).doesNotContain("stateful");
  }

  static String text(Compilation compilation, String path) throws IOException {
    JavaFileObject file =
        compilation
            .generatedFile(StandardLocation.CLASS_OUTPUT, path)
            .orElseThrow(() -> new AssertionError("not written: " + path));
    try (java.io.InputStream in = file.openInputStream()) {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      byte[] buffer = new byte[4096];
      for (int n; (n = in.read(buffer)) > 0; ) {
        bytes.write(buffer, 0, n);
      }
      return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }
  }

  private static JsonObject parse(Compilation compilation, String path) throws IOException {
    return JsonParser.parseString(text(compilation, path)).getAsJsonObject();
  }

  private static List<String> keys(JsonObject object) {
    return new ArrayList<>(object.keySet());
  }

  private static List<String> strings(JsonElement array) {
    List<String> strings = new ArrayList<>();
    for (JsonElement element : array.getAsJsonArray()) {
      strings.add(element.getAsString());
    }
    return strings;
  }
}
