package io.retrygen.processor;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeMirror;

/** A {@code @Recover} method that fits one guarded method, and how to call it. */
final class RecoverMethod {
  private final ExecutableElement method;
  private final TypeMirror failureType;
  private final int argumentCount;
  private final boolean takesInterruption;
  private final boolean returnsStage;

  RecoverMethod(
      ExecutableElement method,
      TypeMirror failureType,
      int argumentCount,
      boolean takesInterruption,
      boolean returnsStage) {
    this.method = method;
    this.failureType = failureType;
    this.argumentCount = argumentCount;
    this.takesInterruption = takesInterruption;
    this.returnsStage = returnsStage;
  }

  /**
   * For an asynchronous method: whether it returns the method's future type (its outcome becomes
   * the call's) rather than the value (SPEC §7).
   */
  boolean returnsStage() {
    return returnsStage;
  }

  ExecutableElement method() {
    return method;
  }

  /** The type of its leading failure parameter; null when it takes none (it matches anything). */
  TypeMirror failureType() {
    return failureType;
  }

  /**
   * Whether it can be called for an {@code InterruptedException} (it takes none, or a supertype
   * of it): then the generated code sets the interrupt flag again when it returns (SPEC §3).
   */
  boolean takesInterruption() {
    return takesInterruption;
  }

  /** How many of the guarded method's parameters it takes, from the first. */
  int argumentCount() {
    return argumentCount;
  }
}
