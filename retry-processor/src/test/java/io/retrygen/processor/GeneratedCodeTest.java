package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.retrygen.processor.GeneratedFiles.generated;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Inputs whose generated code once failed to compile, warned, or meant something else than
 * written. Each must compile without warnings under -Xlint:all.
 */
class GeneratedCodeTest {
  private final Compiler javac =
      Compiler.javac().withProcessors(new RetryProcessor()).withOptions("-Xlint:all,-processing");

  @Test
  void overloadsAreNamedByTheirParameterTypesAndOnlyAClashGetsANumber() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client {",
            "  String call();",
            "  String call(int times);",
            "  String callInt();",
            "  String call2();",
            "  String legacyTotal(String[] names);",
            "  String call_x();",
            "  String callX();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("private final Retrier callRetrier;");
    assertThat(generated).contains("private final Retrier callIntRetrier;");
    assertThat(generated).contains("private final Retrier callInt2Retrier;");
    assertThat(generated).contains("private final Retrier call2Retrier;");
    assertThat(generated).contains("private final Retrier legacyTotalRetrier;");
    assertThat(generated).contains("private static final RetryPolicy CALL_INT_POLICY = ");
    assertThat(generated).contains("private static final RetryPolicy CALL_INT2_POLICY = ");
    assertThat(generated).contains("private static final RetryPolicy LEGACY_TOTAL_POLICY = ");
    assertThat(generated).contains("this.callInt2Retrier = CALL_INT2_POLICY.bind(options);");
    assertThat(generated).contains("Retrier retrier = this.callIntRetrier;");
    // Both would make CALL_X_POLICY.
    assertThat(generated).contains("private static final RetryPolicy CALL_X_POLICY = ");
    assertThat(generated).contains("private static final RetryPolicy CALL_X2_POLICY = ");
  }

  @Test
  void asyncParametersNamedLikeTheHooksParametersAndTypesStillCompile() throws IOException {
    // failure and result are the hooks' parameters; CompletableFuture is named by recover();
    // AsynchronousCompletionTask and State (Java 19+) are member types of CompletableFuture, which
    // the anonymous call class must not inherit, or they would hide these in its hooks.
    JavaFileObject task =
        JavaFileObjects.forSourceLines(
            "test.AsynchronousCompletionTask",
            "package test;",
            "public final class AsynchronousCompletionTask {}");
    JavaFileObject state =
        JavaFileObjects.forSourceLines(
            "test.State", "package test;", "public enum State { OPEN, SHIPPED }");
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletableFuture;",
            "import java.util.concurrent.CompletionStage;",
            "interface Client {",
            "  @Retryable(retryOnResult = \"isOpen\")",
            "  CompletionStage<State> state(String id);",
            "  static boolean isOpen(State state) {",
            "    return state == State.OPEN;",
            "  }",
            "  @Recover",
            "  default State unknown(String id) {",
            "    return State.OPEN;",
            "  }",
            "  @Retryable(retryOnResult = \"isBad\")",
            "  CompletableFuture<AsynchronousCompletionTask> call(",
            "      String failure, String result, String CompletableFuture);",
            "  static boolean isBad(AsynchronousCompletionTask task) {",
            "    return task == null;",
            "  }",
            "  @Recover",
            "  default AsynchronousCompletionTask fallback(Exception e, String failure) {",
            "    return new AsynchronousCompletionTask();",
            "  }",
            "}");
    Compilation compilation = javac.compile(task, state, source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("protected boolean retryable(Throwable failure_)");
    assertThat(generated)
        .contains("protected boolean rejects(AsynchronousCompletionTask result_)");
    assertThat(generated).contains("protected boolean rejects(State result)");
    assertThat(generated).contains("return java.util.concurrent.CompletableFuture.completedFuture(");
    assertThat(generated)
        .contains("ClientRetrying.this.delegate.fallback((Exception) failure_, failure));");
  }

  @Test
  void parametersNamedLikeTheTypesTheLoopNamesDoNotObscureThem() throws IOException {
    // Thread.currentThread() and Client.isBad(result) would read the parameters Thread and Client.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(retryOnResult = \"isBad\")",
            "  String call(String Thread, String Client, String Retrier, String InterruptedException);",
            "  static boolean isBad(String result) {",
            "    return result.isEmpty();",
            "  }",
            "  @Recover",
            "  default String fallback(Exception e) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("java.lang.Thread.currentThread().interrupt();");
    assertThat(generated).contains("rejected = test.Client.isBad(result);");
  }

