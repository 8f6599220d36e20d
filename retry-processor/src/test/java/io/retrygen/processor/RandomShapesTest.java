package io.retrygen.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.retrygen.processor.RandomShapes.AsyncPlan;
import io.retrygen.processor.RandomShapes.Expectation;
import io.retrygen.processor.RandomShapes.Input;
import io.retrygen.runtime.RetryOptions;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Compiles a few hundred randomly shaped interfaces and classes ({@link RandomShapes}) through
 * the processor and checks that every one compiles without warnings under {@code -Xlint:all},
 * that each {@code @SuppressWarnings} the processor adds to a member is needed, and that the
 * generated wrappers call through: same method, same arguments, the result passed back unchanged.
 * Asynchronous methods (SPEC §7) complete with the delegate's value; those whose own annotations
 * guard them are also made to fail and to have their results rejected, on an instance whose
 * scheduler runs each retry at once, and must retry, recover and complete as their annotations say.
 *
 * <p>The seeds are fixed, so a failure reproduces: the message names the seed of each input
 * involved, and {@code -Drandomshapes.seed=<seed>} compiles that input alone. {@code
 * -Drandomshapes.base=<seed>} and {@code -Drandomshapes.batches=<n>} explore other inputs.
 */
class RandomShapesTest {
  private static final long BASE_SEED = Long.getLong("randomshapes.base", 20_240_000L);
  private static final int BATCHES = Integer.getInteger("randomshapes.batches", 10);
  /** About 45 files per compilation: an input is one or two files. */
  private static final int INPUTS_PER_BATCH = 32;
  private static final Long SINGLE_SEED = Long.getLong("randomshapes.seed");
  private static final Pattern INPUT_INDEX = Pattern.compile("/[HS](\\d+)[_A-Za-z.]");
  private static final String RETRIER = "io.retrygen.runtime.internal.Retrier";
  private static final String BREAKER_GATE = "io.retrygen.runtime.internal.CircuitBreakerGate";

  /**
   * Up to two threads: the compilations are independent, and two cores halve the time. Each batch
   * has its own class loader, so its own {@code test.Support.answers}.
   */
  private static ExecutorService pool;
  private static final List<Future<?>> batches = new ArrayList<>();
  private static Future<List<Map<String, String>>> twice;

  private static final AtomicInteger inputs = new AtomicInteger();
  private static final AtomicInteger wrappers = new AtomicInteger();
  private static final AtomicInteger methodsCalled = new AtomicInteger();
  private static final AtomicInteger compilations = new AtomicInteger();
  private static final AtomicInteger breakerGates = new AtomicInteger();
  private static final AtomicInteger asyncDrawn = new AtomicInteger();
  private static final AtomicInteger asyncCalled = new AtomicInteger();
  private static final AtomicInteger asyncFailed = new AtomicInteger();
  private static final AtomicInteger asyncRejected = new AtomicInteger();
  private static final AtomicInteger asyncRecovered = new AtomicInteger();
  /**
   * What the generated instances that run the failing scenarios retry with: a scheduler that runs
   * each later attempt at once, on the caller's thread, so that no backoff is waited for and every
   * returned future is complete when the method returns.
   */
  private static final RetryOptions INLINE =
      RetryOptions.builder().scheduler(new InlineScheduler()).build();

