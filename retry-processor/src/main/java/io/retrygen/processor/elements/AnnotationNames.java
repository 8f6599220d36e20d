package io.retrygen.processor.elements;

/**
 * The qualified names of the annotations and API types the processor reads, and of the runtime
 * classes whose presence it checks. Strings, not class
 * literals: the processor must not load user-facing classes (a test checks each name against the
 * real class).
 */
public final class AnnotationNames {
  /** The package of the annotations, whose annotations the generated code never copies. */
  public static final String API_PACKAGE = "io.retrygen";
  public static final String RETRYABLE = "io.retrygen.Retryable";
  public static final String BACKOFF = "io.retrygen.Backoff";
  public static final String RECOVER = "io.retrygen.Recover";
  public static final String CIRCUIT_BREAKER = "io.retrygen.CircuitBreaker";
  public static final String RETRY_BUDGET = "io.retrygen.RetryBudget";
  public static final String TIMEOUT = "io.retrygen.Timeout";
  public static final String RETRY_LISTENER = "io.retrygen.RetryListener";
  public static final String STATISTICS_LISTENER = "io.retrygen.runtime.StatisticsListener";
  /** The options a generated constructor takes, told apart from the input's own parameters. */
  public static final String RETRY_OPTIONS = "io.retrygen.runtime.RetryOptions";
  public static final String GENERATED = "javax.annotation.processing.Generated";
  /** The artifact of the runtime, which holds the drivers below. */
  public static final String RUNTIME_MODULE = "io.retrygen:retry-runtime";
  /** The driver of a method that returns at once: its generated loop asks this. */
  public static final String RETRIER = "io.retrygen.runtime.internal.Retrier";
  /** The driver of a method that returns a {@code CompletionStage}. */
  public static final String ASYNC_CALL = "io.retrygen.runtime.internal.AsyncCall";
  /** The artifact that retries Kotlin {@code suspend} functions and {@code Flow}s. */
  public static final String KOTLIN_MODULE = "io.retrygen:retry-kotlin";
  /** The driver of a Kotlin {@code suspend} function. */
  public static final String SUSPEND_CALL = "io.retrygen.kotlin.SuspendCall";
  /** The driver of a function that returns a Kotlin {@code Flow}. */
  public static final String FLOW_CALL = "io.retrygen.kotlin.FlowCall";
  /** The artifact that retries Reactor's {@code Mono} and {@code Flux}. */
  public static final String REACTOR_MODULE = "io.retrygen:retry-reactor";
  public static final String MONO_CALL = "io.retrygen.reactor.MonoCall";
  public static final String FLUX_CALL = "io.retrygen.reactor.FluxCall";
  /** The artifact that retries RxJava 3's {@code Single}, {@code Maybe}, {@code Completable}... */
  public static final String RXJAVA3_MODULE = "io.retrygen:retry-rxjava3";
  public static final String SINGLE_CALL = "io.retrygen.rxjava3.SingleCall";
  public static final String MAYBE_CALL = "io.retrygen.rxjava3.MaybeCall";
  public static final String COMPLETABLE_CALL = "io.retrygen.rxjava3.CompletableCall";
  public static final String OBSERVABLE_CALL = "io.retrygen.rxjava3.ObservableCall";
  public static final String FLOWABLE_CALL = "io.retrygen.rxjava3.FlowableCall";

  private AnnotationNames() {}
}
