package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The compile warnings of SPEC §5 and §9 (issue 7): probable mistakes that still compile. Each
 * test asserts the message, its line, the exact warning count and that the build succeeds; the
 * inputs that must stay quiet compile without warnings under -Xlint:all (less -Xlint:processing,
 * which notes the unclaimed @Generated).
 */
class WarningsTest {
  /** A RetryProcessor that tells which files it wrote, even when the compilation failed. */
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  // ---------------------------------------------------------------------------------------------
  // @Recover in a type where nothing is guarded (SPEC §2, §5)

  @Test
  void recoverInATypeWithoutRetryableIsAWarningAndGeneratesNothing() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "interface Client {",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadWarningContaining(
            "@Recover method fallback(Exception, String) fits no guarded method of Client, so it"
                + " is never called: nothing in Client is guarded (no @Retryable,"
                + " @CircuitBreaker or @Timeout on it or its methods). Add @Retryable to the"
                + " method it should recover: charge(String) (@Retryable(maxAttempts = 1) to"
                + " recover without retrying)")
        .inFile(source)
        .onLineContaining("@Recover");
  }

  @Test
  void recoverOfAnUnguardedSupertypeServingASubtypeOfTheSameCompilationIsNotWarned() {
    // Base's fallback fits Base.charge, but Client guards charge and uses it (SPEC §5: a recover
    // method lives in the same type or a supertype). Base itself generates nothing.
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.Recover;",
            "interface Base {",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends Base {}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(base, client);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void recoverThatFitsNothingInAnUnguardedTypeNamesTheClosestMismatch() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "interface Client {",
            "  String charge(String account);",
            "",
            "  @Recover",
            "  default int fallback(Exception e, String account) {",
            "    return 0;",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Recover method fallback(Exception, String) fits no guarded method of Client, so it"
                + " is never called: nothing in Client is guarded (no @Retryable,"
                + " @CircuitBreaker or @Timeout on it or its methods). The closest, charge(String),"
                + " does not fit because fallback(Exception, String) returns int, which is not"
                + " assignable to String")
        .inFile(source)
        .onLineContaining("@Recover");
    assertThat(processor.createdSourceFiles()).isEmpty();
  }

  @Test
  void recoverInATypeWithoutRetryableIsStillChecked() {
    // Generates nothing, but an invalid @Recover is still an error (SPEC §2), and only that.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "public class Client {",
            "  public String charge(String account) {",
            "    return account;",
            "  }",
            "",
            "  @Recover",
            "  static String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Recover method fallback(Exception, String) is static: a recover method is called on"
                + " the instance the generated class wraps. Remove static")
        .inFile(source)
        .onLineContaining("static String fallback(");
  }

  @Test
  void recoverInATypeWhoseRetryableGuardsNothingSaysSo() {
    // The type is processed (it has @Retryable), but no method of it is guarded: the type-level
    // annotation gets its own warning, the @Recover method says why it is never called.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "public class Client {",
            "  public final String charge(String account) {",
            "    return account;",
            "  }",
            "",
            "  @Recover",
            "  protected String fallback(Exception e, String account) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(2);
    assertThat(compilation)
        .hadWarningContaining(
            "@Recover method fallback(Exception, String) fits no guarded method of Client, so it"
                + " is never called: no method of Client is guarded. Add @Retryable to the method"
                + " it should recover (@Retryable(maxAttempts = 1) to recover without retrying)")
        .inFile(source)
        .onLineContaining("@Recover");
    assertThat(compilation)
        .hadWarningContaining("@Retryable on Client guards no method")
        .inFile(source)
        .onLineContaining("@Retryable");
  }

  // ---------------------------------------------------------------------------------------------
  // retryFor naming a checked exception the method cannot throw (SPEC §9)

  @Test
  void retryForACheckedExceptionTheMethodCannotThrowIsAWarningOnThatValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "import java.util.concurrent.TimeoutException;",
            "interface Client {",
            "  @Retryable(retryFor = {",
            "      IOException.class,",
            "      TimeoutException.class})",
            "  String charge(String account) throws IOException;",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable(retryFor = TimeoutException.class) can never match: TimeoutException is a"
                + " checked exception that charge(String) cannot throw, as its throws clause"
                + " declares neither TimeoutException nor a supertype or subtype of it. Declare"
                + " it in the throws clause, or remove it from retryFor")
        .inFile(source)
        .onLineContaining("TimeoutException.class})");
  }

  @Test
  void retryForACheckedExceptionIsNotWarnedWhenCausesMatch() {
    // An UncheckedIOException wrapping an IOException is retried by its cause.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable(retryFor = IOException.class, matchCauses = true)",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
  }

  @Test
  void retryForThatTheMethodCanThrowIsNotWarned() {
    // A supertype or a subtype of a declared exception can be thrown; so can Exception and
    // Throwable (they include unchecked failures), RuntimeExceptions and Errors, and a type that
    // a type variable in the throws clause may stand for.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.FileNotFoundException;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable(retryFor = FileNotFoundException.class)",
            "  String subtype(String account) throws IOException;",
            "",
            "  @Retryable(retryFor = IOException.class)",
            "  String supertype(String account) throws FileNotFoundException;",
            "",
            "  @Retryable(retryFor = {",
            "      Exception.class, Throwable.class, IllegalStateException.class,"
                + " AssertionError.class})",
            "  String unchecked(String account);",
            "",
            "  @Retryable(retryFor = IOException.class)",
            "  <E extends Exception> String generic(String account) throws E;",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void typeLevelRetryForThatSomeGuardedMethodCanThrowIsNotWarned() {
    // A type-level @Retryable warns only when none of the methods it guards can throw the type,
    // not once for every method that cannot: status(String) is fine here.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "@Retryable(retryFor = IOException.class)",
            "interface Client {",
            "  String charge(String account) throws IOException;",
            "",
            "  String status(String id);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void typeLevelRetryForThatNoGuardedMethodCanThrowIsOneWarningOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "@Retryable(",
            "    retryFor = IOException.class)",
            "interface Client {",
            "  String charge(String account);",
            "",
            "  String status(String id);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable(retryFor = IOException.class) can never match: IOException is a checked"
                + " exception that none of the methods this @Retryable guards in Client can"
                + " throw, as no throws clause of theirs declares IOException or a supertype or"
                + " subtype of it. Declare it in the throws clause of the methods that throw it,"
                + " or remove it from retryFor")
        .inFile(source)
        .onLineContaining("retryFor = IOException.class)");
  }

  // ---------------------------------------------------------------------------------------------
  // StatisticsListener in listeners (SPEC §8)

  @Test
  void statisticsListenerInListenersIsAWarningOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import io.retrygen.runtime.StatisticsListener;",
            "interface Client {",
            "  @Retryable(",
            "      listeners = StatisticsListener.class)",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable(listeners = StatisticsListener.class) counts in vain: the generated class"
                + " creates that instance for itself, one per generated object, so its counts"
                + " could never be read. Create one StatisticsListener and pass it with"
                + " RetryOptions.builder().listener(...) instead")
        .inFile(source)
        .onLineContaining("listeners = StatisticsListener.class");
  }

  // ---------------------------------------------------------------------------------------------
  // A type-level annotation that guards nothing (SPEC §9)

  @Test
  void typeLevelRetryableThatGuardsNoMethodIsAWarningOnTheAnnotation() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable(maxAttempts = 5)",
            "public class Client {",
            "  public final String charge(String account) {",
            "    return account;",
            "  }",
            "",
            "  public static String status(String id) {",
            "    return id;",
            "  }",
            "",
            "  private void log() {}",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable on Client guards no method, so it has no effect: a type-level annotation"
                + " applies to the methods the generated class can override, and Client has none"
                + " (final, static and private methods are skipped). Remove final from the"
                + " methods it should guard, or remove the annotation")
        .inFile(source)
        .onLineContaining("@Retryable(maxAttempts = 5)");
  }

  @Test
  void typeLevelRetryableOnATypeWithoutMethodsForItsSubtypesIsNotWarned() {
    // Subtypes inherit the type-level annotation (SPEC §2): a legal pattern, not a mistake.
    JavaFileObject policy =
        JavaFileObjects.forSourceLines(
            "test.Policy",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable(maxAttempts = 5)",
            "interface Policy {}");
    JavaFileObject basePolicy =
        JavaFileObjects.forSourceLines(
            "test.BasePolicy",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable(maxAttempts = 2)",
            "class BasePolicy {}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "interface Client extends Policy {",
            "  String charge(String account);",
            "}");
    Compilation compilation =
        javac.withOptions("-Xlint:all,-processing").compile(policy, basePolicy, client);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void typeLevelRetryableOverriddenOnEveryMethodIsNotWarned() {
    // Its methods' own annotations win, but that is a choice, not a probable mistake.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client {",
            "  @Retryable(maxAttempts = 5)",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  // ---------------------------------------------------------------------------------------------
  // maxAttempts that a deterministic backoff cannot reach within maxDuration (SPEC §13, §9)

  @Test
  void maxAttemptsTheWaitsCannotReachIsAWarningOnTheValue() {
    // 1000 + 1000 + 1000 = 3000 is not below maxDuration = 3000: the third retry never starts.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      maxAttempts = 5,",
            "      maxDuration = 3000,",
            "      backoff = @Backoff(delay = 1000))",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable(maxAttempts = 5) can never be reached: at most 3 attempts fit in"
                + " maxDuration = 3000 ms. A retry starts only while elapsed + wait <"
                + " maxDuration, and even if attempts took no time, the first 3 waits (1000 ms"
                + " each) add up to 3000 ms, which is not below 3000. Lower maxAttempts to 3, or"
                + " raise maxDuration above 4000 ms, the sum of all 4 waits")
        .inFile(source)
        .onLineContaining("maxAttempts = 5");
    // The Javadoc says what the call really does.
    assertThat(compilation)
        .generatedSourceFile("test.ClientRetrying")
        .contentsAsUtf8String()
        .contains("Makes up to 3 attempts (not 5: the waits reach maxDuration = 3000 ms first).");
  }

  @Test
  void oneMillisecondMoreThanTheWaitsLetsOneMoreAttemptStart() {
    // 3000 < 3001: the third retry starts, the fourth (4000) does not.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(maxAttempts = 5, maxDuration = 3001, backoff = @Backoff(delay = 1000))",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable(maxAttempts = 5) can never be reached: at most 4 attempts fit in"
                + " maxDuration = 3001 ms. A retry starts only while elapsed + wait <"
                + " maxDuration, and even if attempts took no time, the first 4 waits (1000 ms"
                + " each) add up to 4000 ms, which is not below 3001. Lower maxAttempts to 4, or"
                + " raise maxDuration above 4000 ms, the sum of all 4 waits")
        .inFile(source)
        .onLineContaining("maxAttempts = 5");
  }

  @Test
  void exponentialWaitsThatReachMaxDurationAreListed() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(maxDuration = 1000, maxAttempts = 6)",
            "  @Backoff(delay = 100, multiplier = 2)",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "@Retryable(maxAttempts = 6) can never be reached: at most 4 attempts fit in"
                + " maxDuration = 1000 ms. A retry starts only while elapsed + wait <"
                + " maxDuration, and even if attempts took no time, the first 4 waits (100, 200,"
                + " 400, 800 ms) add up to 1500 ms, which is not below 1000. Lower maxAttempts to"
                + " 4, or raise maxDuration above 3100 ms, the sum of all 5 waits")
        .inFile(source)
        .onLineContaining("maxAttempts = 6");
  }

  @Test
  void maxAttemptsThatTheWaitsReachExactlyIsNotWarned() {
    // 1000 + 1000 = 2000 < 3000: all 3 attempts can start.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(maxAttempts = 3, maxDuration = 3000)",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void retryingUntilMaxDurationRunsOutWithTheLargestMaxAttemptsIsNotWarned() {
    // The idiom for "only time limits it", as in Spring Retry: no probable mistake.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(maxAttempts = Integer.MAX_VALUE, maxDuration = 10_000,",
            "      backoff = @Backoff(delay = 500))",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void calleeChosenWaitsAreNotWarned() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable(maxAttempts = 10, maxDuration = 3000,",
            "      backoff = @Backoff(delay = 1000, delayFor = \"retryAfter\"))",
            "  String charge(String account) throws IOException;",
            "",
            "  static long retryAfter(IOException failure) {",
            "    return 10;",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void randomJitteredOrCalleeChosenWaitsAreNotWarned() {
    // Their waits vary, so some calls may make every attempt: not a probable mistake.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(maxAttempts = 10, maxDuration = 3000,",
            "      backoff = @Backoff(delay = 1000, maxDelay = 2000, random = true))",
            "  String random(String account);",
            "",
            "  @Retryable(maxAttempts = 10, maxDuration = 3000,",
            "      backoff = @Backoff(delay = 1000, jitter = 0.5))",
            "  String jittered(String account);",
            "",
            "  @Retryable(maxAttempts = 10, maxDuration = 3000,",
            "      backoff = @Backoff(delay = 1000, multiplier = 2, random = true))",
            "  String exponentialRandom(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void typeLevelRetryableWithUnreachableDefaultMaxAttemptsWarnsOnceOnTheAnnotation() {
    // Default maxAttempts = 3 and wait of 1000 ms: 1000 + 1000 = 2000 is not below 1500.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable(maxDuration = 1500)",
            "interface Client {",
            "  String charge(String account);",
            "  String refund(String account);",
            "  String status();",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "The default maxAttempts = 3 of this @Retryable can never be reached: at most 2"
                + " attempts fit in maxDuration = 1500 ms. A retry starts only while elapsed +"
                + " wait < maxDuration, and even if attempts took no time, the first 2 waits"
                + " (1000 ms each) add up to 2000 ms, which is not below 1500. Lower maxAttempts"
                + " to 2, or raise maxDuration above 2000 ms, the sum of all 2 waits")
        .inFile(source)
        .onLineContaining("@Retryable(maxDuration = 1500)");
  }

  @Test
  void unreachableMaxAttemptsOfASupertypeInTheSameCompilationIsWarnedOnceWhereDeclared() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Base {",
            "  @Retryable(maxAttempts = 4, maxDuration = 1500)",
            "  String charge(String account);",
            "}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "@CircuitBreaker",
            "interface Client extends Base {}");
    Compilation compilation =
        javac.withOptions("-Xlint:all,-processing").compile(base, client);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining("@Retryable(maxAttempts = 4) can never be reached: at most 2")
        .inFile(base)
        .onLineContaining("maxAttempts = 4");
  }
  @Test
  void maxDelayOnAFixedWaitIsAWarningOnTheValueSayingWhatSpringRetryDoes() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(",
            "      delay = 100,",
            "      maxDelay = 500))",
            "  String charge(String account);",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(1);
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
    assertThat(compilation)
        .hadWarningContaining(
            "@Backoff(maxDelay = 500) has no effect: without a multiplier, random or jitter every"
                + " wait is delay = 100 ms, so there is nothing to cap. (Spring Retry would wait a"
                + " uniform random 100 to 500 ms here.) Add random = true for that, or remove"
                + " maxDelay")
        .inFile(source)
        .onLineContaining("maxDelay = 500))");
  }

  @Test
  void maxDelayThatCapsSomethingIsNotWarned() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(delay = 100, maxDelay = 500, random = true))",
            "  String random(String account);",
            "  @Retryable(backoff = @Backoff(delay = 100, maxDelay = 500, multiplier = 2))",
            "  String exponential(String account);",
            "  @Retryable(backoff = @Backoff(delay = 100, maxDelay = 110, jitter = 0.5))",
            "  String jittered(String account);",
            "  @Retryable(backoff = @Backoff(delay = 100, maxDelay = 500, delayFor = \"wait\"))",
            "  String asked(String account);",
            "  default long wait(RuntimeException failure) {",
            "    return 200;",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
  }
}
