package io.retrygen.processor.model;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeMirror;

/** A {@code @Recover} method that fits one guarded method, and how to call it. */
public final class RecoverMethod {
  private final ExecutableElement method;
  private final TypeMirror failureType;
  private final int argumentCount;
  private final boolean takesInterruption;
  private final boolean takesCancellation;
  private final boolean returnsStage;
  private final boolean catchesAll;
  private final boolean deprecated;
  private final boolean unchecked;

  public RecoverMethod(
      ExecutableElement method,
      TypeMirror failureType,
      int argumentCount,
      boolean takesInterruption,
      boolean takesCancellation,
      boolean returnsStage,
      boolean catchesAll,
      boolean deprecated,
      boolean unchecked) {
    this.method = method;
    this.failureType = failureType;
    this.argumentCount = argumentCount;
    this.takesInterruption = takesInterruption;
    this.takesCancellation = takesCancellation;
    this.returnsStage = returnsStage;
    this.catchesAll = catchesAll;
    this.deprecated = deprecated;
    this.unchecked = unchecked;
  }

  /**
   * Whether it takes every failure (no failure parameter, or {@code Throwable}): the generated
   * chain ends with it, and the recover methods after it are never called.
   */
  public boolean catchesAll() {
    return catchesAll;
  }

  /** Whether it is deprecated: the generated code that calls it must suppress the warning. */
  public boolean deprecated() {
    return deprecated;
  }

  /**
   * Whether the call needs an unchecked conversion: a raw type it returns where the method's
   * parameterized type is expected, or one of the method's raw parameter types passed as its
   * parameterized one ("assignable" includes both).
   */
  public boolean unchecked() {
    return unchecked;
  }

  /**
   * For an asynchronous method: whether it returns the method's future type (its outcome becomes
   * the call's) rather than the value.
   */
  public boolean returnsStage() {
    return returnsStage;
  }

  public ExecutableElement method() {
    return method;
  }

  /** The type of its leading failure parameter; null when it takes none (it matches anything). */
  public TypeMirror failureType() {
    return failureType;
  }

  /**
   * Whether it can be called for an {@code InterruptedException} (it takes none, or a supertype
   * of it): then the generated code sets the interrupt flag again when it returns.
   */
  public boolean takesInterruption() {
    return takesInterruption;
  }

  /**
   * Whether it could be called for a {@code CancellationException} (it takes none, or a supertype
   * of it), which is never recovered unless {@code retryFor} names it: then the generated code
   * rethrows a cancellation before the chain.
   */
  public boolean takesCancellation() {
    return takesCancellation;
  }

  /** How many of the guarded method's parameters it takes, from the first. */
  public int argumentCount() {
    return argumentCount;
  }
}
