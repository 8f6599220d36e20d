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
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The rules for what a guarded method returns: a loop around a call can retry only what fails
 * before the call returns, so every type that finishes its work later is either retried by the
 * writer of its own kind (a {@code CompletionStage} or {@code CompletableFuture} of a type) or by a
 * module of ours that must then be on the compile classpath (Kotlin's, Reactor's, RxJava 3's), or
 * not at all: a compile error that says which.
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
    ReturnKind kind = method.returnKind();
    if (method.stateful() && kind.isDeferred()) {
      reportStatefulDeferred(method, kind, returnType);
    }
    if (kind.isDeferred() && !kind.hasOneResult() && method.retry() != null
        && !method.retry().retryOnResult().isEmpty()) {
      reportNoOneResult(method, kind);
    } else if (kind.isDeferred()
        && kind != ReturnKind.COMPLETABLE
        && kind != ReturnKind.SUSPEND
        && ((DeclaredType) returnType).getTypeArguments().isEmpty()) {
      report.error(
          method.method(),
          "%s returns the raw type %s, so the generated code could not say what its future"
              + " completes with without an unchecked conversion. Give it a type argument, e.g."
              + " %s<Object>",
          Messages.signature(method.method()),
          Messages.typeName(returnType),
          Messages.typeName(returnType));
    } else if (kind.isReactive()
        && kind != ReturnKind.COMPLETABLE
        && ((DeclaredType) returnType).getTypeArguments().get(0).getKind()
            == TypeKind.WILDCARD) {
      // The driver's call() returns Mono<T>, which a Mono<? extends T> is not.
      report.error(
          method.method(),
          "%s returns %s, whose type argument is a wildcard, but the generated code returns the"
              + " %s<%s> of its driver, which a %s is not. Declare it to return %s<%s>",
          Messages.signature(method.method()),
          Messages.typeName(returnType),
          kind.typeSimpleName(),
          Messages.typeName(method.valueType()),
          Messages.typeName(returnType),
          kind.typeSimpleName(),
          Messages.typeName(method.valueType()));
    } else if (method.returnKind() == ReturnKind.VALUE) {
      reportDeferred(method, returnType);
    }
  }

  /**
   * {@code retryOnResult} on a method whose call ends with no one result: a stream of elements, or
   * a {@code Completable}'s completion.
   */
  private void reportNoOneResult(GuardedMethod method, ReturnKind kind) {
    RetryConfig retry = method.retry();
    String signature = Messages.signature(method.method());
    if (kind == ReturnKind.FLOW) {
      report.error(
          retry.annotatedElement(),
          retry.useMirror(),
          retry.useValue("retryOnResult"),
          "retryOnResult%s does not apply to %s, which returns a Flow: a flow has no one result to"
              + " test. Remove retryOnResult, or test the elements downstream",
          retry.ofMeta(),
          signature);
    } else if (kind == ReturnKind.COMPLETABLE) {
      report.error(
          retry.annotatedElement(),
          retry.useMirror(),
          retry.useValue("retryOnResult"),
          "retryOnResult%s does not apply to %s, which returns a Completable: it completes without"
              + " a value to test (retryOnResult applies to the value of a Mono, Single or Maybe"
              + " only). Remove retryOnResult",
          retry.ofMeta(),
          signature);
    } else {
      report.error(
          retry.annotatedElement(),
          retry.useMirror(),
          retry.useValue("retryOnResult"),
          "retryOnResult%s does not apply to %s, which returns %s %s: it emits elements, not one"
              + " result to test (retryOnResult applies to the value of a Mono, Single or Maybe"
              + " only). Remove retryOnResult, or test the elements downstream",
          retry.ofMeta(),
          signature,
          kind == ReturnKind.OBSERVABLE ? "an" : "a",
          kind.typeSimpleName());
    }
  }

  /**
   * {@code stateful = true} on a method whose outcome comes after it returned: a stateful call
   * rethrows each failure to its caller, which a deferred call's caller has left by then.
   */
  private void reportStatefulDeferred(
      GuardedMethod method, ReturnKind kind, TypeMirror returnType) {
    RetryConfig retry = method.retry();
    String what =
        kind == ReturnKind.SUSPEND
            ? "the suspend function " + Messages.signature(method.method())
            : Messages.signature(method.method()) + ", which returns "
                + Messages.typeName(returnType);
    report.error(
        retry.annotatedElement(),
        retry.useMirror(),
        retry.useValue("stateful"),
        "@Retryable(stateful = true)%s cannot apply to %s: a stateful call rethrows each failure"
            + " to its caller, and this one fails after it returned (stateful retry is"
            + " synchronous only). Remove stateful = true, or %s",
        retry.ofMeta(),
        what,
        kind == ReturnKind.SUSPEND ? "make it a plain function" : "return the value itself");
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
   * A return type that does its work after the method returned, other than the types of a return
   * kind (futures, flows, Reactor's and RxJava 3's publishers): nothing retries it.
   */
  private void reportDeferred(GuardedMethod method, TypeMirror returnType) {
    DeferredTypes.Deferred deferred = DeferredTypes.of(types, returnType);
    if (deferred == null) {
      return;
    }
    String annotation =
        method.retry() != null ? "@Retryable"
            : method.breaker() != null ? "@CircuitBreaker"
            : "@Timeout";
    // An inherited method is reported on the input, naming its supertype (ReportPrinter).
    report.error(
        method.method(),
        "%s returns %s, %s, which does its work after the method returned, so a retry loop"
            + " around the call would never see it fail, and retrygen cannot retry that type."
            + " %s instead, or remove %s",
        Messages.signature(method.method()),
        Messages.typeName(returnType),
        deferred.description,
        deferred.fix != null
            ? deferred.fix
            : KotlinSupport.isKotlin(method.method())
                ? "Make it a suspend function, or return a Flow,"
                : "Return a CompletableFuture or a CompletionStage",
        annotation);
  }
}
