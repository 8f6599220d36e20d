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

  private AnnotationNames() {}
}
