package io.retrygen.processor.read;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.GeneratedNames;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.Mirrors;
import io.retrygen.processor.elements.Visibility;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RecoverMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.RetryableType;
import io.retrygen.processor.model.ReturnKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Chooses the {@code @Recover} methods of each guarded method at compile time: the
 * candidates that fit, most specific failure type first, the one without a failure parameter
 * last. Reports ties, a {@code recover = "name"} that fits nothing, and {@code @Recover} methods
 * that fit no guarded method.
 */
public final class RecoverResolver {
  private final Elements elements;
  private final Types types;
  private final Report report;
  private final RecoverFit fits;

  RecoverResolver(Elements elements, Types types, Report report) {
    this.elements = elements;
    this.types = types;
    this.report = report;
    this.fits = new RecoverFit(elements, types);
  }

  /** The fitting rules this resolver applies, for checks that apply them too. */
  RecoverFit fits() {
    return fits;
  }

  /**
   * The recover methods of {@code guarded}, in the order the generated {@code instanceof} chain
   * tests them. {@code recovers} are the input's {@code @Recover} methods with their types as
   * members of the input; ties already reported are in {@code reportedTies}. The candidates of a
   * {@code recover = "name"} that fits nothing are added to {@code reportedMisfits}.
   */
  List<RecoverMethod> resolve(
      TypeElement type,
      List<MethodEntry> recovers,
      ExecutableElement guarded,
      ExecutableType guardedType,
      RetryConfig retry,
      Set<ExecutableElement> reportedTies,
      Set<ExecutableElement> reportedMisfits) {
    // A breaker-only method (no retry) has no recover = "name": chosen by signature.
    String name = retry == null ? "" : retry.recover();
    List<MethodEntry> candidates = new ArrayList<>();
    for (MethodEntry entry : recovers) {
      if (RecoverFit.hasBody(entry.method)
          && (name.isEmpty() || entry.method.getSimpleName().contentEquals(name))) {
        candidates.add(entry);
      }
    }
    if (!name.isEmpty() && candidates.isEmpty()) {
      reportNoneNamed(type, recovers, retry);
      return new ArrayList<>();
    }
    List<RecoverMethod> fitting = new ArrayList<>();
    RecoverFit.Mismatch closest = null;
    MethodEntry closestEntry = null;
    for (MethodEntry candidate : candidates) {
      RecoverFit.Mismatch mismatch = fits.mismatch(candidate.type, guarded, guardedType);
      if (mismatch == null) {
        fitting.add(asRecover(candidate, guardedType));
      } else if (closest == null || mismatch.stage > closest.stage) {
        closest = mismatch;
        closestEntry = candidate;
      }
    }
    if (!name.isEmpty() && fitting.isEmpty()) {
      reportNoneFits(retry, guarded, guardedType, closestEntry, closest);
      // The error says why they do not fit; unused() must not say it again.
      for (MethodEntry candidate : candidates) {
        reportedMisfits.add(candidate.method);
      }
      return fitting;
    }
    reportInvisibleFailures(type, fitting, reportedMisfits);
    reportTies(guarded, fitting, reportedTies);
    return ordered(fitting);
  }

  /** {@code recover = "name"} names no {@code @Recover} method with a body. */
  private void reportNoneNamed(TypeElement type, List<MethodEntry> recovers, RetryConfig retry) {
    String name = retry.recover();
    if (declaresUnusableRecover(type, name)) {
      // The type's validation reports what is wrong with that method, on it; "names no @Recover
      // method" would send the user looking for a method that is right there.
      return;
    }
    Set<String> names = new LinkedHashSet<>();
    for (MethodEntry entry : recovers) {
      names.add(entry.method.getSimpleName().toString());
    }
    report.error(
        retry.annotatedElement(), retry.useMirror(), retry.useValue("recover"),
        "@Retryable(recover = \"%s\")%s names no @Recover method of %s.%s",
        name, retry.ofMeta(), type.getSimpleName(), Messages.didYouMean(name, names));
  }

