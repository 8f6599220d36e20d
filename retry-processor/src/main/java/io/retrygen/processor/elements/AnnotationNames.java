package io.retrygen.processor.elements;

/**
 * The qualified names of the annotations and API types the processor reads. Strings, not class
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

  private AnnotationNames() {}
}
