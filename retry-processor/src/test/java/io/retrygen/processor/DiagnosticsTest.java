package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.Set;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One test per diagnostic: the message, the line it is reported on, and that it comes alone (no
 * cascade of follow-up errors). Values that are wrong sit on a line of their own, so that a
 * diagnostic reported on the annotation instead of the value fails the test.
 */
class DiagnosticsTest {
  /** A RetryProcessor that tells which files it wrote, even when the compilation failed. */
  private final RecordingProcessor processor = new RecordingProcessor();

  private final Compiler javac = Compiler.javac().withProcessors(processor);

  // ---------------------------------------------------------------------------------------------
  // @Retryable attributes

  @Test
  void maxAttemptsBelowOneIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      maxAttempts = 0)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(maxAttempts = 0) is invalid: maxAttempts counts the first call and must be"
                + " at least 1. Use maxAttempts = 1 to call once without retrying")
        .inFile(source)
        .onLineContaining("maxAttempts = 0");
  }

  @Test
  void negativeMaxDurationIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      maxDuration = -1)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(maxDuration = -1) is invalid: maxDuration is a time budget in milliseconds"
                + " and must not be negative. Use 0 for no time limit")
        .inFile(source)
        .onLineContaining("maxDuration = -1");
  }

  @Test
  void maxDurationNotAboveTheFirstDelayIsAnErrorOnMaxDuration() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      maxDuration = 500,",
            "      backoff = @Backoff(delay = 500))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(maxDuration = 500) leaves no time for a retry: the backoff waits 500 ms"
                + " before the first retry")
        .inFile(source)
        .onLineContaining("maxDuration = 500");
  }

  @Test
  void maxDurationBelowTheDefaultDelayIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      maxDuration = 800)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(maxDuration = 800) leaves no time for a retry: the backoff waits 1000 ms"
                + " before the first retry")
        .inFile(source)
        .onLineContaining("maxDuration = 800");
  }

  @Test
  void retryForAPrivateNestedExceptionIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Client {",
            "  private static class Busy extends RuntimeException {",
            "    private static final long serialVersionUID = 1L;",
            "  }",
            "",
            "  @Retryable(",
            "      retryFor = Busy.class)",
            "  public String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryFor = Busy.class) names a type that the generated class in package"
                + " test cannot see, so it cannot test for it. Make Busy public or"
                + " package-private")
        .inFile(source)
        .onLineContaining("retryFor = Busy.class");
  }

  @Test
  void listenerWithoutPublicNoArgConstructorIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.RetryListener;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      listeners = Audit.class)",
            "  String call();",
            "}",
            "class Audit implements RetryListener {",
            "  Audit(String name) {}",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(listeners = Audit.class) cannot be created by the generated class: a"
                + " listener must be a non-abstract, static, public (or same-package) class with a"
                + " public no-arg constructor. Add one, or register an instance with"
                + " RetryOptions.builder().listener(...)")
        .inFile(source)
        .onLineContaining("listeners = Audit.class");
  }

  @Test
  void abstractListenerIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.RetryListener;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      listeners = Audit.class)",
            "  String call();",
            "}",
            "abstract class Audit implements RetryListener {",
            "  public Audit() {}",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(listeners = Audit.class) cannot be created by the generated class")
        .inFile(source)
        .onLineContaining("listeners = Audit.class");
  }

  // ---------------------------------------------------------------------------------------------
  // @Backoff attributes

  @Test
  void negativeDelayIsAnErrorOnTheNestedValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          delay = -5))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delay = -5) is invalid: delay must not be negative. Use delay = 0 to retry"
                + " at once")
        .inFile(source)
        .onLineContaining("delay = -5");
  }

  @Test
  void negativeMaxDelayIsAnErrorOnTheNestedValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          maxDelay = -1))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(maxDelay = -1) is invalid: maxDelay must not be negative. Use 0 for no cap"
                + " (30000 ms for an exponential backoff)")
        .inFile(source)
        .onLineContaining("maxDelay = -1");
  }

  @Test
  void maxDelayBelowDelayIsAnErrorOnMaxDelay() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          delay = 500,",
            "          maxDelay = 100))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(maxDelay = 100) is below delay = 500: maxDelay caps every wait, so it must"
                + " be at least delay. Raise maxDelay to 500 or more, or use 0 for no cap")
        .inFile(source)
        .onLineContaining("maxDelay = 100");
  }

  @Test
  void multiplierBetweenZeroAndOneIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          multiplier = 0.5))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(multiplier = 0.5) is invalid: use a multiplier greater than 1 for an"
                + " exponential backoff, or 0 (the default) for a fixed one")
        .inFile(source)
        .onLineContaining("multiplier = 0.5");
  }

  @Test
  void negativeMultiplierIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          multiplier = -2))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining("@Backoff(multiplier = -2) is invalid") // as written, not -2.0
        .inFile(source)
        .onLineContaining("multiplier = -2");
  }

  @Test
  void jitterAboveOneIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          jitter = 1.5))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(jitter = 1.5) is invalid: jitter must be in [0, 1]; 0.1 lets each wait vary"
                + " by up to 10% either way")
        .inFile(source)
        .onLineContaining("jitter = 1.5");
  }

  @Test
  void negativeJitterIsAnErrorOnTheValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          jitter = -0.1))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining("@Backoff(jitter = -0.1) is invalid: jitter must be in [0, 1]")
        .inFile(source)
        .onLineContaining("jitter = -0.1");
  }

  @Test
  void exponentialDelayAboveTheImplicitCapIsAnErrorOnDelay() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          delay = 40000,",
            "          multiplier = 2))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(delay = 40000) is above the 30000 ms cap of an exponential backoff without"
                + " maxDelay, so every wait would be cut to 30000 ms. Set maxDelay to 40000 or"
                + " more")
        .inFile(source)
        .onLineContaining("delay = 40000");
  }

  @Test
  void randomFixedBackoffWithMaxDelayBelowDelayReportsOnlyMaxDelay() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          delay = 500,",
            "          maxDelay = 100,",
            "          random = true))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1); // not also "random has no range"
    assertThat(compilation)
        .hadErrorContaining("@Backoff(maxDelay = 100) is below delay = 500")
        .inFile(source)
        .onLineContaining("maxDelay = 100");
  }

  @Test
  void randomFixedBackoffWithoutMaxDelayIsAnErrorOnRandom() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          delay = 100,",
            "          random = true))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff(random = true) has no range to choose from: a fixed random backoff waits a"
                + " uniform time in [delay, maxDelay], so it needs maxDelay > delay. Set maxDelay,"
                + " or a multiplier > 1 to choose in [d, d * multiplier]")
        .inFile(source)
        .onLineContaining("random = true");
  }

  @Test
  void directBackoffIsCheckedToo() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  @Backoff(",
            "      delay = -5)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining("@Backoff(delay = -5) is invalid")
        .inFile(source)
        .onLineContaining("delay = -5");
  }

  @Test
  void backoffBothNestedAndDirectIsAnErrorOnTheDirectOne() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(delay = 10))",
            "  @Backoff(delay = 20)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff is given twice for this @Retryable: nested as @Retryable(backoff = ...) and"
                + " directly on the method. Keep one of them")
        .inFile(source)
        .onLineContaining("@Backoff(delay = 20)");
  }

  @Test
  void directBackoffWithoutRetryableIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "interface Client {",
            "  @Backoff(delay = 10)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff here belongs to no @Retryable: a @Backoff placed directly on a method"
                + " applies only to a @Retryable on the same method. Add @Retryable, or write"
                + " @Retryable(backoff = @Backoff(...))")
        .inFile(source)
        .onLineContaining("@Backoff(delay = 10)");
  }

  @Test
  void directBackoffOnATypeWithoutRetryableIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "@Backoff(delay = 10)",
            "interface Client {",
            "  @Retryable",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Backoff here belongs to no @Retryable: a @Backoff placed directly on a type"
                + " applies only to a @Retryable on the same type")
        .inFile(source)
        .onLineContaining("@Backoff(delay = 10)");
  }

  // ---------------------------------------------------------------------------------------------
  // Shapes of the annotated type

  @Test
  void finalClassIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "public final class Client {",
            "  public String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap final class Client: it generates the subclass ClientRetrying."
                + " Remove final, or put the annotations on an interface that Client implements")
        .inFile(source)
        .onLineContaining("final class Client");
  }

  @Test
  void enumIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Mode",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "public enum Mode {",
            "  FAST;",
            "  public String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap enum Mode: it generates a delegate for an interface or a"
                + " subclass for a class. Put the annotations on an interface that Mode"
                + " implements, and wrap it")
        .inFile(source)
        .onLineContaining("enum Mode");
  }

  @Test
  void recordIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Point",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "public record Point(int x, int y) {",
            "  public int sum() {",
            "    return x + y;",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("--release", "17").compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap record Point: it generates a delegate for an interface or a"
                + " subclass for a class. Put the annotations on an interface that Point"
                + " implements, and wrap it")
        .inFile(source)
        .onLineContaining("record Point");
  }

  @Test
  void privateNestedClassIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Outer",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Outer {",
            "  @Retryable",
            "  private static class Client {",
            "    String call() {",
            "      return \"\";",
            "    }",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    // One error: the implicit constructor of a private class is private too, but that is the
    // same problem, fixed by the same change.
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap class Client because Client is private: the generated"
                + " Outer_ClientRetrying is a top-level class of the package and cannot see it."
                + " Make it package-private or public")
        .inFile(source)
        .onLineContaining("class Client");
  }

  @Test
  void nestedInterfaceOfAPrivateClassIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Outer",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Outer {",
            "  private static class Mid {",
            "    interface Client {",
            "      @Retryable",
            "      String call();",
            "    }",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap interface Client because Mid is private: the generated"
                + " Outer_Mid_ClientRetrying is a top-level class of the package and cannot see"
                + " it")
        .inFile(source)
        .onLineContaining("interface Client");
  }

  @Test
  void innerClassIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Outer",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Outer {",
            "  @Retryable",
            "  class Client {",
            "    String call() {",
            "      return \"\";",
            "    }",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap inner class Client: the generated subclass"
                + " Outer_ClientRetrying has no enclosing instance to create it with. Make the"
                + " class static")
        .inFile(source)
        .onLineContaining("class Client");
  }

  @Test
  void classWithAnAbstractMethodLeftIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public abstract class Client {",
            "  @Retryable",
            "  public String call() {",
            "    return fetch(1);",
            "  }",
            "",
            "  protected abstract String fetch(int id);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "Client has the abstract method fetch(int) left, so a generated subclass would have"
                + " nothing to call. Implement it, or put the annotations on an interface to get a"
                + " delegate")
        .inFile(source)
        .onLineContaining("abstract class Client");
  }

  @Test
  void classWithOnlyPrivateConstructorsIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Client {",
            "  private Client() {}",
            "",
            "  private Client(String name) {}",
            "",
            "  @Retryable",
            "  public String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "retrygen cannot wrap class Client: it has no non-private constructor for the"
                + " generated subclass ClientRetrying to call. Add a package-private or public"
                + " constructor")
        .inFile(source)
        .onLineContaining("public class Client");
  }

  // ---------------------------------------------------------------------------------------------
  // Annotated methods

  @Test
  void retryableOnAFinalMethodIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Client {",
            "  @Retryable",
            "  public final String call(String id) {",
            "    return id;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable cannot be used on final method call(String): the generated class guards a"
                + " method by overriding it, and a final method cannot be overridden. Remove final,"
                + " or remove the annotation")
        .inFile(source)
        .onLineContaining("String call(String id)");
  }

  @Test
  void retryableOnAStaticMethodIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Client {",
            "  @Retryable",
            "  public static String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable cannot be used on static method call(): the generated class guards a"
                + " method by overriding it, and a static method cannot be overridden. Remove"
                + " static, or remove the annotation")
        .inFile(source)
        .onLineContaining("String call()");
  }

  @Test
  void retryableOnAStaticInterfaceMethodIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public interface Client {",
            "  @Retryable",
            "  static Client create() {",
            "    return null;",
            "  }",
            "",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining("@Retryable cannot be used on static method create()")
        .inFile(source)
        .onLineContaining("Client create()");
  }

  @Test
  void retryableOnAPrivateMethodIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Client {",
            "  @Retryable",
            "  private String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable cannot be used on private method call(): the generated class guards a"
                + " method by overriding it, and a private method cannot be overridden. Remove"
                + " private, or remove the annotation")
        .inFile(source)
        .onLineContaining("String call()");
  }

  @Test
  void futureThatIsNotACompletionStageIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.Future;",
            "interface Client {",
            "  @Retryable",
            "  Future<String> call(String id);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "call(String) returns Future<String>, a Future that is not a CompletionStage, which"
                + " does its work after the method returned, so a retry loop around the call would"
                + " never see it fail, and retrygen cannot retry that type. Return a"
                + " CompletableFuture or a CompletionStage instead, or remove @Retryable")
        .inFile(source)
        .onLineContaining("Future<String> call(String id)");
  }

  @Test
  void subclassOfCompletableFutureIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletableFuture;",
            "interface Client {",
            "  final class Reply extends CompletableFuture<String> {}",
            "  @Retryable",
            "  Reply call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "call() returns Client.Reply, a subclass of CompletableFuture, which does its work")
        .inFile(source)
        .onLineContaining("Reply call();");
  }

  @Test
  void rawCompletionStageIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletionStage;",
            "interface Client {",
            "  @Retryable",
            "  @SuppressWarnings(\"rawtypes\")",
            "  CompletionStage call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining(
            "call() returns the raw type CompletionStage, so the generated code could not say what"
                + " its future completes with without an unchecked conversion. Give it a type"
                + " argument, e.g. CompletionStage<Object>")
        .inFile(source)
        .onLineContaining("CompletionStage call();");
  }

  @Test
  void inheritedFutureMethodGuardedByTheTypeIsAnErrorOnTheType() {
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import java.util.concurrent.Future;",
            "interface Base {",
            "  Future<String> call();",
            "}");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends Base {",
            "  String other();",
            "}");
    Compilation compilation = javac.compile(base, source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining("Client inherits this from Base.call(): call() returns Future<String>")
        .inFile(source)
        .onLineContaining("interface Client");
  }

  @Test
  void retryOnResultOfAnAsyncMethodTestsTheFuturesValue() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletableFuture;",
            "interface Client {",
            "  @Retryable(retryOnResult = \"isEmpty\")",
            "  CompletableFuture<String> call();",
            "  static boolean isEmpty(CompletableFuture<String> future) {",
            "    return false;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            "@Retryable(retryOnResult = \"isEmpty\") cannot use isEmpty(CompletableFuture<String>):"
                + " it takes CompletableFuture<String>, which the result (String) cannot be passed"
                + " as")
        .inFile(source)
        .onLineContaining("@Retryable(retryOnResult");
  }

  @Test
  void recoverOfAnAsyncMethodReturningAStageOfAnotherValueIsNamedInTheWarning() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletableFuture;",
            "import java.util.concurrent.CompletionStage;",
            "interface Client {",
            "  @Retryable",
            "  CompletableFuture<String> call();",
            "  @Recover default CompletionStage<Integer> fallback() {",
            "    return null;",
            "  }",
            "  @Recover default Integer fallback(RuntimeException e) {",
            "    return 0;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(
            "@Recover method fallback() fits no guarded method of Client, so it is never called."
                + " The closest, call(), does not fit because fallback() returns"
                + " CompletionStage<Integer>, which is not a stage of String, the value of"
                + " CompletableFuture<String>")
        .inFile(source)
        .onLineContaining("default CompletionStage<Integer> fallback()");
    assertThat(compilation)
        .hadWarningContaining(
            "fallback(RuntimeException) returns Integer, which is neither String nor a stage of it,"
                + " as CompletableFuture<String> needs")
        .inFile(source)
        .onLineContaining("default Integer fallback(RuntimeException e)");
  }

  @Test
  void unknownRetryForClassIsJavacsErrorAloneAndNoCrash() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      retryFor = NoSuchException.class)",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    // javac's error is on the value; a second one of ours would only repeat it.
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining("cannot find symbol")
        .inFile(source)
        .onLineContaining("NoSuchException.class");
    for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
      assertThat(error.getMessage(null)).doesNotContain("retrygen failed");
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Several errors, several types

  @Test
  void everyErrorOfATypeIsReportedAndNothingIsGenerated() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(",
            "      maxAttempts = 0)",
            "  String first();",
            "",
            "  @Retryable(",
            "      backoff = @Backoff(",
            "          jitter = 2.0))",
            "  String second();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(2);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining("@Retryable(maxAttempts = 0) is invalid")
        .inFile(source)
        .onLineContaining("maxAttempts = 0");
    assertThat(compilation)
        .hadErrorContaining("@Backoff(jitter = 2) is invalid")
        .inFile(source)
        .onLineContaining("jitter = 2.0");
  }

  @Test
  void everyShapeErrorOfATypeIsReported() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Outer",
            "package test;",
            "import io.retrygen.Retryable;",
            "public class Outer {",
            "  @Retryable",
            "  final class Client {",
            "    String call() {",
            "      return \"\";",
            "    }",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).hadErrorCount(2);
    assertThat(processor.createdSourceFiles()).isEmpty();
    assertThat(compilation)
        .hadErrorContaining("retrygen cannot wrap final class Client")
        .inFile(source)
        .onLineContaining("class Client");
    assertThat(compilation)
        .hadErrorContaining("retrygen cannot wrap inner class Client")
        .inFile(source)
        .onLineContaining("class Client");
  }

  @Test
  void errorsInOneTypeDoNotStopAnother() {
    JavaFileObject bad =
        JavaFileObjects.forSourceLines(
            "test.Bad",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Bad {",
            "  @Retryable(",
            "      maxAttempts = 0)",
            "  String call();",
            "}");
    JavaFileObject good =
        JavaFileObjects.forSourceLines(
            "test.Good",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Good {",
            "  @Retryable",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(bad, good);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining("@Retryable(maxAttempts = 0) is invalid")
        .inFile(bad)
        .onLineContaining("maxAttempts = 0");
    assertThat(processor.createdSourceFiles()).containsExactly("test.GoodRetrying");
  }

  @Test
  void typeLevelRetryableSkipsFinalStaticAndPrivateMethodsSilently() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "public class Client {",
            "  public String call() {",
            "    return helper();",
            "  }",
            "",
            "  public final String fixed() {",
            "    return \"\";",
            "  }",
            "",
            "  public static String create() {",
            "    return \"\";",
            "  }",
            "",
            "  private String helper() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.withOptions("-Xlint:all,-processing").compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles()).containsExactly("test.ClientRetrying");
    assertThat(compilation)
        .generatedSourceFile("test.ClientRetrying")
        .contentsAsUtf8String()
        .contains("public String call()");
    assertThat(compilation)
        .generatedSourceFile("test.ClientRetrying")
        .contentsAsUtf8String()
        .doesNotContainMatch("fixed\\(|create\\(|helper\\(");
  }
}