  /** Starts every compilation at once; each test waits for its own. */
  @BeforeAll
  static void startCompiling() {
    batches.clear();
    pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())),
            runnable -> {
              Thread thread = new Thread(runnable, "random-shapes");
              thread.setDaemon(true);
              return thread;
            });
    if (SINGLE_SEED != null) {
      Input input = RandomShapes.generate(SINGLE_SEED, 0);
      System.out.println(input.describe());
      batches.add(pool.submit(() -> checkBatch(Collections.singletonList(input))));
    } else {
      for (int batch = 0; batch < BATCHES; batch++) {
        List<Input> inputs = generateBatch(BASE_SEED + batch * 1000L);
        batches.add(pool.submit(() -> checkBatch(inputs)));
      }
    }
    List<Input> batch = generateBatch(BASE_SEED + 500_000L).subList(0, 16);
    twice =
        pool.submit(
            () ->
                Arrays.asList(
                    generatedSources(compile(batch)), generatedSources(compile(batch))));
  }

  @AfterAll
  static void summary() {
    pool.shutdownNow();
    System.out.printf(
        Locale.ROOT,
        "RandomShapesTest: %d inputs, %d generated classes, %d generated methods called,"
            + " %d compilations, %d circuit breaker fields; %d asynchronous methods drawn,"
            + " %d called (%d made to fail, %d with results rejected, %d recovered)%n",
        inputs.get(), wrappers.get(), methodsCalled.get(), compilations.get(),
        breakerGates.get(), asyncDrawn.get(), asyncCalled.get(), asyncFailed.get(),
        asyncRejected.get(), asyncRecovered.get());
  }

  @TestFactory
  Stream<DynamicTest> randomShapesCompileCleanlyAndCallThrough() {
    List<DynamicTest> tests = new ArrayList<>();
    for (int i = 0; i < batches.size(); i++) {
      long first = SINGLE_SEED != null ? SINGLE_SEED : BASE_SEED + i * 1000L;
      Future<?> batch = batches.get(i);
      tests.add(
          DynamicTest.dynamicTest(
              SINGLE_SEED != null
                  ? "seed " + first
                  : "batch " + i + ", seeds " + first + ".." + (first + INPUTS_PER_BATCH - 1),
              () -> await(batch)));
    }
    return tests.stream();
  }

  @Test
  void inputsAlsoCarryCircuitBreakersOnTypesAndMethods() {
    int onTypes = 0;
    int onMethods = 0;
    for (int i = 0; i < BATCHES; i++) {
      for (Input input : generateBatch(BASE_SEED + i * 1000L)) {
        for (String file : input.files.values()) {
          String[] lines = file.split("\n");
          for (int line = 0; line < lines.length; line++) {
            if (!lines[line].trim().startsWith("@CircuitBreaker")) {
              continue;
            }
            String next = line + 1 < lines.length ? lines[line + 1] : "";
            if (next.contains("interface ") || next.contains("class ")) {
              onTypes++;
            } else {
              onMethods++;
            }
          }
        }
      }
    }
    assertWithMessage("type-level @CircuitBreakers drawn").that(onTypes).isGreaterThan(0);
    assertWithMessage("method-level @CircuitBreakers drawn").that(onMethods).isGreaterThan(0);
  }

  @Test
  void inputsAlsoCarryBudgetsAndDelayForOnTypesAndMethods() {
    Map<String, Integer> drawn = new TreeMap<>();
    for (int i = 0; i < BATCHES; i++) {
      for (Input input : generateBatch(BASE_SEED + i * 1000L)) {
        input.features.forEach((feature, count) -> drawn.merge(feature, count, Integer::sum));
      }
    }
    assertWithMessage("budgets and delayFor drawn")
        .that(drawn.keySet())
        .containsAtLeast(
            "@RetryBudget on a type",
            "@RetryBudget on a method",
            "@Backoff(delayFor) on a type",
            "@Backoff(delayFor) on a method");
  }

  @Test
  void inputsAlsoCarryAsynchronousMethodsOfEveryShape() {
    Map<String, Integer> drawn = new TreeMap<>();
    for (int i = 0; i < BATCHES; i++) {
      for (Input input : generateBatch(BASE_SEED + i * 1000L)) {
        input.features.forEach((feature, count) -> drawn.merge(feature, count, Integer::sum));
      }
    }
    assertWithMessage("asynchronous shapes drawn")
        .that(drawn.keySet())
        .containsAtLeast(
            "CompletionStage",
            "CompletableFuture",
            "value of a plain type",
            "value of a user type",
            "value of a type variable",
            "value with nested type arguments",
            "wildcard ?",
            "wildcard ? extends",
            "wildcard ? super",
            "generic methods",
            "varargs",
            "throws clauses",
            "in interfaces",
            "in classes",
            "inherited",
            "re-declared",
            "@Retryable",
            "@CircuitBreaker",
            "retryOnResult",
            "retryIf",
            "recover returns the value",
            "recover returns the future");
  }

  @Test
  void sameInputGivesIdenticalGeneratedFiles() throws Throwable {
    List<Map<String, String>> compiled = await(twice);
    Map<String, String> first = compiled.get(0);
    Map<String, String> second = compiled.get(1);
    assertWithMessage("generated files").that(first).isNotEmpty();
    assertWithMessage("names of the generated files")
        .that(second.keySet())
        .containsExactlyElementsIn(first.keySet())
        .inOrder();
    for (Map.Entry<String, String> file : first.entrySet()) {
      assertWithMessage("%s, compiled twice from the same input", file.getKey())
          .that(second.get(file.getKey()))
          .isEqualTo(file.getValue());
    }
  }

  private static <T> T await(Future<T> future) throws Throwable {
    try {
      return future.get();
    } catch (ExecutionException e) {
      throw e.getCause();
    }
  }

  private static List<Input> generateBatch(long firstSeed) {
    List<Input> batch = new ArrayList<>();
    for (int i = 0; i < INPUTS_PER_BATCH; i++) {
      batch.add(RandomShapes.generate(firstSeed + i, i));
    }
    return batch;
  }

  private static Void checkBatch(List<Input> batch) throws Exception {
    Compilation compilation = compile(batch);
    assertCompiledCleanly(batch, compilation);
    assertEachSuppressionIsNeeded(batch, compilation);
    assertWrappersCallThrough(batch, compilation);
    inputs.addAndGet(batch.size());
    for (Input input : batch) {
      asyncDrawn.addAndGet(input.features.getOrDefault("async methods", 0));
    }
    return null;
  }

  // ---------------------------------------------------------------------------------------------
  // Compiling.

  private static Compilation compile(List<Input> batch) {
    compilations.incrementAndGet();
    return Compiler.javac()
        .withProcessors(new RetryProcessor())
        .withOptions("-Xlint:all,-processing")
        .compile(sources(batch));
  }

  private static List<JavaFileObject> sources(List<Input> batch) {
    List<JavaFileObject> sources = new ArrayList<>();
    sources.add(JavaFileObjects.forSourceString("test.Support", RandomShapes.supportSource()));
    for (Input input : batch) {
      for (Map.Entry<String, String> file : input.files.entrySet()) {
        sources.add(JavaFileObjects.forSourceString(file.getKey(), file.getValue()));
      }
    }
    return sources;
  }

  /** Generated sources by qualified name, in the order the processor wrote them. */
  private static Map<String, String> generatedSources(Compilation compilation) throws IOException {
    Map<String, String> sources = new LinkedHashMap<>();
    for (JavaFileObject file : compilation.generatedSourceFiles()) {
      sources.put(qualifiedName(file), file.getCharContent(false).toString());
    }
    return sources;
  }

  /** {@code /SOURCE_OUTPUT/test/H1_ClientRetrying.java} -> {@code test.H1_ClientRetrying}. */
  private static String qualifiedName(JavaFileObject file) {
    String path = file.toUri().getPath();
    String kind = file.getKind().extension;
    for (String root : new String[] {"/SOURCE_OUTPUT/", "/CLASS_OUTPUT/"}) {
      int start = path.indexOf(root);
      if (start >= 0) {
        path = path.substring(start + root.length());
        break;
      }
    }
    if (path.startsWith("/")) {
      path = path.substring(1);
    }
    return path.substring(0, path.length() - kind.length()).replace('/', '.');
  }

  private static void assertCompiledCleanly(List<Input> batch, Compilation compilation)
      throws IOException {
    List<Diagnostic<? extends JavaFileObject>> problems = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> diagnostic : compilation.diagnostics()) {
      if (diagnostic.getKind() != Diagnostic.Kind.NOTE
          && diagnostic.getKind() != Diagnostic.Kind.OTHER
          && !isExpectedGuardsNothing(batch, diagnostic)) {
        problems.add(diagnostic);
      }
    }
    if (compilation.status() == Compilation.Status.SUCCESS && problems.isEmpty()) {
      return;
    }
    StringBuilder message = new StringBuilder();
    message.append("The batch did not compile without warnings under -Xlint:all (")
        .append(problems.size()).append(" errors and warnings):\n");
    Set<Integer> involved = new TreeSet<>();
    for (Diagnostic<? extends JavaFileObject> diagnostic : problems) {
      message.append(format(diagnostic)).append('\n');
      Integer index = inputIndex(diagnostic.getSource());
      if (index != null) {
        involved.add(index);
      }
    }
    Map<String, String> generated = new TreeMap<>();
    for (Diagnostic<? extends JavaFileObject> diagnostic : problems) {
      JavaFileObject file = diagnostic.getSource();
      if (file != null && file.toUri().getPath().contains("SOURCE_OUTPUT")) {
        generated.put(qualifiedName(file), file.getCharContent(true).toString());
      }
    }
    int shown = 0;
    for (int index : involved) {
      if (shown++ == 3) {
        message.append("\n(").append(involved.size() - 3).append(" more inputs involved)\n");
        break;
      }
      message.append('\n').append(batch.get(index).describe());
      for (Map.Entry<String, String> file : generated.entrySet()) {
        if (belongsTo(file.getKey(), index)) {
          message.append("---- generated ").append(file.getKey()).append(".java\n")
              .append(RandomShapes.numbered(file.getValue()));
        }
      }
    }
    fail(message.toString());
  }

  private static String format(Diagnostic<? extends JavaFileObject> diagnostic) {
    String where =
        diagnostic.getSource() == null
            ? "(no file)"
            : qualifiedName(diagnostic.getSource()) + ":" + diagnostic.getLineNumber();
    return diagnostic.getKind() + " " + where + ": " + diagnostic.getMessage(Locale.ROOT);
  }

  private static final Pattern GUARDS_NOTHING =
      Pattern.compile("^@(Retryable|CircuitBreaker) on (\\w+) guards no method, so it has no effect");

  /**
   * SPEC §9's warning about a type-level annotation that guards nothing is right, and expected,
   * for a drawn type whose methods are all final: when the generator, on its own, expects that
   * type to guard no method.
   */
  private static boolean isExpectedGuardsNothing(
      List<Input> batch, Diagnostic<? extends JavaFileObject> diagnostic) {
    Matcher matcher = GUARDS_NOTHING.matcher(diagnostic.getMessage(Locale.ROOT));
    Integer index = inputIndex(diagnostic.getSource());
    if (diagnostic.getKind() != Diagnostic.Kind.WARNING || !matcher.find() || index == null) {
      return false;
    }
    for (Input input : batch) {
      if (input.index == index) {
        for (Expectation expectation : input.expectations.values()) {
          String name = expectation.inputBinaryName;
          // test.S14, or test.H3$Client
          if (name.equals(RandomShapes.PACKAGE + "." + matcher.group(2))
              || name.endsWith("$" + matcher.group(2))) {
            return expectation.guarded == 0;
          }
        }
      }
    }
    return false;
  }

  private static Integer inputIndex(JavaFileObject file) {
    if (file == null) {
      return null;
    }
    Matcher matcher = INPUT_INDEX.matcher(file.toUri().getPath().replace("SOURCE_OUTPUT/", ""));
    return matcher.find() ? Integer.valueOf(matcher.group(1)) : null;
  }

  private static boolean belongsTo(String qualifiedName, int index) {
    String simple = qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
    return simple.startsWith("S" + index + "Retrying") || simple.startsWith("H" + index + "_");
  }

  // ---------------------------------------------------------------------------------------------
  // Each @SuppressWarnings on a generated member must be needed.

  private static final Pattern MEMBER_SUPPRESSION =
      Pattern.compile("^( +)@SuppressWarnings\\((.*)\\)$");

  /**
   * Takes out the warnings each member-level {@code @SuppressWarnings} of the generated classes
   * suppresses, compiles again without the processor, and expects a warning of that kind in the
   * declaration of each such member, and none anywhere else.
   */
  private static void assertEachSuppressionIsNeeded(List<Input> batch, Compilation compilation)
      throws IOException {
    Map<String, String> generated = generatedSources(compilation);
    List<JavaFileObject> sources = new ArrayList<>();
    // file -> member line ranges [line of the annotation, of the closing brace] -> warnings taken
    Map<String, Map<int[], List<String>>> expected = new LinkedHashMap<>();
    for (Map.Entry<String, String> file : generated.entrySet()) {
      String[] lines = file.getValue().split("\n", -1);
      joinMultilineSuppressions(lines);
      Map<int[], List<String>> ranges = new LinkedHashMap<>();
      for (int i = 0; i < lines.length; i++) {
        Matcher matcher = MEMBER_SUPPRESSION.matcher(lines[i]);
        if (!matcher.matches()) {
          continue;
        }
        List<String> taken = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (String warning : matcher.group(2).replaceAll("[{}\" ]", "").split(",")) {
          (warning.equals("unchecked") || warning.equals("rawtypes") ? taken : kept).add(warning);
        }
        if (taken.isEmpty()) {
          continue;
        }
        lines[i] =
            kept.isEmpty()
                ? matcher.group(1) + "// suppression taken out by RandomShapesTest"
                : matcher.group(1) + "@SuppressWarnings({\"" + String.join("\", \"", kept) + "\"})";
        // The member's declaration and body: a raw type warns in a local of the body too.
        int end = i;
        while (!lines[end].endsWith("{")) {
          end++;
        }
        for (int depth = 0; ; end++) {
          depth += count(lines[end], '{') - count(lines[end], '}');
          if (depth == 0) {
            break;
          }
        }
        ranges.put(new int[] {i + 1, end + 1}, taken);
      }
      if (!ranges.isEmpty()) {
        expected.put(file.getKey(), ranges);
        sources.add(JavaFileObjects.forSourceString(file.getKey(), String.join("\n", lines)));
      }
    }
    if (expected.isEmpty()) {
      return;
    }
    // Only the changed files, against the classes of the first compilation: about half the time.
    Path classes = Files.createTempDirectory("random-shapes");
    Compilation again;
    try {
      for (Map.Entry<String, byte[]> file : classFiles(compilation).entrySet()) {
        Path path = classes.resolve(file.getKey().replace('.', '/') + ".class");
        Files.createDirectories(path.getParent());
        Files.write(path, file.getValue());
      }
      compilations.incrementAndGet();
      again =
          Compiler.javac()
              .withOptions(
                  "-Xlint:all,-processing",
                  "-proc:none",
                  "-classpath",
                  classes + File.pathSeparator + System.getProperty("java.class.path"))
              .compile(sources);
    } finally {
      try (Stream<Path> files = Files.walk(classes)) {
        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    }
    List<String> problems = new ArrayList<>();
    Map<String, Map<int[], Set<String>>> seen = new HashMap<>();
    for (Diagnostic<? extends JavaFileObject> diagnostic : again.diagnostics()) {
      if (diagnostic.getKind() == Diagnostic.Kind.NOTE) {
        continue;
      }
      String file = diagnostic.getSource() == null ? null : qualifiedName(diagnostic.getSource());
      int[] range = null;
      if (diagnostic.getKind() != Diagnostic.Kind.ERROR && expected.containsKey(file)) {
        for (int[] each : expected.get(file).keySet()) {
          if (diagnostic.getLineNumber() >= each[0] && diagnostic.getLineNumber() <= each[1]) {
            range = each;
          }
        }
      }
      if (range == null) {
        problems.add("unexpected: " + format(diagnostic));
        continue;
      }
      String message = diagnostic.getMessage(Locale.ROOT);
      String kind =
          message.contains("heap pollution") || message.contains("unchecked")
              ? "unchecked"
              : message.contains("raw type") ? "rawtypes" : message;
      if (!expected.get(file).get(range).contains(kind)) {
        problems.add("unexpected, in a member that had a suppression: " + format(diagnostic));
        continue;
      }
      seen.computeIfAbsent(file, f -> new HashMap<>())
          .computeIfAbsent(range, r -> new LinkedHashSet<>())
          .add(kind);
    }
    for (Map.Entry<String, Map<int[], List<String>>> file : expected.entrySet()) {
      for (Map.Entry<int[], List<String>> range : file.getValue().entrySet()) {
        Set<String> warned =
            seen.getOrDefault(file.getKey(), Collections.<int[], Set<String>>emptyMap())
                .getOrDefault(range.getKey(), Collections.<String>emptySet());
        for (String warning : range.getValue()) {
          if (!warned.contains(warning)) {
            problems.add(
                String.format(
                    "%s:%d: @SuppressWarnings(\"%s\") is not needed: javac gives no such warning"
                        + " without it (it gave %s)",
                    file.getKey(), range.getKey()[0], warning, warned));
          }
        }
      }
    }
    if (!problems.isEmpty()) {
      StringBuilder message =
          new StringBuilder("The processor's @SuppressWarnings do not match javac's warnings:\n");
      Set<Integer> involved = new TreeSet<>();
      for (String problem : problems) {
        message.append(problem).append('\n');
        Matcher matcher = Pattern.compile("test\\.[HS](\\d+)").matcher(problem);
        if (matcher.find()) {
          involved.add(Integer.valueOf(matcher.group(1)));
        }
      }
      for (int index : involved) {
        message.append('\n').append(batch.get(index).describe());
        for (Map.Entry<String, String> file : generated.entrySet()) {
          if (belongsTo(file.getKey(), index)) {
            message.append("---- generated ").append(file.getKey()).append(".java\n")
                .append(RandomShapes.numbered(file.getValue()));
          }
        }
      }
      fail(message.toString());
    }
  }

  /**
   * JavaPoet writes a {@code @SuppressWarnings} of several values on several lines: puts each on
   * its first line, and leaves the others empty, so that the line numbers stay.
   */
  private static void joinMultilineSuppressions(String[] lines) {
    for (int i = 0; i < lines.length; i++) {
      if (!lines[i].matches(" +@SuppressWarnings\\(\\{$")) {
        continue;
      }
      StringBuilder values = new StringBuilder();
      int j = i + 1;
      for (; !lines[j].trim().equals("})"); j++) {
        values.append(values.length() == 0 ? "" : " ").append(lines[j].trim());
        lines[j] = "";
      }
      lines[j] = "";
      lines[i] = lines[i] + values + "})";
    }
  }

  private static int count(String line, char c) {
    int count = 0;
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == c) {
        count++;
      }
    }
    return count;
  }

  // ---------------------------------------------------------------------------------------------
  // Calling through the generated classes.

  private static void assertWrappersCallThrough(List<Input> batch, Compilation compilation)
      throws Exception {
    InMemoryClassLoader loader =
        new InMemoryClassLoader(compilation, RandomShapesTest.class.getClassLoader());
    Recorder recorder = new Recorder();
    Field answers = loader.loadClass("test.Support").getField("answers");
    answers.set(null, recorder);

    Map<String, Input> inputOf = new HashMap<>();
    Map<String, Expectation> expectations = new TreeMap<>();
    for (Input input : batch) {
      for (Expectation expectation : input.expectations.values()) {
        inputOf.put(expectation.inputBinaryName, input);
        expectations.put(expectation.inputBinaryName, expectation);
      }
    }
    Map<String, String> generated = generatedSources(compilation);
    Set<String> wrapped = new TreeSet<>();
    List<String> failures = new ArrayList<>();
    for (Map.Entry<String, String> file : generated.entrySet()) {
      Class<?> wrapper = loader.loadClass(file.getKey());
      Class<?> input =
          wrapper.getInterfaces().length == 1 && wrapper.getSuperclass() == Object.class
              ? wrapper.getInterfaces()[0]
              : wrapper.getSuperclass();
      wrapped.add(input.getName());
      Expectation expectation = expectations.get(input.getName());
      Input source = inputOf.get(input.getName());
      try {
        if (expectation == null) {
          throw new AssertionError("generated for a type that should get no class: " + input);
        }
        checkShape(wrapper, expectation);
        methodsCalled.addAndGet(
            expectation.isInterface
                ? callThroughDelegate(wrapper, input, recorder, expectation)
                : callThroughSubclass(wrapper, input, recorder, expectation));
        wrappers.incrementAndGet();
      } catch (Throwable e) {
        failures.add(
            file.getKey() + ": " + stackTrace(e)
                + (source == null ? "" : "\n" + source.describe())
                + "---- generated " + file.getKey() + ".java\n"
                + RandomShapes.numbered(file.getValue()));
      }
    }
    for (String expected : expectations.keySet()) {
      if (!wrapped.contains(expected)) {
        failures.add(
            "no class was generated for " + expected + "\n" + inputOf.get(expected).describe());
      }
    }
    if (!failures.isEmpty()) {
      fail(
          failures.size() + " generated classes do not call through correctly; the first ones:\n\n"
              + String.join("\n\n", failures.subList(0, Math.min(3, failures.size()))));
    }
  }

  /**
   * The generated class declares the expected methods, and each guarded method its guards: a
   * {@code xRetrier}, a {@code xBreaker} or both, counted by the method's base name {@code x}.
   */
  private static void checkShape(Class<?> wrapper, Expectation expectation) {
    assertWithMessage("%s is final", wrapper.getName())
        .that(Modifier.isFinal(wrapper.getModifiers()))
        .isTrue();
    Set<String> guarded = new HashSet<>();
    for (Field field : wrapper.getDeclaredFields()) {
      String type = field.getType().getName();
      if (type.equals(RETRIER)) {
        guarded.add(field.getName().substring(0, field.getName().length() - "Retrier".length()));
      } else if (type.equals(BREAKER_GATE)) {
        breakerGates.incrementAndGet();
        guarded.add(field.getName().substring(0, field.getName().length() - "Breaker".length()));
      }
    }
    assertWithMessage("guarded methods of %s (their Retrier and breaker fields)", wrapper.getName())
        .that(guarded.size())
        .isEqualTo(expectation.guarded);
    assertWithMessage("methods declared by %s", wrapper.getName())
        .that(declaredMethods(wrapper).size())
        .isEqualTo(expectation.methods);
  }

  /** Methods in a fixed order: reflection's order is unspecified. */
  private static List<Method> declaredMethods(Class<?> type) {
    List<Method> methods = new ArrayList<>();
    for (Method method : type.getDeclaredMethods()) {
      if (!method.isSynthetic() && !method.isBridge()) {
        methods.add(method);
      }
    }
    methods.sort(Comparator.comparing(Method::toGenericString));
    return methods;
  }

  private static int callThroughDelegate(
      Class<?> wrapper, Class<?> input, Recorder recorder, Expectation expectation)
      throws Exception {
    Object delegate =
        Proxy.newProxyInstance(input.getClassLoader(), new Class<?>[] {input}, recorder);
    Object instance;
    if (wrapper.getName().hashCode() % 2 == 0) {
      Constructor<?> constructor = wrapper.getDeclaredConstructor(input);
      constructor.setAccessible(true);
      instance = constructor.newInstance(delegate);
    } else {
      Constructor<?> constructor = wrapper.getDeclaredConstructor(input, RetryOptions.class);
      constructor.setAccessible(true);
      instance = constructor.newInstance(delegate, RetryOptions.defaults());
    }
    Constructor<?> withOptions = wrapper.getDeclaredConstructor(input, RetryOptions.class);
    withOptions.setAccessible(true);
    Object inline = withOptions.newInstance(delegate, INLINE);
    int called = 0;
    for (Method method : declaredMethods(wrapper)) {
      method.setAccessible(true);
      AsyncPlan plan = asyncPlan(expectation, method);
      if (plan != null) {
        callAsync(method, instance, inline, delegate, recorder, plan);
        called++;
        continue;
      }
      Object[] arguments = arguments(method.getName(), method.getParameterTypes());
      recorder.begin(method.getReturnType());
      Object returned = invoke(method, instance, arguments);
      Call call = recorder.single(method);
      assertWithMessage("%s called the delegate", method)
          .that(call.self)
          .isSameInstanceAs(delegate);
      assertWithMessage("%s called the delegate's method", method)
          .that(call.method.getName())
          .isEqualTo(method.getName());
      Class<?>[] declared = call.method.getParameterTypes();
      assertWithMessage("%s called the delegate's %s", method, call.method)
          .that(declared.length)
          .isEqualTo(method.getParameterCount());
      for (int i = 0; i < declared.length; i++) {
        assertWithMessage("%s called the delegate's %s: parameter %s", method, call.method, i)
            .that(declared[i].isAssignableFrom(method.getParameterTypes()[i]))
            .isTrue();
      }
      assertSameArguments(method, arguments, call.arguments);
      assertReturned(method, call.value, returned);
      called++;
    }
    return called;
  }

  private static int callThroughSubclass(
      Class<?> wrapper, Class<?> input, Recorder recorder, Expectation expectation)
      throws Exception {
    Object plain = null;
    Object instance = null;
    Object inline = null;
    List<Constructor<?>> constructors = new ArrayList<>();
    for (Constructor<?> constructor : wrapper.getDeclaredConstructors()) {
      if (!constructor.isSynthetic()) {
        constructors.add(constructor);
      }
    }
    constructors.sort(Comparator.comparing(Constructor::toGenericString));
    for (Constructor<?> constructor : constructors) {
      Class<?>[] types = constructor.getParameterTypes();
      if (types.length > 0 && types[0] == RetryOptions.class) {
        continue;
      }
      Object[] arguments = arguments("<init>", types);
      Constructor<?> original = input.getDeclaredConstructor(types);
      original.setAccessible(true);
      plain = original.newInstance(arguments);
      constructor.setAccessible(true);
      instance = constructor.newInstance(arguments);
      assertConstructedWith(input, constructor, instance, plain, arguments);
      Class<?>[] withOptions = new Class<?>[types.length + 1];
      withOptions[0] = RetryOptions.class;
      System.arraycopy(types, 0, withOptions, 1, types.length);
      Constructor<?> optionsConstructor = wrapper.getDeclaredConstructor(withOptions);
      optionsConstructor.setAccessible(true);
      Object[] optionsArguments = new Object[arguments.length + 1];
      optionsArguments[0] = INLINE;
      System.arraycopy(arguments, 0, optionsArguments, 1, arguments.length);
      Object withOptionsInstance = optionsConstructor.newInstance(optionsArguments);
      assertConstructedWith(input, optionsConstructor, withOptionsInstance, plain, arguments);
      inline = withOptionsInstance;
      if (constructor.hashCode() % 2 == 0) {
        instance = withOptionsInstance;
      }
    }
    assertWithMessage("%s has a constructor", wrapper).that(instance).isNotNull();
    int called = 0;
    for (Method method : declaredMethods(wrapper)) {
      method.setAccessible(true);
      AsyncPlan plan = asyncPlan(expectation, method);
      if (plan != null) {
        callAsync(method, instance, inline, null, recorder, plan);
        called++;
        continue;
      }
      Method original = overridden(input, method);
      original.setAccessible(true);
      Object[] arguments = arguments(method.getName(), method.getParameterTypes());
      recorder.begin(method.getReturnType());
      Object expected = invoke(original, plain, arguments);
      Call direct = recorder.single(original);
      recorder.begin(method.getReturnType());
      Object returned = invoke(method, instance, arguments);
      Call call = recorder.single(method);
      assertWithMessage("%s ran the method body on the instance", method)
          .that(call.self)
          .isSameInstanceAs(instance);
      assertWithMessage("%s ran the body of", method).that(call.name).isEqualTo(direct.name);
      assertSameArguments(method, arguments, call.arguments);
      assertReturned(method, call.value, returned);
      assertWithMessage("%s returned what a direct call on %s returns", method, input)
          .that(Objects.deepEquals(expected, returned))
          .isTrue();
      called++;
    }
    return called;
  }

  // ---------------------------------------------------------------------------------------------
  // Calling asynchronous methods (SPEC §7).

  /** The plan of {@code method} if it returns a future of an asynchronous member of the input. */
  private static AsyncPlan asyncPlan(Expectation expectation, Method method) {
    return expectation.async.get(
        Expectation.key(method.getName(), method.getParameterCount(), method.isVarArgs()));
  }

  /**
   * Calls an asynchronous method of a generated class: first with a delegate (or body) that
   * succeeds at once, on {@code instance}; then, when its own annotations alone guard it, with
   * one that fails and one whose results {@code retryOnResult} rejects, on {@code inline}. Checks
   * the attempts, their arguments, the predicates and recover methods called, and the outcome of
   * the returned future, which is complete when the method returns: the first attempt runs on the
   * caller's thread and the later ones on {@link #INLINE}'s scheduler.
   *
   * @param delegate the delegate of an interface's generated class; null for a class, whose
   *     method bodies run on the generated instance itself
   */
  private static void callAsync(
      Method method,
      Object instance,
      Object inline,
      Object delegate,
      Recorder recorder,
      AsyncPlan plan)
      throws Exception {
    asyncCalled.incrementAndGet();
    String name = method.getName();
    Class<?> valueType = futureValue(method.getGenericReturnType());
    Object[] arguments = arguments(name, method.getParameterTypes());
    Object value = sample(valueType, "value of " + name);
    CompletableFuture<Object> stage = CompletableFuture.completedFuture(value);
    recorder.begin(
        (self, called, calledMethod, calledArguments) -> {
          if (isAttempt(method, called, calledArguments)) {
            return stage;
          }
          if (called.equals(plan.retryOnResult)) {
            return false;
          }
          throw new AssertionError("unexpected call of " + called);
        });
    Object returned = invoke(method, instance, arguments);
    List<Call> calls = recorder.calls();
    assertWithMessage("%s: calls that reached the delegate or body", method)
        .that(names(calls))
        .isEqualTo(
            plan.guarded && plan.retryOnResult != null
                ? Arrays.asList(name, plan.retryOnResult)
                : Collections.singletonList(name));
    assertAttempt(method, calls.get(0), delegate == null ? instance : delegate, arguments);
    if (!plan.guarded) {
      assertWithMessage("%s returned the delegate's future", method)
          .that(returned)
          .isSameInstanceAs(stage);
      return;
    }
    if (plan.retryOnResult != null) {
      assertPassed(method, plan.retryOnResult, calls.get(1).arguments[0], value);
    }
    assertWithMessage("%s returned a new future", method).that(returned).isNotSameInstanceAs(stage);
    assertWithMessage("%s completed with", method)
        .that(outcome(method, returned))
        .isSameInstanceAs(value);
    if (!plan.known) {
      return;
    }
    Object self = delegate == null ? inline : delegate;
    failEveryAttempt(method, inline, self, arguments, recorder, plan);
    if (plan.retryOnResult != null) {
      rejectEveryResult(method, inline, self, arguments, recorder, plan, valueType);
    }
  }

  /**
   * Whether a call is an attempt of {@code method}: a predicate or recover method may have its
   * name, with another arity.
   */
  private static boolean isAttempt(Method method, String called, Object[] arguments) {
    return called.equals(method.getName()) && arguments.length == method.getParameterCount();
  }

  /** Failures the delegate fails with, one chosen per method. */
  private static Throwable failureFor(String key, ClassLoader loader) throws Exception {
    switch (Math.floorMod(key.hashCode(), 8)) {
      case 0:
        return new IOException(key);
      case 1:
        return new IllegalStateException(key);
      case 2:
        return new TimeoutException(key);
      case 3:
        return (Throwable) sample(loader.loadClass("test.Support$CheckedOne"), key);
      case 4:
        return (Throwable) sample(loader.loadClass("test.Support$Unchecked"), key);
      case 5:
        return new UncheckedIOException(new IOException(key));
      case 6:
        return new RuntimeException(key);
      default:
        return new CloneNotSupportedException(key);
    }
  }

  /**
   * Every attempt fails with the same failure, from a failed future or, for an unchecked one, now
   * and then thrown at once: the method retries as its {@code retryFor}, {@code noRetryFor}, {@code
   * maxAttempts} and {@code retryIf} say, then completes with the recover method that SPEC §5
   * chooses, or with the failure itself.
   */
  private static void failEveryAttempt(
      Method method,
      Object instance,
      Object self,
      Object[] arguments,
      Recorder recorder,
      AsyncPlan plan)
      throws Exception {
    asyncFailed.incrementAndGet();
    ClassLoader loader = method.getDeclaringClass().getClassLoader();
    String key = method.getDeclaringClass().getName() + "." + method.toGenericString();
    Throwable failure = failureFor(key, loader);
    boolean thrown = failure instanceof RuntimeException && key.length() % 2 == 0;
    List<Method> recoverMethods = new ArrayList<>();
    recorder.begin(
        (callSelf, called, calledMethod, calledArguments) -> {
          if (isAttempt(method, called, calledArguments)) {
            if (thrown) {
              throw (RuntimeException) failure;
            }
            CompletableFuture<Object> failed = new CompletableFuture<>();
            failed.completeExceptionally(failure);
            return failed;
          }
          if (called.equals(plan.retryIf)) {
            return true;
          }
          // Any other call is one of a recover method.
          Method recover =
              calledMethod != null
                  ? calledMethod
                  : declared(callSelf.getClass(), called, calledArguments);
          // Its return type as a member of the generated class: a supertype's type variable
          // stands for the type argument the input gives it.
          Map<TypeVariable<?>, Type> typeArguments = typeArguments(method.getDeclaringClass());
          Class<?> returns = recover.getReturnType();
          Object result =
              returns == CompletionStage.class || returns == CompletableFuture.class
                  ? CompletableFuture.completedFuture(
                      sample(
                          futureValue(recover.getGenericReturnType(), typeArguments),
                          "recovered " + called))
                  : sample(
                      erasure(recover.getGenericReturnType(), typeArguments),
                      "recovered " + called);
          recoverMethods.add(recover);
          return result;
        });
    Object returned = invoke(method, instance, arguments);
    List<Call> calls = recorder.calls();
    int expectedAttempts =
        plan.retries && retryable(plan, failure, loader) ? plan.maxAttempts : 1;
    List<Call> attempts = new ArrayList<>();
    List<Call> recovers = new ArrayList<>();
    for (Call call : calls) {
      if (isAttempt(method, call.name, call.arguments)) {
        attempts.add(call);
      } else if (!call.name.equals(plan.retryIf)) {
        recovers.add(call);
      }
    }
    assertWithMessage(
            "%s: attempts when every attempt fails with %s (calls: %s)",
            method, failure, names(calls))
        .that(attempts.size())
        .isEqualTo(expectedAttempts);
    for (Call attempt : attempts) {
      assertAttempt(method, attempt, self, arguments);
    }
    boolean recoverable = true;
    for (String type : plan.notRecoverable) {
      recoverable &= !failureClass(type, loader).isInstance(failure);
    }
    String expectedRecover =
        plan.recoversKnown && recoverable ? chosenRecover(plan, failure, loader) : null;
    if (plan.recoversKnown || !recoverable) {
      assertWithMessage("%s: recover methods called after %s", method, failure)
          .that(names(recovers))
          .isEqualTo(
              expectedRecover == null
                  ? Collections.emptyList()
                  : Collections.singletonList(expectedRecover));
    } else {
      assertWithMessage("%s: recover methods called after %s", method, failure)
          .that(recovers.size())
          .isAtMost(1);
    }
    Object outcome = outcome(method, returned);
    if (recovers.isEmpty()) {
      assertWithMessage("%s completed exceptionally with", method)
          .that(outcome)
          .isSameInstanceAs(failure);
      return;
    }
    asyncRecovered.incrementAndGet();
    Call recover = recovers.get(0);
    Type[] parameters = recoverMethods.get(0).getGenericParameterTypes();
    if (parameters.length > 0
        && parameters[0] instanceof Class
        && Throwable.class.isAssignableFrom((Class<?>) parameters[0])) {
      assertWithMessage("%s passed the failure to %s", method, recover.name)
          .that(recover.arguments[0])
          .isSameInstanceAs(failure);
    }
    Object result = recover.value;
    if (!plan.recoversKnown && outcome == result) {
      // A recover method of another method that returns a future, not this method's future
      // type, fits a method whose value is an Object: its future is the value (SPEC §7).
      return;
    }
    Object expected =
        result instanceof CompletableFuture ? ((CompletableFuture<?>) result).join() : result;
    if (expected instanceof Number || expected instanceof Boolean) {
      assertWithMessage("%s completed with what %s returned", method, recover.name)
          .that(outcome)
          .isEqualTo(expected); // a primitive boxed again
    } else {
      assertWithMessage("%s completed with what %s returned", method, recover.name)
          .that(outcome)
          .isSameInstanceAs(expected);
    }
  }

  /**
   * Every result is rejected: the method makes all its attempts and completes with the last
   * result, without recovery (SPEC §3).
   */
  private static void rejectEveryResult(
      Method method,
      Object instance,
      Object self,
      Object[] arguments,
      Recorder recorder,
      AsyncPlan plan,
      Class<?> valueType)
      throws Exception {
    asyncRejected.incrementAndGet();
    String name = method.getName();
    List<Object> values = new ArrayList<>();
    recorder.begin(
        (callSelf, called, calledMethod, calledArguments) -> {
          if (isAttempt(method, called, calledArguments)) {
            assertWithMessage("%s: attempts", method).that(values.size()).isLessThan(10);
            Object value = sample(valueType, "attempt " + values.size() + " of " + name);
            values.add(value);
            return CompletableFuture.completedFuture(value);
          }
          if (called.equals(plan.retryOnResult)) {
            return true;
          }
          throw new AssertionError("unexpected call of " + called);
        });
    Object returned = invoke(method, instance, arguments);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < plan.maxAttempts; i++) {
      expected.add(name);
      expected.add(plan.retryOnResult);
    }
    List<Call> calls = recorder.calls();
    assertWithMessage("%s: calls when %s rejects every result", method, plan.retryOnResult)
        .that(names(calls))
        .isEqualTo(expected);
    for (int i = 0; i < calls.size(); i += 2) {
      assertAttempt(method, calls.get(i), self, arguments);
      assertPassed(method, plan.retryOnResult, calls.get(i + 1).arguments[0], values.get(i / 2));
    }
    assertWithMessage("%s completed with the last result", method)
        .that(outcome(method, returned))
        .isSameInstanceAs(values.get(values.size() - 1));
  }

  /** A predicate that takes a primitive gets the value unboxed and boxed again. */
  private static void assertPassed(Method method, String predicate, Object passed, Object value) {
    if (value instanceof Number || value instanceof Character || value instanceof Boolean) {
      assertWithMessage("%s passed the value to %s", method, predicate)
          .that(passed)
          .isEqualTo(value);
    } else {
      assertWithMessage("%s passed the value to %s", method, predicate)
          .that(passed)
          .isSameInstanceAs(value);
    }
  }

  private static void assertAttempt(Method method, Call call, Object self, Object[] arguments) {
    assertWithMessage("%s called the delegate or ran the body on", method)
        .that(call.self)
        .isSameInstanceAs(self);
    assertSameArguments(method, arguments, call.arguments);
  }

  private static List<String> names(List<Call> calls) {
    List<String> names = new ArrayList<>();
    for (Call call : calls) {
      names.add(call.name);
    }
    return names;
  }

  /**
   * What the future {@code returned} by {@code method} completed with: its value, or its failure
   * unwrapped. It must be complete: no attempt waited.
   */
  private static Object outcome(Method method, Object returned) {
    assertWithMessage("%s returned", method).that(returned).isInstanceOf(CompletableFuture.class);
    CompletableFuture<?> future = (CompletableFuture<?>) returned;
    assertWithMessage("%s returned a completed future", method).that(future.isDone()).isTrue();
    try {
      return future.join();
    } catch (CompletionException e) {
      return e.getCause();
    }
  }

  /** SPEC §3: whether {@code failure} is retried; none of ours is an InterruptedException. */
  private static boolean retryable(AsyncPlan plan, Throwable failure, ClassLoader loader)
      throws ClassNotFoundException {
    boolean matches = plan.retryFor.isEmpty() && failure instanceof Exception;
    for (String type : plan.retryFor) {
      matches |= failureClass(type, loader).isInstance(failure);
    }
    for (String type : plan.noRetryFor) {
      matches &= !failureClass(type, loader).isInstance(failure);
    }
    return matches
        && (plan.retryIf == null || failureClass(plan.retryIfType, loader).isInstance(failure));
  }

  /** SPEC §5: the recover method whose failure type is the most specific that matches. */
  private static String chosenRecover(AsyncPlan plan, Throwable failure, ClassLoader loader)
      throws ClassNotFoundException {
    String chosen = null;
    int chosenDepth = -2;
    for (String[] recover : plan.recovers) {
      int depth = -1; // no failure parameter: matches every failure, comes last
      if (!recover[1].isEmpty()) {
        Class<?> type = failureClass(recover[1], loader);
        if (!type.isInstance(failure)) {
          continue;
        }
        depth = 0;
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
          depth++;
        }
      }
      if (depth > chosenDepth) {
        chosen = recover[0];
        chosenDepth = depth;
      }
    }
    return chosen;
  }

  /** A failure type as the inputs write it: {@code IOException}, {@code Support.CheckedOne}. */
  private static Class<?> failureClass(String name, ClassLoader loader)
      throws ClassNotFoundException {
    switch (name) {
      case "IOException":
        return IOException.class;
      case "UncheckedIOException":
        return UncheckedIOException.class;
      case "TimeoutException":
        return TimeoutException.class;
      case "java.sql.SQLException":
        return loader.loadClass(name);
      default:
        return name.startsWith("Support.")
            ? loader.loadClass("test.Support$" + name.substring("Support.".length()))
            : loader.loadClass("java.lang." + name);
    }
  }

  /**
   * The method named {@code name} of {@code type} or a supertype that a call with {@code
   * arguments} runs: of those that take them, the most specific (JLS 15.12.2.5), as the call's
   * casts chose it among overloads that differ in their failure parameter.
   */
  private static Method declared(Class<?> type, String name, Object[] arguments) {
    List<Method> applicable = new ArrayList<>();
    Set<String> signatures = new HashSet<>();
    Deque<Class<?>> types = new ArrayDeque<>();
    types.add(type);
    while (!types.isEmpty()) {
      Class<?> each = types.removeFirst();
      for (Method method : each.getDeclaredMethods()) {
        if (method.getName().equals(name)
            && !method.isBridge()
            && takes(method.getParameterTypes(), arguments)
            && signatures.add(Arrays.toString(method.getParameterTypes()))) {
          applicable.add(method); // the nearest declaration of each signature
        }
      }
      if (each.getSuperclass() != null) {
        types.add(each.getSuperclass());
      }
      types.addAll(Arrays.asList(each.getInterfaces()));
    }
    for (Method candidate : applicable) {
      boolean mostSpecific = true;
      for (Method other : applicable) {
        mostSpecific &=
            accepts(boxed(other.getParameterTypes()), boxed(candidate.getParameterTypes()));
      }
      if (mostSpecific) {
        return candidate;
      }
    }
    throw new AssertionError(
        "no method " + name + " of " + type + " takes " + Arrays.toString(arguments));
  }

  private static Class<?>[] boxed(Class<?>[] types) {
    Class<?>[] boxed = new Class<?>[types.length];
    for (int i = 0; i < types.length; i++) {
      boxed[i] =
          types[i].isPrimitive()
              ? Array.get(Array.newInstance(types[i], 1), 0).getClass()
              : types[i];
    }
    return boxed;
  }

  private static boolean takes(Class<?>[] parameters, Object[] arguments) {
    if (parameters.length != arguments.length) {
      return false;
    }
    Class<?>[] boxed = boxed(parameters);
    for (int i = 0; i < parameters.length; i++) {
      if (arguments[i] != null && !boxed[i].isInstance(arguments[i])) {
        return false;
      }
    }
    return true;
  }

  /** The erasure of what a future of the generic type {@code future} completes with. */
  static Class<?> futureValue(Type future) {
    return futureValue(future, Collections.<TypeVariable<?>, Type>emptyMap());
  }

  /** As above, for a type in terms of the type variables {@code arguments} says the values of. */
  private static Class<?> futureValue(Type future, Map<TypeVariable<?>, Type> arguments) {
    if (future instanceof TypeVariable && arguments.containsKey(future)) {
      return futureValue(arguments.get(future), arguments);
    }
    if (!(future instanceof ParameterizedType)) {
      return Object.class; // raw
    }
    Type argument = ((ParameterizedType) future).getActualTypeArguments()[0];
    if (argument instanceof WildcardType && ((WildcardType) argument).getLowerBounds().length > 0) {
      return Object.class;
    }
    return erasure(argument, arguments);
  }

  private static Class<?> erasure(Type type, Map<TypeVariable<?>, Type> arguments) {
    if (type instanceof Class) {
      return (Class<?>) type;
    } else if (type instanceof ParameterizedType) {
      return (Class<?>) ((ParameterizedType) type).getRawType();
    } else if (type instanceof TypeVariable) {
      return arguments.containsKey(type)
          ? erasure(arguments.get(type), arguments)
          : erasure(((TypeVariable<?>) type).getBounds()[0], arguments);
    } else if (type instanceof WildcardType) {
      return erasure(((WildcardType) type).getUpperBounds()[0], arguments);
    } else if (type instanceof GenericArrayType) {
      Class<?> component =
          erasure(((GenericArrayType) type).getGenericComponentType(), arguments);
      return Array.newInstance(component, 0).getClass();
    }
    throw new AssertionError("no erasure for " + type);
  }

  /**
   * The type arguments of the supertypes of {@code type}, by type variable: what a method
   * inherited from a generic supertype returns as a member of {@code type}.
   */
  private static Map<TypeVariable<?>, Type> typeArguments(Class<?> type) {
    Map<TypeVariable<?>, Type> arguments = new HashMap<>();
    Deque<Type> types = new ArrayDeque<>();
    types.add(type);
    while (!types.isEmpty()) {
      Type each = types.removeFirst();
      Class<?> raw = erasure(each, arguments);
      if (each instanceof ParameterizedType) {
        TypeVariable<?>[] variables = raw.getTypeParameters();
        Type[] actual = ((ParameterizedType) each).getActualTypeArguments();
        for (int i = 0; i < variables.length; i++) {
          arguments.put(variables[i], actual[i]);
        }
      }
      if (raw.getGenericSuperclass() != null) {
        types.add(raw.getGenericSuperclass());
      }
      types.addAll(Arrays.asList(raw.getGenericInterfaces()));
    }
    return arguments;
  }

  /**
   * Runs each scheduled task at once on the calling thread, so that the later attempts of an
   * asynchronous call run within the call and no backoff is waited for. (Not retry-test's {@code
   * VirtualTime}, which queues them: each of the many reflective calls would need a {@code
   * runUntilIdle()} after it, from the concurrent compilation batches that share these options.)
   */
  static final class InlineScheduler extends AbstractExecutorService
      implements ScheduledExecutorService {
    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
      command.run();
      return new Done<>(null);
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
      try {
        return new Done<>(callable.call());
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(
        Runnable command, long initialDelay, long period, TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(
        Runnable command, long initialDelay, long delay, TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void execute(Runnable command) {
      command.run();
    }

    @Override
    public void shutdown() {}

    @Override
    public List<Runnable> shutdownNow() {
      return Collections.emptyList();
    }

    @Override
    public boolean isShutdown() {
      return false;
    }

    @Override
    public boolean isTerminated() {
      return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return false;
    }

    /** A task that has run. */
    private static final class Done<V> implements ScheduledFuture<V> {
      private final V value;

      Done(V value) {
        this.value = value;
      }

      @Override
      public long getDelay(TimeUnit unit) {
        return 0;
      }

      @Override
      public int compareTo(Delayed other) {
        return Long.compare(0, other.getDelay(TimeUnit.NANOSECONDS));
      }

      @Override
      public boolean cancel(boolean mayInterruptIfRunning) {
        return false;
      }

      @Override
      public boolean isCancelled() {
        return false;
      }

      @Override
      public boolean isDone() {
        return true;
      }

      @Override
      public V get() {
        return value;
      }

      @Override
      public V get(long timeout, TimeUnit unit) {
        return value;
      }
    }
  }

  private static void assertConstructedWith(
      Class<?> input, Constructor<?> constructor, Object instance, Object plain, Object[] arguments)
      throws ReflectiveOperationException {
    Field field = input.getDeclaredField("ctorArgs");
    field.setAccessible(true);
    Object[] seen = (Object[]) field.get(instance);
    Object[] direct = (Object[]) field.get(plain);
    if (direct == null) {
      assertWithMessage("%s passed no arguments to the implicit constructor", constructor)
          .that(seen)
          .isNull();
      return;
    }
    assertWithMessage("%s passed its arguments to super(...)", constructor)
        .that(seen)
        .isNotNull();
    assertWithMessage("arguments %s passed to super(...)", constructor)
        .that(seen.length)
        .isEqualTo(arguments.length);
    for (int i = 0; i < arguments.length; i++) {
      assertWithMessage("%s: argument %s passed to super(...)", constructor, i)
          .that(seen[i])
          .isEqualTo(arguments[i]);
      if (!constructor.getParameterTypes()[constructor.getParameterCount() - arguments.length + i]
          .isPrimitive()) {
        assertWithMessage("%s: argument %s passed to super(...)", constructor, i)
            .that(seen[i])
            .isSameInstanceAs(arguments[i]);
      }
    }
  }

  /** The method of {@code input} (or a supertype) that the generated {@code method} overrides. */
  private static Method overridden(Class<?> input, Method method) {
    Deque<Class<?>> types = new ArrayDeque<>();
    types.add(input);
    while (!types.isEmpty()) {
      Class<?> type = types.removeFirst();
      for (Method candidate : type.getDeclaredMethods()) {
        if (!candidate.isBridge()
            && !candidate.isSynthetic()
            && candidate.getName().equals(method.getName())
            && accepts(candidate.getParameterTypes(), method.getParameterTypes())
            && candidate.getReturnType().isAssignableFrom(method.getReturnType())) {
          return candidate;
        }
      }
      if (type.getSuperclass() != null) {
        types.add(type.getSuperclass());
      }
      types.addAll(Arrays.asList(type.getInterfaces()));
    }
    throw new AssertionError("no method of " + input + " is overridden by " + method);
  }

  private static boolean accepts(Class<?>[] declared, Class<?>[] actual) {
    if (declared.length != actual.length) {
      return false;
    }
    for (int i = 0; i < declared.length; i++) {
      if (!declared[i].isAssignableFrom(actual[i])) {
        return false;
      }
    }
    return true;
  }

  private static Object invoke(Method method, Object target, Object[] arguments)
      throws IllegalAccessException {
    try {
      return method.invoke(target, arguments);
    } catch (InvocationTargetException e) {
      throw new AssertionError(method + " threw", e.getCause());
    }
  }

  private static void assertSameArguments(Method method, Object[] passed, Object[] seen) {
    assertWithMessage("%s: number of arguments passed on", method)
        .that(seen.length)
        .isEqualTo(passed.length);
    Class<?>[] types = method.getParameterTypes();
    for (int i = 0; i < passed.length; i++) {
      if (types[i].isPrimitive()) {
        assertWithMessage("%s: argument %s passed on", method, i)
            .that(seen[i])
            .isEqualTo(passed[i]);
      } else {
        assertWithMessage("%s: argument %s passed on", method, i)
            .that(seen[i])
            .isSameInstanceAs(passed[i]);
      }
    }
  }

  private static void assertReturned(Method method, Object value, Object returned) {
    if (method.getReturnType() == void.class) {
      assertWithMessage("%s returned", method).that(returned).isNull();
    } else if (method.getReturnType().isPrimitive()) {
      assertWithMessage("%s returned", method).that(returned).isEqualTo(value);
    } else {
      assertWithMessage("%s returned", method).that(returned).isSameInstanceAs(value);
    }
  }

  private static Object[] arguments(String method, Class<?>[] types) {
    Object[] arguments = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      arguments[i] = sample(types[i], method + "#" + i);
    }
    return arguments;
  }

  /**
   * A value of {@code type} (an erasure from the generator's vocabulary) derived from {@code key}:
   * the same key gives equal values, different keys give different ones.
   */
  static Object sample(Class<?> type, String key) {
    int hash = key.hashCode();
    if (type == void.class || type == Void.class) {
      return null;
    } else if (type == int.class || type == Integer.class) {
      return hash;
    } else if (type == long.class || type == Long.class) {
      return hash * 31L + 7;
    } else if (type == boolean.class || type == Boolean.class) {
      return (hash & 1) == 0;
    } else if (type == double.class || type == Double.class) {
      return hash / 7.0;
    } else if (type == float.class || type == Float.class) {
      return hash / 3.0f;
    } else if (type == char.class || type == Character.class) {
      return (char) ('a' + Math.floorMod(hash, 26));
    } else if (type == byte.class || type == Byte.class) {
      return (byte) hash;
    } else if (type == short.class || type == Short.class) {
      return (short) hash;
    } else if (type.isArray()) {
      Object array = Array.newInstance(type.getComponentType(), 2);
      for (int i = 0; i < 2; i++) {
        Array.set(array, i, sample(type.getComponentType(), key + "[" + i + "]"));
      }
      return array;
    } else if (type.isAssignableFrom(String.class)) {
      return key; // Object, CharSequence, Comparable, Serializable
    } else if (type.isAssignableFrom(Integer.class)) {
      return hash; // Number
    } else if (type.isAssignableFrom(ArrayList.class)) {
      return new ArrayList<>(Collections.singletonList(key));
    } else if (type.isAssignableFrom(LinkedHashSet.class)) {
      return new LinkedHashSet<>(Collections.singletonList(key));
    } else if (type.isAssignableFrom(LinkedHashMap.class)) {
      return new LinkedHashMap<>(Collections.singletonMap(key, hash));
    } else if (type == CompletionStage.class || type == CompletableFuture.class) {
      return CompletableFuture.completedFuture(key);
    } else if (type.getName().equals("test.Support$Item")
        || type.getName().equals("test.Support$Box")) {
      try {
        return type.getConstructor().newInstance();
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    } else if (type == Class.class) {
      return IllegalStateException.class;
    } else if (type.isAssignableFrom(IllegalStateException.class)) {
      return new IllegalStateException(key);
    } else if (type == IOException.class) {
      return new IOException(key);
    } else if (type == UncheckedIOException.class) {
      return new UncheckedIOException(new IOException(key));
    } else if (Throwable.class.isAssignableFrom(type)) {
      try {
        return type.getConstructor(String.class).newInstance(key);
      } catch (NoSuchMethodException e) {
        try {
          return type.getConstructor().newInstance(); // Support.CheckedOne and the like
        } catch (ReflectiveOperationException again) {
          throw new AssertionError(again);
        }
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }
    throw new AssertionError("no sample value for " + type);
  }

  private static String stackTrace(Throwable e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    return trace.toString();
  }

  /** One call that reached the delegate, or the body of a method of the input class. */
  static final class Call {
    final Object self;
    final String name;
    final Method method;
    final Object[] arguments;
    final Object value;

    Call(Object self, String name, Method method, Object[] arguments, Object value) {
      this.self = self;
      this.name = name;
      this.method = method;
      this.arguments = arguments;
      this.value = value;
    }
  }

  /**
   * The delegate of every interface (as a proxy) and the body of every method of the input
   * classes (as {@code Support.answers}): records the call and returns a value derived from the
   * method's name and arguments, of the return type of the generated method being called.
   */
  static final class Recorder implements InvocationHandler, Function<Object[], Object> {
    private final List<Call> calls = new ArrayList<>();
    private final Map<String, Object> values = new HashMap<>();
    private Class<?> returnType;
    private Script script;

    void begin(Class<?> returnType) {
      this.returnType = returnType;
      this.script = null;
      calls.clear();
    }

    /** Answers the calls that follow with {@code script}, which may throw. */
    void begin(Script script) {
      this.script = script;
      calls.clear();
    }

    List<Call> calls() {
      return new ArrayList<>(calls);
    }

    Call single(Method called) {
      assertWithMessage("calls that reached the delegate or body by %s", called)
          .that(calls.size())
          .isEqualTo(1);
      return calls.get(0);
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] arguments) {
      if (method.getDeclaringClass() == Object.class) {
        switch (method.getName()) {
          case "equals":
            return proxy == arguments[0];
          case "hashCode":
            return System.identityHashCode(proxy);
          default:
            return "delegate";
        }
      }
      return record(proxy, method.getName(), method, arguments == null ? new Object[0] : arguments);
    }

    @Override
    public Object apply(Object[] call) {
      return record(call[0], (String) call[1], null, (Object[]) call[2]);
    }

    private Object record(Object self, String name, Method method, Object[] arguments) {
      if (script != null) {
        Object value;
        try {
          value = script.answer(self, name, method, arguments);
        } catch (RuntimeException | Error e) {
          calls.add(new Call(self, name, method, arguments, e));
          throw e;
        }
        calls.add(new Call(self, name, method, arguments, value));
        return value;
      }
      // The same name and arguments give the same instance: exceptions have no equals.
      Object value =
          values.computeIfAbsent(
              returnType.getName() + " " + name + Arrays.deepToString(arguments),
              key -> sample(returnType, key));
      calls.add(new Call(self, name, method, arguments, value));
      return value;
    }
  }

  /** How the calls of an asynchronous scenario are answered. */
  interface Script {
    /**
     * @param method the method called on a delegate; null for the body of a method of a class
     */
    Object answer(Object self, String name, Method method, Object[] arguments);
  }

  /** The class files of a compilation by binary name. */
  private static Map<String, byte[]> classFiles(Compilation compilation) throws IOException {
    Map<String, byte[]> classes = new LinkedHashMap<>();
    for (JavaFileObject file : compilation.generatedFiles()) {
      if (file.getKind() == JavaFileObject.Kind.CLASS) {
        try (InputStream in = file.openInputStream()) {
          ByteArrayOutputStream bytes = new ByteArrayOutputStream();
          byte[] buffer = new byte[8192];
          for (int n; (n = in.read(buffer)) > 0; ) {
            bytes.write(buffer, 0, n);
          }
          classes.put(qualifiedName(file), bytes.toByteArray());
        }
      }
    }
    return classes;
  }

  /** Loads the classes of one compilation, with the test's class loader as parent. */
  static final class InMemoryClassLoader extends ClassLoader {
    private final Map<String, byte[]> classes;

    InMemoryClassLoader(Compilation compilation, ClassLoader parent) throws IOException {
      super(parent);
      classes = classFiles(compilation);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      byte[] bytes = classes.get(name);
      if (bytes == null) {
        throw new ClassNotFoundException(name);
      }
      return defineClass(name, bytes, 0, bytes.length);
    }
  }
}