  /** {@code recover = "name"} names methods, of which none fits {@code guarded}. */
  private void reportNoneFits(
      RetryConfig retry,
      ExecutableElement guarded,
      ExecutableType guardedType,
      MethodEntry closestEntry,
      RecoverFit.Mismatch closest) {
    report.error(
        retry.annotatedElement(), retry.useMirror(), retry.useValue("recover"),
        "@Retryable(recover = \"%s\")%s names no @Recover method that fits %s: %s %s. A"
            + " recover method returns a type assignable to %s and takes optionally the failure,"
            + " then the first parameters of %s",
        retry.recover(), retry.ofMeta(), Messages.signature(guarded),
        Messages.signature(closestEntry.method),
        closest.reason,
        // What a suspend function returns to its Kotlin caller, not the Object of its JVM form.
        Messages.typeName(
            ReturnKind.of(guardedType) == ReturnKind.SUSPEND
                ? ReturnKind.valueTypeOf(elements, guardedType)
                : guardedType.getReturnType()),
        Messages.signature(guarded));
  }

  /** Recover methods that fit but take a failure type the generated class cannot name. */
  private void reportInvisibleFailures(
      TypeElement type, List<RecoverMethod> fitting, Set<ExecutableElement> reportedMisfits) {
    for (RecoverMethod recover : fitting) {
      TypeMirror failure = recover.failureType();
      if (failure != null
          && !Visibility.isAccessibleFrom(
              (TypeElement) types.asElement(failure), GeneratedNames.packageOf(type))
          && reportedMisfits.add(recover.method())) {
        report.error(
            recover.method(),
            "@Recover method %s takes %s, which the generated class in package %s cannot see, so"
                + " it cannot pass the failure on. Make %s package-private or public",
            Messages.signature(recover.method()), Messages.typeName(failure),
            GeneratedNames.packageOf(type).getQualifiedName(), Messages.typeName(failure));
      }
    }
  }

  /** Two fitting recover methods with the same failure type: neither is more specific. */
  private void reportTies(
      ExecutableElement guarded,
      List<RecoverMethod> fitting,
      Set<ExecutableElement> reportedTies) {
    for (int i = 0; i < fitting.size(); i++) {
      for (int j = i + 1; j < fitting.size(); j++) {
        RecoverMethod first = fitting.get(i);
        RecoverMethod second = fitting.get(j);
        if (sameFailure(first.failureType(), second.failureType())
            && reportedTies.add(second.method())) {
          report.error(
              second.method(),
              "@Recover methods %s and %s both fit %s with the same failure %s, so neither is more"
                  + " specific. Remove one, change its failure parameter, or pick one with"
                  + " @Retryable(recover = \"...\")",
              Messages.signature(first.method()), Messages.signature(second.method()),
              Messages.signature(guarded),
              first.failureType() == null ? "(none)" : Messages.typeName(first.failureType()));
        }
      }
    }
  }

