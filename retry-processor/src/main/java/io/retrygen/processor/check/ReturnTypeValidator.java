package io.retrygen.processor.check;

import io.retrygen.processor.elements.DeferredTypes;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.Report;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * The rules for what a guarded method returns: a loop around a call can retry only what fails
 * before the call returns, so every type that finishes its work later is either retried by the
 * writer of its own kind (a {@code CompletionStage} or {@code CompletableFuture} of a type), by a
 * module of ours that must then be on the compile classpath, or not at all: a compile error that
 * says which.
 */
public final class ReturnTypeValidator {
  private final Types types;
  private final Report report;

  ReturnTypeValidator(Types types, Report report) {
    this.types = types;
    this.report = report;
  }

  /** Checks the return type of guarded {@code method}. */
  void check(GuardedMethod method) {
    if (KotlinSupport.isSuspend(method.method())) {
      reportSuspend(method.method());
      return;
    }
    TypeMirror returnType = method.type().getReturnType();
    if (method.shape().isAsync() && ((DeclaredType) returnType).getTypeArguments().isEmpty()) {
      report.error(
          method.method(),
          "%s returns the raw type %s, so the generated code could not say what its future"
              + " completes with without an unchecked conversion. Give it a type argument, e.g."
              + " %s<Object>",
          Messages.signature(method.method()),
          Messages.typeName(returnType),
          Messages.typeName(returnType));
    } else {
      reportDeferred(method, returnType);
    }
  }

  /**
   * A return type that does its work after the method returned, other than the futures the
   * generated code handles itself: either a module of ours retries it (then it must be on the
   * compile classpath) or nothing does.
   */
  private void reportDeferred(GuardedMethod method, TypeMirror returnType) {
    DeferredTypes.Deferred deferred = DeferredTypes.of(types, returnType);
    if (deferred == null) {
      return;
    }
    String annotation = method.retry() == null ? "@CircuitBreaker" : "@Retryable";
    // An inherited method is reported on the input, naming its supertype (ReportPrinter).
    if (deferred.module != null) {
      report.error(
          method.method(),
          "%s returns %s, which does its work after the method returned, so a retry loop around"
              + " the call would never see it fail. retrygen retries it by calling the method"
              + " again, with %s on the compile classpath: add that dependency, or remove %s",
          Messages.signature(method.method()),
          Messages.typeName(returnType),
          deferred.module,
          annotation);
    } else {
      report.error(
          method.method(),
          "%s returns %s, %s, which does its work after the method returned, so a retry loop"
              + " around the call would never see it fail, and retrygen cannot retry that type."
              + " Return a CompletableFuture or a CompletionStage instead, or remove %s",
          Messages.signature(method.method()),
          Messages.typeName(returnType),
          deferred.description,
          annotation);
    }
  }
  /**
   * A guarded suspend function would compile, but a loop around the call would end at its first
   * suspension, which returns {@code COROUTINE_SUSPENDED} rather than failing: it is retried
   * through the Kotlin module, which is not on the compile classpath.
   */
  private void reportSuspend(ExecutableElement method) {
    report.error(
        method,
        "suspend function %s is retried without blocking by %s, which is not on the compile"
            + " classpath: a retry loop around the call would end at its first suspension. Add"
            + " that dependency, or do not guard the function",
        KotlinSupport.suspendSignature(method), DeferredTypes.KOTLIN_MODULE);
  }
}
