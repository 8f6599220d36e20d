package io.retrygen.processor.check;

import io.retrygen.processor.elements.DeferredTypes;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.ReturnKind;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The rules for what a guarded method returns: a loop around a call can retry only what fails
 * before the call returns, so every type that finishes its work later is either retried by the
 * writer of its own kind (a {@code CompletionStage} or {@code CompletableFuture} of a type), by a
 * module of ours that must then be on the compile classpath, or not at all: a compile error that
 * says which.
 */
public final class ReturnTypeValidator {
  private final Elements elements;
  private final Types types;
  private final Report report;
  /**
   * Whether each kind's driver is on the compile classpath: looked up once per compilation, as the
   * class path does not change while it runs.
   */
  private final Map<ReturnKind, Boolean> driverFound = new EnumMap<>(ReturnKind.class);

  ReturnTypeValidator(Elements elements, Types types, Report report) {
    this.elements = elements;
    this.types = types;
    this.report = report;
  }

  /**
   * Checks the return type of guarded {@code method}.
   *
   * @param missingDrivers the missing drivers already reported for this input, to which this adds
   */
  void check(GuardedMethod method, Set<String> missingDrivers) {
    if (!driverFound(method.returnKind())) {
      if (missingDrivers.add(method.returnKind().driver())) {
        reportMissingDriver(method);
      }
      return;
    }
    TypeMirror returnType = method.type().getReturnType();
    if (method.returnKind() == ReturnKind.FLOW && method.retry() != null
        && !method.retry().retryOnResult().isEmpty()) {
      RetryConfig retry = method.retry();
      report.error(
          retry.annotatedElement(),
          retry.mirror(),
          retry.explicit("retryOnResult"),
          "retryOnResult does not apply to %s, which returns a Flow: a flow has no one result to"
              + " test. Remove retryOnResult, or test the elements downstream",
          Messages.signature(method.method()));
    } else if (method.returnKind().isDeferred()
        && method.returnKind() != ReturnKind.SUSPEND
        && ((DeclaredType) returnType).getTypeArguments().isEmpty()) {
      report.error(
          method.method(),
          "%s returns the raw type %s, so the generated code could not say what its future"
              + " completes with without an unchecked conversion. Give it a type argument, e.g."
              + " %s<Object>",
          Messages.signature(method.method()),
          Messages.typeName(returnType),
          Messages.typeName(returnType));
    } else if (method.returnKind() == ReturnKind.VALUE) {
      reportDeferred(method, returnType);
    }
  }

  private boolean driverFound(ReturnKind kind) {
    Boolean found = driverFound.get(kind);
    if (found == null) {
      found = elements.getTypeElement(kind.driver()) != null;
      driverFound.put(kind, found);
    }
    return found;
  }

  /**
   * The generated code for {@code method} would call its kind's driver, which is not on the
   * compile classpath: said once per driver and input, on the first such method, rather than as
   * "cannot find symbol" inside the generated code.
   */
  private void reportMissingDriver(GuardedMethod method) {
    report.error(
        method.method(),
        "%s is retried by %s, which is not on the compile classpath: add the dependency %s (the"
            + " annotation processor path is not enough)%s",
        Messages.signature(method.method()),
        method.returnKind().driver(),
        method.returnKind().module(),
        method.returnKind() == ReturnKind.SUSPEND
            ? ". A retry loop around the call would end at its first suspension"
            : "");
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
              + " %s instead, or remove %s",
          Messages.signature(method.method()),
          Messages.typeName(returnType),
          deferred.description,
          KotlinSupport.isKotlin(method.method())
              ? "Make it a suspend function, or return a Flow,"
              : "Return a CompletableFuture or a CompletionStage",
          annotation);
    }
  }
}
