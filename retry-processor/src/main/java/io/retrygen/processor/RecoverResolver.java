package io.retrygen.processor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
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
final class RecoverResolver {
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
    AnnotationValue nameValue = retry == null ? null : retry.explicit("recover");
    List<MethodEntry> candidates = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (MethodEntry entry : recovers) {
      names.add(entry.method.getSimpleName().toString());
      if (RecoverFit.hasBody(entry.method) && (name.isEmpty() || entry.method.getSimpleName().contentEquals(name))) {
        candidates.add(entry);
      }
    }
    if (!name.isEmpty() && candidates.isEmpty()) {
      if (declaresUnusableRecover(type, name)) {
        // Validator reports what is wrong with that method on it; "names no @Recover method"
        // would send the user looking for a method that is right there.
        return new ArrayList<>();
      }
      report.error(
          retry.annotatedElement(), retry.mirror(), nameValue,
          "@Retryable(recover = \"%s\") names no @Recover method of %s.%s",
          name, type.getSimpleName(), Messages.didYouMean(name, names));
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
      report.error(
          retry.annotatedElement(), retry.mirror(), nameValue,
          "@Retryable(recover = \"%s\") names no @Recover method that fits %s: %s %s. A recover"
              + " method returns a type assignable to %s and takes optionally the failure, then"
              + " the first parameters of %s",
          name, Messages.signature(guarded), Messages.signature(closestEntry.method),
          closest.reason, Messages.typeName(guardedType.getReturnType()),
          Messages.signature(guarded));
      // The error says why they do not fit; warnUnused must not say it again.
      for (MethodEntry candidate : candidates) {
        reportedMisfits.add(candidate.method);
      }
      return fitting;
    }
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
    return ordered(fitting);
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
   * Warns about each {@code @Recover} method declared in {@code type} that fits none of its
   * guarded methods, naming the closest mismatch; not about those in {@code reportedMisfits}.
   */
  void warnUnused(
      TypeElement type,
      List<MethodEntry> recovers,
      List<GuardedMethod> methods,
      Set<ExecutableElement> reportedMisfits) {
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
      report.warning(
          recover.method, Mirrors.find(recover.method, AnnotationNames.RECOVER), null,
          "@Recover method %s fits no guarded method of %s, so it is never called%s",
          Messages.signature(recover.method), type.getSimpleName(),
          fit.closest == null
              ? ": no method of " + type.getSimpleName() + " is guarded. Add @Retryable to the"
                  + " method it should recover (@Retryable(maxAttempts = 1) to recover without"
                  + " retrying)"
              : ". " + fit.closestText());
    }
  }

  private RecoverMethod asRecover(MethodEntry candidate, ExecutableType guardedType) {
    TypeMirror failure = fits.failureParameter(candidate.type, guardedType);
    int arguments = candidate.type.getParameterTypes().size() - (failure == null ? 0 : 1);
    TypeMirror interrupted = elements.getTypeElement(RetryConfig.INTERRUPTED).asType();
    TypeMirror cancelled = elements.getTypeElement(RetryConfig.CANCELLATION).asType();
    TypeMirror throwable = elements.getTypeElement("java.lang.Throwable").asType();
    boolean returnsStage = fits.returnsStage(candidate.type, guardedType);
    // What the call's result is written to: the method's return type; for an asynchronous method,
    // the hook's CompletionStage<? extends V>, or V for a recover method that returns the value.
    TypeMirror value = FutureTypes.valueType(elements, guardedType.getReturnType());
    TypeMirror expected = returnsStage ? fits.stageOf(value) : value;
    boolean unchecked =
        fits.needsUncheckedConversion(candidate.type.getReturnType(), expected);
    List<? extends TypeMirror> parameters = candidate.type.getParameterTypes();
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

  /**
   * Warns about the {@code @Recover} methods of {@code type}, a type with no {@code @Retryable} or
   * {@code @CircuitBreaker} at all: they fit no guarded method of the type they are
   * declared in, the usual cause being a forgotten {@code @Retryable}. The warning names the
   * method it would recover, else the closest mismatch.
   *
   * <p>Not when a type of this round that generates a class extends {@code type}: a recover method
   * lives in the guarded method's type or a supertype, and a base class or interface of
   * shared fallbacks is that legal use. Warning about it would fail every {@code -Werror} build
   * that uses the pattern, with no way to silence the warning (javac's {@code @SuppressWarnings}
   * does not reach a processor's warnings).
   *
   * @param inputs the types of this round that generate a class
   * @param hierarchy how to walk {@code type}'s methods
   */
  void warnUnguarded(TypeElement type, List<TypeElement> inputs, TypeHierarchy hierarchy) {
    if (servesASubtype(type, inputs)) {
      return;
    }
    List<MethodEntry> entries = null;
    for (ExecutableElement recover : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (Mirrors.find(recover, AnnotationNames.RECOVER) == null
          || !RecoverFit.hasBody(recover)
          || recover.getModifiers().contains(Modifier.PRIVATE)
          || recover.getModifiers().contains(Modifier.STATIC)) {
        continue; // Validator.checkRecover reported it
      }
      if (entries == null) {
        entries = hierarchy.methods(type, hierarchy.supertypes(type));
      }
      report.warning(
          recover, Mirrors.find(recover, AnnotationNames.RECOVER), null,
          "@Recover method %s fits no guarded method of %s, so it is never called: nothing in %s"
              + " is guarded (no @Retryable or @CircuitBreaker on it or its methods). %s",
          Messages.signature(recover), type.getSimpleName(), type.getSimpleName(),
          closest(type, recover, entries));
    }
  }

  /**
   * "Add @Retryable to the method it should recover: m(..) (@Retryable(maxAttempts = 1) to recover
   * without retrying)" for the first method {@code recover}
   * fits; else the closest mismatch, as for a type whose guarded methods it does not fit.
   */
  private String closest(
      TypeElement type, ExecutableElement recover, List<MethodEntry> entries) {
    ExecutableType recoverType =
        (ExecutableType) types.asMemberOf((DeclaredType) type.asType(), recover);
    List<ExecutableElement> methods = new ArrayList<>();
    List<ExecutableType> methodTypes = new ArrayList<>();
    for (MethodEntry entry : entries) {
      if (!entry.objectMethod && !entry.isRecover() && Visibility.overridable(type, entry.method)) {
        methods.add(entry.method);
        methodTypes.add(entry.type);
      }
    }
    RecoverFit.Fit fit = fits.fit(recover, recoverType, methods, methodTypes);
    if (fit.fits != null) {
      return "Add @Retryable to the method it should recover: " + Messages.signature(fit.fits)
          + " (@Retryable(maxAttempts = 1) to recover without retrying)";
    }
    if (fit.closest == null) {
      return "It has no method a recover method could serve. Move it to the type whose method it"
          + " should recover";
    }
    return fit.closestText();
  }

  private boolean servesASubtype(TypeElement type, List<TypeElement> inputs) {
    return Declarations.isSupertypeOfAnInput(types, type, inputs);
  }

}
