package io.retrygen.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.retrygen.processor.ProcessorFuzzer.Input;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the processor over {@link ProcessorFuzzer}'s seeded inputs and checks, for each, the
 * property the processor promises: a valid input compiles without a warning under {@code
 * -Xlint:all}, its generated classes included; a faulty one gets an error on the input, at the
 * fault, and never a diagnostic inside a generated file, never a crash or a stack trace.
 *
 * <p>Valid inputs compile in batches (each has its own package); a faulty one alone, as javac
 * stops after the first round that reported an error. A failure names the seed of each input
 * involved and prints its files; {@code -Dfuzz.seed=<seed>} compiles that input alone, {@code
 * -Dfuzz.base=<seed>} and {@code -Dfuzz.count=<n>} explore other inputs.
 */
class ProcessorFuzzTest {
  private static final long BASE_SEED = Long.getLong("fuzz.base", 19_190_000L);
  private static final int COUNT = Integer.getInteger("fuzz.count", 600);
  private static final Long SINGLE_SEED = Long.getLong("fuzz.seed");
  /** Valid inputs per compilation: about 3 to 6 files each. */
  private static final int BATCH = 24;
  /** Faulty inputs per task, each compiled alone. */
  private static final int FAULTY_PER_TASK = 12;

  private static ExecutorService pool;
  private static final Map<String, Future<?>> tasks = new LinkedHashMap<>();
  private static final List<Input> inputs = new ArrayList<>();

  private static final AtomicInteger validCompiled = new AtomicInteger();
  private static final AtomicInteger faultyRejected = new AtomicInteger();
  private static final AtomicInteger generatedClasses = new AtomicInteger();
  private static final AtomicInteger compilations = new AtomicInteger();
  private static final AtomicInteger inputWarnings = new AtomicInteger();
  private static long started;

