package io.retrygen.processor;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeMirror;

/** A {@code @Recover} method that fits one guarded method, and how to call it. */
final class RecoverMethod {
  private final ExecutableElement method;
  private final TypeMirror failureType;
  private final int argumentCount;

  RecoverMethod(ExecutableElement method, TypeMirror failureType, int argumentCount) {
    this.method = method;
    this.failureType = failureType;
    this.argumentCount = argumentCount;
  }

  ExecutableElement method() {
    return method;
  }

  /** The type of its leading failure parameter; null when it takes none (it matches anything). */
  TypeMirror failureType() {
    return failureType;
  }

  /** How many of the guarded method's parameters it takes, from the first. */
  int argumentCount() {
    return argumentCount;
  }
}