  @Test
  void nestedTypesOfTheInputDoNotCaptureTheNamesTheGeneratedCodeUses() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable",
            "  String call();",
            "  class Objects {}",
            "  class Exception extends RuntimeException {",
            "    private static final long serialVersionUID = 1L;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    // The default retryFor is java.lang.Exception, not the nested Client.Exception.
    assertThat(generated).contains("failure instanceof java.lang.Exception");
    assertThat(generated).contains("java.util.Objects.requireNonNull(delegate");
  }

  @Test
  void deprecatedInputGivesAWarningFreeClass() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Deprecated",
            "public interface Client {",
            "  @Retryable",
            "  Client call(Client other);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("@SuppressWarnings(\"deprecation\")");
  }

  @Test
  void typeNestedInADeprecatedTypeGivesAWarningFreeClass() {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Outer",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Deprecated",
            "public class Outer {",
            "  public interface Client {",
            "    @Retryable",
            "    String call();",
            "  }",
            "}");
    assertThat(javac.compile(source)).succeededWithoutWarnings();
  }

  @Test
  void exponentialDelayAboveTheImplicitCapIsBuiltInOneCallWhenMaxDelayIsSet() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "interface Client {",
            "  @Retryable(backoff = @Backoff(delay = 60000, multiplier = 2, maxDelay = 120000))",
            "  String call();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    // exponential(60000L, 2.0).withMaxDelay(..) would throw when the class initializes.
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("BackoffPolicy.exponential(60000L, 2.0, 120000L)");
  }

  @Test
  void typeLevelPredicatesAreNotThemselvesGuarded() throws IOException {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Repo",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable(retryOnResult = \"isEmpty\", retryIf = \"isTransient\")",
            "public class Repo {",
            "  public String load() { return \"x\"; }",
            "  protected boolean isEmpty(String value) { return value.isEmpty(); }",
            "  protected boolean isTransient(RuntimeException e) { return true; }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.RepoRetrying");
    assertThat(generated).contains("public String load()");
    assertThat(generated).contains("super.isEmpty(result)");
    assertThat(generated).doesNotContain("boolean isEmpty(");
    assertThat(generated).doesNotContain("boolean isTransient(");
  }

  // Found by RandomShapesTest. Each of the following failed to compile, warned, or suppressed a
  // warning javac would not give, before the fix it names.

  @Test
  void methodNamedLikeItsPredicateIsGuardedWhenItCannotBeThePredicate() throws IOException {
    // Overloads of the predicates' names, but not predicates: they were forwarded unguarded.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletionStage;",
            "interface Client {",
            "  @Retryable(retryOnResult = \"call\")",
            "  String call(int id);",
            "  @Retryable(retryOnResult = \"isEmpty\", retryIf = \"isEmpty\")",
            "  CompletionStage<String> isEmpty(long id);",
            "  static boolean call(String value) {",
            "    return value.isEmpty();",
            "  }",
            "  static boolean isEmpty(String value) {",
            "    return value.isEmpty();",
            "  }",
            "  static boolean isEmpty(Exception failure) {",
            "    return true;",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("private final Retrier callRetrier;");
    assertThat(generated).contains("rejected = Client.call(result);");
    assertThat(generated).contains("private final Retrier isEmptyRetrier;");
    assertThat(generated).contains("return Client.isEmpty(result);");
    assertThat(generated)
        .contains("return failure instanceof Exception && Client.isEmpty((Exception) failure);");
  }

  @Test
  void inheritedGenericMethodGetsTheBoundsOfItsMemberType() throws IOException {
    // SignatureWriter took the bound from the declaration: <T extends List<A>>, A not in scope.
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import java.util.List;",
            "interface Base<A> {",
            "  <T extends List<A>> T first(T items);",
            "}");
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Client extends Base<String> {}");
    Compilation compilation = javac.compile(base, client);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("public <T extends List<String>> T first(T items) {");
  }

  @Test
  void typeVariableThatIsOnlyThrownIsPassedExplicitly() throws IOException {
    // Inferred at the call, E became IOException (JLS 18.1.3): "unreported exception".
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "interface Client {",
            "  @Retryable",
            "  <E extends IOException> String call() throws E;",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("result = this.delegate.<E>call();");
  }

  @Test
  void typeArgumentsThatInferenceCannotFindArePassedExplicitly() throws IOException {
    // javac: "Map<String,CAP#1> cannot be converted to Map<String,? super U>".
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.Map;",
            "interface Client {",
            "  @Retryable",
            "  <U extends Comparable<U>> Comparable<U> put(Map<String, ? super U> values);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.ClientRetrying"))
        .contains("result = this.delegate.<U>put(values);");
  }

  @Test
  void methodTypeVariableNamedLikeAClassTypeVariableIsRenamed() throws IOException {
    // Written <R extends List<R>> R first(R items), the method's R captured the class's R.
    JavaFileObject base =
        JavaFileObjects.forSourceLines(
            "test.Base",
            "package test;",
            "import java.util.List;",
            "class Base<A> {",
            "  <R extends List<A>> R first(R items) {",
            "    return items;",
            "  }",
            "}");
    JavaFileObject store =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "class Store<R> extends Base<R> {}");
    Compilation compilation = javac.compile(base, store);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.StoreRetrying");
    assertThat(generated).contains("<R2 extends List<R>> R2 first(R2 items) {");
    assertThat(generated).contains("R2 result;");
    assertThat(generated).contains("result = super.<R2>first(items);");
  }

  @Test
  void genericConstructorThatThrowsItsTypeVariableIsCalledWithIt() throws IOException {
    // this(RetryOptions.defaults()) and super() inferred Q as IOException.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "class Store {",
            "  <Q extends IOException> Store() throws Q {}",
            "  @Retryable",
            "  String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.StoreRetrying");
    assertThat(generated).contains("<Q>this(RetryOptions.defaults());");
    assertThat(generated).contains("<Q>super();");
  }

  @Test
  void constructorsWithGenericVarargsOrRawTypesSuppressTheirWarnings() throws IOException {
    // The generated constructors warned: heap pollution from T..., and found raw type List.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "class Store<T> {",
            "  @SuppressWarnings(\"unchecked\")",
            "  Store(T... items) {}",
            "  @SuppressWarnings(\"rawtypes\")",
            "  Store(List items) {}",
            "  @Retryable",
            "  String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.StoreRetrying");
    assertThat(generated)
        .contains("@SuppressWarnings(\"unchecked\")\n  StoreRetrying(T... items) {");
    String withOptions = "StoreRetrying(RetryOptions options, T... items) {";
    assertThat(generated).contains("@SuppressWarnings(\"unchecked\")\n  " + withOptions);
    assertThat(generated)
        .contains("@SuppressWarnings(\"rawtypes\")\n  StoreRetrying(List items) {");
  }

  @Test
  void varargsOfWildcardExtendingObjectNeedNoSuppression() throws IOException {
    // The generated List<?>... does not warn, but the processor added @SuppressWarnings.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "interface Client {",
            "  @Retryable",
            "  @SuppressWarnings(\"unchecked\")",
            "  void send(List<? extends Object>... batches);",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated).contains("  @Override\n  public void send(List<?>... batches) {");
    assertThat(generated).doesNotContain("@SuppressWarnings");
  }

  @Test
  void interfaceThatRedeclaresCloneGetsItForwarded() throws IOException {
    // Object.clone() is protected: skipped as a method of Object, it was left unimplemented.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Copyable",
            "package test;",
            "import io.retrygen.Retryable;",
            "@Retryable",
            "interface Copyable {",
            "  Copyable clone();",
            "  String name();",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.CopyableRetrying");
    assertThat(generated).contains("public Copyable clone() {\n    return this.delegate.clone();");
    assertThat(generated).doesNotContain("cloneRetrier");
    assertThat(generated).contains("nameRetrier");
  }

  @Test
  void constructorParametersDoNotObscureTheTypesTheConstructorsName() throws IOException {
    // this(RetryOptions.defaults(), RetryOptions, ...) read RetryOptions as the parameter, and
    // CALL_POLICY.bind(options) would read the parameter named CALL_POLICY.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "class Store {",
            "  Store(String RetryOptions, int CALL_POLICY) {}",
            "  @Retryable(backoff = @Backoff(delay = 10))",
            "  String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.StoreRetrying"))
        .contains("this(RetryOptions.defaults(), RetryOptions_, CALL_POLICY_);");
  }

  @Test
  void constructorParameterDoesNotObscureTheQualifiedNameOfAType() throws IOException {
    // A nested RetryOptions makes the generated code write io.retrygen.runtime.RetryOptions.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Store",
            "package test;",
            "import io.retrygen.Retryable;",
            "class Store {",
            "  Store(String io) {}",
            "  static class RetryOptions {}",
            "  @Retryable",
            "  String call() {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(generated(compilation, "test.StoreRetrying"))
        .contains("this(io.retrygen.runtime.RetryOptions.defaults(), io_);");
  }

  @Test
  void deprecatedRecoverMethodsAndPredicatesAreCalledWithoutWarnings() throws IOException {
    // The generated class is another top-level class, so each call of them warned (JLS 9.6.4.6).
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.util.concurrent.CompletionStage;",
            "interface Client {",
            "  @Retryable(retryOnResult = \"isBad\")",
            "  String call();",
            "  @Retryable(retryIf = \"isTransient\")",
            "  CompletionStage<String> callAsync();",
            "  @Retryable",
            "  @Deprecated",
            "  String old();",
            "  @Deprecated",
            "  static boolean isBad(String result) {",
            "    return result.isEmpty();",
            "  }",
            "  @Deprecated",
            "  static boolean isTransient(Exception failure) {",
            "    return true;",
            "  }",
            "  @Deprecated",
            "  @Recover",
            "  default String fallback(IllegalStateException failure) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated)
        .contains("  @Override\n  @SuppressWarnings(\"deprecation\")\n  public String call() {");
    assertThat(generated)
        .contains(
            "  @Override\n  @SuppressWarnings(\"deprecation\")\n"
                + "  public CompletionStage<String> callAsync() {");
    // Uses inside a deprecated method do not warn.
    assertThat(generated).contains("  @Override\n  @Deprecated\n  public String old() {");
  }

  @Test
  void rawRecoverResultsAndArgumentsAreConvertedWithoutWarnings() throws IOException {
    // SPEC §5's "assignable" includes unchecked conversions, which warned in the generated code.
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.Recover;",
            "import io.retrygen.Retryable;",
            "import java.util.List;",
            "import java.util.concurrent.CompletableFuture;",
            "import java.util.concurrent.CompletionStage;",
            "interface Client {",
            "  @Retryable(recover = \"rawList\")",
            "  List<String> names();",
            "  @Retryable(recover = \"rawList\")",
            "  CompletionStage<List<String>> namesAsync();",
            "  @Retryable(recover = \"rawFuture\")",
            "  CompletionStage<List<String>> namesLater();",
            "  @Retryable(recover = \"rawFuture\")",
            "  CompletableFuture<?> anything();",
            "  @Retryable(recover = \"typed\")",
            "  @SuppressWarnings(\"rawtypes\")",
            "  String first(List names);",
            "  @SuppressWarnings(\"rawtypes\")",
            "  @Recover",
            "  default List rawList() {",
            "    return null;",
            "  }",
            "  @SuppressWarnings(\"rawtypes\")",
            "  @Recover",
            "  default CompletableFuture rawFuture() {",
            "    return null;",
            "  }",
            "  @Recover",
            "  default String typed(List<String> names) {",
            "    return \"\";",
            "  }",
            "}");
    Compilation compilation = javac.compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    String generated = generated(compilation, "test.ClientRetrying");
    assertThat(generated)
        .contains(
            "  @Override\n  @SuppressWarnings(\"unchecked\")\n  public List<String> names() {");
    assertThat(generated)
        .contains(
            "  @Override\n  @SuppressWarnings(\"unchecked\")\n"
                + "  public CompletionStage<List<String>> namesAsync() {");
    assertThat(generated)
        .contains(
            "  @Override\n  @SuppressWarnings(\"unchecked\")\n"
                + "  public CompletionStage<List<String>> namesLater() {");
    assertThat(generated)
        .contains(
            "  @Override\n  @SuppressWarnings({\n      \"rawtypes\",\n      \"unchecked\"\n  })\n"
                + "  public String first(List names) {");
    // A raw type converts to CompletableFuture<?> without a warning: nothing to suppress.
    assertThat(generated).contains("  @Override\n  public CompletableFuture<?> anything() {");
  }
  @Test
  void generatedClassesPassDoclintAtEveryAccessLevel() {
    // The inputs are documented in full, so that every doclint warning would be the generated
    // code's: constructors' parameters, private constants and fields, readObject.
    JavaFileObject client =
        JavaFileObjects.forSourceLines(
            "test.Client",
            "package test;",
            "import io.retrygen.CircuitBreaker;",
            "import io.retrygen.Retryable;",
            "/** A client. */",
            "public interface Client {",
            "  /**",
            "   * Charges.",
            "   *",
            "   * @param account the account",
            "   * @return the receipt",
            "   */",
            "  @Retryable",
            "  @CircuitBreaker",
            "  String charge(String account);",
            "}");
    JavaFileObject worker =
        JavaFileObjects.forSourceLines(
            "test.Worker",
            "package test;",
            "import io.retrygen.Retryable;",
            "/** A worker. */",
            "public class Worker implements java.io.Serializable {",
            "  /** Its version. */",
            "  private static final long serialVersionUID = 1L;",
            "  /** Its name. */",
            "  private final String name;",
            "",
            "  /**",
            "   * A worker.",
            "   *",
            "   * @param name its name",
            "   */",
            "  public Worker(String name) {",
            "    this.name = name;",
            "  }",
            "",
            "  /**",
            "   * Works.",
            "   *",
            "   * @return the result",
            "   */",
            "  @Retryable",
            "  public String work() {",
            "    return name;",
            "  }",
            "}");
    Compilation compilation =
        Compiler.javac()
            .withProcessors(new RetryProcessor())
            .withOptions("-Xlint:all,-processing", "-Xdoclint:all")
            .compile(client, worker);
    assertThat(compilation).succeededWithoutWarnings();
  }
}