  @BeforeAll
  static void startCompiling() {
    started = System.nanoTime();
    pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())),
            runnable -> {
              Thread thread = new Thread(runnable, "processor-fuzz");
              thread.setDaemon(true);
              return thread;
            });
    if (SINGLE_SEED != null) {
      Input input = ProcessorFuzzer.generate(SINGLE_SEED);
      System.out.println(input.describe());
      inputs.add(input);
      tasks.put(
          "seed " + SINGLE_SEED,
          pool.submit(
              () -> {
                if (input.valid()) {
                  checkValid(Collections.singletonList(input), false);
                  validCompiled.decrementAndGet(); // the same input, for Java 8 this time
                  checkValid(Collections.singletonList(input), true);
                } else {
                  checkFaulty(input);
                }
                return null;
              }));
      return;
    }
    List<Input> valid = new ArrayList<>();
    List<Input> faulty = new ArrayList<>();
    for (int i = 0; i < COUNT; i++) {
      Input input = ProcessorFuzzer.generate(BASE_SEED + i);
      inputs.add(input);
      (input.valid() ? valid : faulty).add(input);
    }
    for (int from = 0; from < valid.size(); from += BATCH) {
      List<Input> batch = valid.subList(from, Math.min(valid.size(), from + BATCH));
      // Every other batch for Java 8.
      boolean release8 = from / BATCH % 2 == 1;
      tasks.put(
          "valid inputs" + (release8 ? " with --release 8" : "") + ", seeds " + seeds(batch),
          pool.submit(
              () -> {
                checkValid(batch, release8);
                return null;
              }));
    }
    for (int from = 0; from < faulty.size(); from += FAULTY_PER_TASK) {
      List<Input> group = faulty.subList(from, Math.min(faulty.size(), from + FAULTY_PER_TASK));
      tasks.put(
          "faulty inputs, seeds " + seeds(group),
          pool.submit(
              () -> {
                for (Input input : group) {
                  checkFaulty(input);
                }
                return null;
              }));
    }
  }

  @AfterAll
  static void summary() {
    pool.shutdownNow();
    System.out.printf(
        Locale.ROOT,
        "ProcessorFuzzTest: %d inputs from seed %d: %d valid compiled cleanly (%d generated"
            + " classes), %d faulty rejected on the input; %d compilations in %.1f s%n",
        inputs.size(), SINGLE_SEED != null ? SINGLE_SEED : BASE_SEED, validCompiled.get(),
        generatedClasses.get(), faultyRejected.get(), compilations.get(),
        (System.nanoTime() - started) / 1e9);
  }

  @TestFactory
  Stream<DynamicTest> everyInputCompilesCleanlyOrIsRejectedOnTheInput() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Map.Entry<String, Future<?>> task : tasks.entrySet()) {
      tests.add(DynamicTest.dynamicTest(task.getKey(), () -> await(task.getValue())));
    }
    return tests.stream();
  }

  @Test
  void inputsCoverEveryShapeAndFault() {
    if (SINGLE_SEED != null) {
      return;
    }
    Set<String> drawn = new TreeSet<>();
    Set<String> faults = new TreeSet<>();
    for (Input input : inputs) {
      drawn.addAll(input.features);
      if (!input.valid()) {
        faults.add(input.fault);
      }
    }
    assertWithMessage("shapes drawn")
        .that(drawn)
        .containsAtLeast(
            "shadowing package type", "shadowing member type",
            "shadowing member type of a supertype", "input named like java.lang or the runtime",
            "type parameter", "nested input, depth 2", "inherited annotations", "async",
            "varargs", "generic method", "recover", "retryIf", "retryOnResult", "delayFor",
            "listeners", "generic listener", "deprecated listener", "deprecated method",
            "@CircuitBreaker", "type-level @CircuitBreaker", "@RetryBudget",
            "type-level @RetryBudget", "direct @Backoff", "lone surrogate", "odd characters",
            "non-ASCII name", "AutoCloseable", "interface redeclares finalize()",
            "Serializable class", "field named like a class or package",
            "deprecated failure type of another package");
    List<String> attributes = new ArrayList<>();
    for (String attribute :
        Arrays.asList(
            "retryFor", "noRetryFor", "notRecoverable", "maxAttempts", "maxDuration", "backoff",
            "retryIf", "retryOnResult", "recover", "label", "listeners", "stateful",
            "stateKey")) {
      attributes.add("@Retryable(" + attribute + ")");
    }
    for (String attribute :
        Arrays.asList("delay", "maxDelay", "multiplier", "random", "jitter", "delayFor")) {
      attributes.add("@Backoff(" + attribute + ")");
    }
    for (String attribute :
        Arrays.asList(
            "failOn", "skipOn", "requestVolumeThreshold", "failureRatio", "delay",
            "successThreshold", "name")) {
      attributes.add("@CircuitBreaker(" + attribute + ")");
    }
    for (String attribute : Arrays.asList("name", "maxTokens", "tokenRatio")) {
      attributes.add("@RetryBudget(" + attribute + ")");
    }
    assertWithMessage("attributes set").that(drawn).containsAtLeastElementsIn(attributes);
    assertWithMessage("faults drawn").that(faults).hasSize(12);
    assertWithMessage("valid inputs").that(inputs.size() - faultsCount()).isAtLeast(COUNT / 2);
  }

  private static int faultsCount() {
    int count = 0;
    for (Input input : inputs) {
      count += input.valid() ? 0 : 1;
    }
    return count;
  }

  // ---------------------------------------------------------------------------------------------

  private static Compilation compile(List<Input> batch) {
    return compile(batch, false);
  }

  /**
   * @param release8 whether to compile with {@code --release 8}, as the generated code must
   *     compile for Java 8 too (without {@code @Generated}, and where javac still reports
   *     deprecated imports)
   */
  private static Compilation compile(List<Input> batch, boolean release8) {
    compilations.incrementAndGet();
    List<JavaFileObject> sources = new ArrayList<>();
    for (Input input : batch) {
      for (Map.Entry<String, String> file : input.files.entrySet()) {
        sources.add(JavaFileObjects.forSourceString(file.getKey(), file.getValue()));
      }
    }
    return Compiler.javac()
        .withProcessors(new RetryProcessor())
        .withOptions(
            release8
                ? Arrays.asList("-Xlint:all,-processing,-options", "--release", "8")
                : Collections.singletonList("-Xlint:all,-processing"))
        .compile(sources);
  }

  /**
   * The batch compiles without a diagnostic, and generates what it must. On a failure, each input
   * of the batch is compiled alone, so that the message names the inputs that fail by themselves.
   */
  private static void checkValid(List<Input> batch, boolean release8) {
    Compilation compilation = compile(batch, release8);
    List<Diagnostic<? extends JavaFileObject>> problems = problems(compilation);
    if (compilation.status() == Compilation.Status.SUCCESS && problems.isEmpty()) {
      Set<String> written = generatedNames(compilation);
      for (Input input : batch) {
        for (String expected : input.generated) {
          if (!written.contains(expected)) {
            fail(expected + " was not generated\n" + input.describe());
          }
        }
        generatedClasses.addAndGet(input.generated.size());
      }
      validCompiled.addAndGet(batch.size());
      return;
    }
    StringBuilder message =
        new StringBuilder("A batch of valid inputs did not compile without warnings:\n");
    for (Diagnostic<? extends JavaFileObject> problem : problems) {
      message.append(format(problem)).append('\n');
    }
    for (Input input : batch) {
      if (batch.size() == 1) {
        message.append('\n').append(input.describe()).append(generatedSources(compilation));
        break;
      }
      Compilation alone = compile(Collections.singletonList(input), release8);
      List<Diagnostic<? extends JavaFileObject>> own = problems(alone);
      if (alone.status() != Compilation.Status.SUCCESS || !own.isEmpty()) {
        message.append("\nAlone, this input gets:\n");
        for (Diagnostic<? extends JavaFileObject> problem : own) {
          message.append(format(problem)).append('\n');
        }
        message.append(input.describe()).append(generatedSources(alone));
      }
    }
    fail(message.toString());
  }

  /**
   * The input fails to compile, with an error on the line of its fault, and every diagnostic is on
   * the input: none in a generated file, none without a place, no crash.
   */
  private static void checkFaulty(Input input) {
    Compilation compilation = compile(Collections.singletonList(input));
    List<String> wrong = new ArrayList<>();
    boolean atFault = false;
    for (Diagnostic<? extends JavaFileObject> diagnostic : problems(compilation)) {
      String text = diagnostic.getMessage(Locale.ROOT);
      JavaFileObject file = diagnostic.getSource();
      if (file == null || file.toUri().getPath().contains("SOURCE_OUTPUT")) {
        wrong.add("not on the input: " + format(diagnostic));
      } else if (text.contains("retrygen failed") || text.contains("\tat ")) {
        wrong.add("a crash: " + format(diagnostic));
      } else if (diagnostic.getKind() == Diagnostic.Kind.ERROR
          && line(file, diagnostic.getLineNumber()).contains(input.faultMarker)) {
        atFault = true;
      }
    }
    if (compilation.status() == Compilation.Status.SUCCESS) {
      wrong.add("the input compiled");
    } else if (!atFault) {
      wrong.add("no error on the line with '" + input.faultMarker + "'");
    }
    if (!wrong.isEmpty()) {
      StringBuilder message = new StringBuilder("A faulty input was not rejected on the input:\n");
      for (String each : wrong) {
        message.append(each).append('\n');
      }
      message.append("All its diagnostics:\n");
      for (Diagnostic<? extends JavaFileObject> diagnostic : compilation.diagnostics()) {
        message.append(format(diagnostic)).append('\n');
      }
      fail(message.append('\n').append(input.describe()).toString());
    }
    faultyRejected.incrementAndGet();
  }

  /** Errors and warnings: notes (such as "uses unchecked operations") are left out. */
  private static List<Diagnostic<? extends JavaFileObject>> problems(Compilation compilation) {
    List<Diagnostic<? extends JavaFileObject>> problems = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> diagnostic : compilation.diagnostics()) {
      if (diagnostic.getKind() != Diagnostic.Kind.NOTE
          && diagnostic.getKind() != Diagnostic.Kind.OTHER) {
        problems.add(diagnostic);
        if (diagnostic.getSource() != null
            && !diagnostic.getSource().toUri().getPath().contains("SOURCE_OUTPUT")
            && diagnostic.getKind() != Diagnostic.Kind.ERROR) {
          inputWarnings.incrementAndGet();
        }
      }
    }
    return problems;
  }

  private static Set<String> generatedNames(Compilation compilation) {
    Set<String> names = new TreeSet<>();
    for (JavaFileObject file : compilation.generatedSourceFiles()) {
      String path = file.toUri().getPath();
      String root = "/SOURCE_OUTPUT/";
      String relative = path.substring(path.indexOf(root) + root.length());
      names.add(relative.substring(0, relative.length() - ".java".length()).replace('/', '.'));
    }
    return names;
  }

  private static String generatedSources(Compilation compilation) {
    StringBuilder text = new StringBuilder();
    if (compilation.status() != Compilation.Status.SUCCESS) {
      return ""; // compile-testing keeps them to itself
    }
    for (JavaFileObject file : compilation.generatedSourceFiles()) {
      text.append("---- generated ").append(file.toUri().getPath()).append('\n');
      text.append(RandomShapes.numbered(content(file)));
    }
    return text.toString();
  }

  private static String format(Diagnostic<? extends JavaFileObject> diagnostic) {
    String where =
        diagnostic.getSource() == null
            ? "(no file)"
            : diagnostic.getSource().toUri().getPath() + ":" + diagnostic.getLineNumber();
    return diagnostic.getKind() + " " + where + ": " + diagnostic.getMessage(Locale.ROOT);
  }

  private static String line(JavaFileObject file, long number) {
    String[] lines = content(file).split("\n", -1);
    return number >= 1 && number <= lines.length ? lines[(int) number - 1] : "";
  }

  private static String content(JavaFileObject file) {
    try {
      return file.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String seeds(List<Input> inputs) {
    return inputs.size() == 1
        ? String.valueOf(inputs.get(0).seed)
        : inputs.get(0).seed + ".." + inputs.get(inputs.size() - 1).seed
            + " (" + inputs.size() + ")";
  }

  private static void await(Future<?> future) throws Throwable {
    try {
      future.get();
    } catch (ExecutionException e) {
      throw e.getCause();
    }
  }
}