  /**
   * Whether {@code type} itself declares a {@code @Recover} method called {@code name} that the
   * generated class cannot call (private, static, without a body): the type's validation reports
   * it, on that method.
   */
  private static boolean declaresUnusableRecover(TypeElement type, String name) {
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (method.getSimpleName().contentEquals(name)
          && Mirrors.find(method, AnnotationNames.RECOVER) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * The {@code @Recover} methods declared in {@code type} that fit none of its guarded methods,
   * each with the closest mismatch; not those in {@code reportedMisfits}, whose error said why.
   */
  List<RetryableType.UnusedRecover> unused(
      TypeElement type,
      List<MethodEntry> recovers,
      List<GuardedMethod> methods,
      Set<ExecutableElement> reportedMisfits) {
    List<RetryableType.UnusedRecover> unused = new ArrayList<>();
    for (MethodEntry recover : recovers) {
      if (!recover.method.getEnclosingElement().equals(type)
          || !RecoverFit.hasBody(recover.method)
          || reportedMisfits.contains(recover.method)) {
        continue;
      }
      List<ExecutableElement> guarded = new ArrayList<>();
      List<ExecutableType> guardedTypes = new ArrayList<>();
      for (GuardedMethod method : methods) {
        if (method.isGuarded()) {
          guarded.add(method.method());
          guardedTypes.add(method.type());
        }
      }
      RecoverFit.Fit fit = fits.fit(recover.method, recover.type, guarded, guardedTypes);
      if (fit.fits != null) {
        continue;
      }
      unused.add(
          new RetryableType.UnusedRecover(
              recover.method,
              fit.closest == null
                  ? ": no method of " + type.getSimpleName() + " is guarded. Add @Retryable to"
                      + " the method it should recover (@Retryable(maxAttempts = 1) to recover"
                      + " without retrying)"
                  : ". " + fit.closestText()));
    }
    return unused;
  }

  private RecoverMethod asRecover(MethodEntry candidate, ExecutableType guardedType) {
    TypeMirror failure = fits.failureParameter(candidate.type, guardedType);
    List<? extends TypeMirror> parameters = fits.parameters(candidate.type);
    int arguments = parameters.size() - (failure == null ? 0 : 1);
    TypeMirror interrupted = elements.getTypeElement(RetryConfig.INTERRUPTED).asType();
    TypeMirror cancelled = elements.getTypeElement(RetryConfig.CANCELLATION).asType();
    TypeMirror throwable = elements.getTypeElement("java.lang.Throwable").asType();
    boolean returnsStage = fits.returnsStage(candidate.type, guardedType);
    boolean unchecked =
        fits.needsUncheckedConversion(
            fits.produced(candidate.type, guardedType), expected(guardedType, returnsStage));
    for (int i = 0; i < arguments; i++) {
      unchecked |=
          fits.needsUncheckedConversion(
              guardedType.getParameterTypes().get(i),
              parameters.get(parameters.size() - arguments + i));
    }
    return new RecoverMethod(
        candidate.method,
        failure,
        arguments,
        failure == null || types.isSubtype(interrupted, failure),
        failure == null || types.isSubtype(cancelled, failure),
        returnsStage,
        failure == null || types.isSameType(failure, throwable),
        elements.isDeprecated(candidate.method),
        unchecked);
  }

  /**
   * What the call's result is written to: the method's return type (a {@code Flow} for a flow);
   * for an asynchronous method, the hook's {@code CompletionStage<? extends V>}, or {@code V} for
   * a recover method that returns the value; for a Reactor or RxJava 3 method, the hook's {@code
   * Mono<? extends V>} (and so on; a {@code Completable}) or {@code V}; for a {@code suspend}
   * function, its result.
   */
  private TypeMirror expected(ExecutableType guardedType, boolean returnsStage) {
    ReturnKind kind = ReturnKind.of(guardedType);
    if (kind == ReturnKind.FLOW) {
      return guardedType.getReturnType();
    }
    TypeMirror value = ReturnKind.valueTypeOf(elements, guardedType);
    if (kind.isReactive()) {
      return returnsStage ? fits.publisherOf(kind, value) : value;
    }
    return returnsStage && kind != ReturnKind.SUSPEND ? fits.stageOf(value) : value;
  }

  private List<RecoverMethod> ordered(List<RecoverMethod> fitting) {
    List<RecoverMethod> ordered = new ArrayList<>(fitting);
    ordered.sort(
        (a, b) -> {
          int depthA = a.failureType() == null ? -1 : depth(a.failureType());
          int depthB = b.failureType() == null ? -1 : depth(b.failureType());
          return Integer.compare(depthB, depthA);
        });
    return ordered;
  }

  /** How many classes {@code type}, a class type, is below {@code Object}: deeper is narrower. */
  static int depth(TypeMirror type) {
    int depth = 0;
    for (TypeMirror t = type; t.getKind() == TypeKind.DECLARED; depth++) {
      t = ((TypeElement) ((DeclaredType) t).asElement()).getSuperclass();
    }
    return depth;
  }

  private boolean sameFailure(TypeMirror a, TypeMirror b) {
    return a == null ? b == null : b != null && types.isSameType(a, b);
  }
}
