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
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Chooses the {@code @Recover} methods of each guarded method at compile time (SPEC §5): the
 * candidates that fit, most specific failure type first, the one without a failure parameter
 * last. Reports ties, a {@code recover = "name"} that fits nothing, and {@code @Recover} methods
 * that fit no guarded method.
 */
final class RecoverResolver {
  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;

  RecoverResolver(Elements elements, Types types, Diagnostics diagnostics) {
    this.elements = elements;
    this.types = types;
    this.diagnostics = diagnostics;
  }

  /** Why a candidate does not fit a guarded method, and how far it got (for "closest"). */
  static final class Mismatch {
    final int stage;
    final String reason;

    Mismatch(int stage, String reason) {
      this.stage = stage;
      this.reason = reason;
    }
  }

  /**
   * The recover methods of {@code guarded}, in the order the generated {@code instanceof} chain
   * tests them. {@code recovers} are the input's {@code @Recover} methods with their types as
   * members of the input; ties already reported are in {@code reportedTies}. The candidates of a
   * {@code recover = "name"} that fits nothing are added to {@code reportedMisfits}.
   */
  List<RecoverMethod> resolve(
      TypeElement type,
      List<ModelReader.MethodEntry> recovers,
      ExecutableElement guarded,
      ExecutableType guardedType,
      RetryConfig retry,
      Set<ExecutableElement> reportedTies,
      Set<ExecutableElement> reportedMisfits) {
    String name = retry.recover();
    AnnotationValue nameValue = Mirrors.explicitValue(retry.mirror(), "recover");
    List<ModelReader.MethodEntry> candidates = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (ModelReader.MethodEntry entry : recovers) {
      names.add(entry.method.getSimpleName().toString());
      if (hasBody(entry.method) && (name.isEmpty() || entry.method.getSimpleName().contentEquals(name))) {
        candidates.add(entry);
      }
    }
    if (!name.isEmpty() && candidates.isEmpty()) {
      diagnostics.error(
          retry.annotatedElement(), retry.mirror(), nameValue,
          "@Retryable(recover = \"%s\") names no @Recover method of %s.%s",
          name, type.getSimpleName(), Diagnostics.didYouMean(name, names));
      return new ArrayList<>();
    }
    List<RecoverMethod> fitting = new ArrayList<>();
    Mismatch closest = null;
    ModelReader.MethodEntry closestEntry = null;
    for (ModelReader.MethodEntry candidate : candidates) {
      Mismatch mismatch = mismatch(candidate.type, guarded, guardedType);
      if (mismatch == null) {
        fitting.add(asRecover(candidate, guardedType));
      } else if (closest == null || mismatch.stage > closest.stage) {
        closest = mismatch;
        closestEntry = candidate;
      }
    }
    if (!name.isEmpty() && fitting.isEmpty()) {
      diagnostics.error(
          retry.annotatedElement(), retry.mirror(), nameValue,
          "@Retryable(recover = \"%s\") names no @Recover method that fits %s: %s %s. A recover"
              + " method returns a type assignable to %s and takes optionally the failure, then"
              + " the first parameters of %s",
          name, Diagnostics.signature(guarded), Diagnostics.signature(closestEntry.method),
          closest.reason, Diagnostics.typeName(guardedType.getReturnType()),
          Diagnostics.signature(guarded));
      // The error says why they do not fit; warnUnused must not say it again.
      for (ModelReader.MethodEntry candidate : candidates) {
        reportedMisfits.add(candidate.method);
      }
      return fitting;
    }
    for (RecoverMethod recover : fitting) {
      TypeMirror failure = recover.failureType();
      if (failure != null
          && !Validator.isAccessibleFrom(
              (TypeElement) types.asElement(failure), GeneratedNames.packageOf(type))
          && reportedMisfits.add(recover.method())) {
        diagnostics.error(
            recover.method(),
            "@Recover method %s takes %s, which the generated class in package %s cannot see, so"
                + " it cannot pass the failure on. Make %s package-private or public",
            Diagnostics.signature(recover.method()), Diagnostics.typeName(failure),
            GeneratedNames.packageOf(type).getQualifiedName(), Diagnostics.typeName(failure));
      }
    }
    for (int i = 0; i < fitting.size(); i++) {
      for (int j = i + 1; j < fitting.size(); j++) {
        RecoverMethod first = fitting.get(i);
        RecoverMethod second = fitting.get(j);
        if (sameFailure(first.failureType(), second.failureType())
            && reportedTies.add(second.method())) {
          diagnostics.error(
              second.method(),
              "@Recover methods %s and %s both fit %s with the same failure %s, so neither is more"
                  + " specific. Remove one, change its failure parameter, or pick one with"
                  + " @Retryable(recover = \"...\")",
              Diagnostics.signature(first.method()), Diagnostics.signature(second.method()),
              Diagnostics.signature(guarded),
              first.failureType() == null ? "(none)" : Diagnostics.typeName(first.failureType()));
        }
      }
    }
    return ordered(fitting);
  }

  /**
   * Warns about each {@code @Recover} method declared in {@code type} that fits none of its
   * guarded methods, naming the closest mismatch; not about those in {@code reportedMisfits}.
   */
  void warnUnused(
      TypeElement type,
      List<ModelReader.MethodEntry> recovers,
      List<GuardedMethod> methods,
      Set<ExecutableElement> reportedMisfits) {
    for (ModelReader.MethodEntry recover : recovers) {
      if (!recover.method.getEnclosingElement().equals(type)
          || !hasBody(recover.method)
          || reportedMisfits.contains(recover.method)) {
        continue;
      }
      Mismatch closest = null;
      GuardedMethod closestMethod = null;
      boolean fits = false;
      for (GuardedMethod method : methods) {
        if (!method.isGuarded()) {
          continue;
        }
        Mismatch mismatch = mismatch(recover.type, method.method(), method.type());
        if (mismatch == null) {
          fits = true;
          break;
        }
        if (closest == null || mismatch.stage > closest.stage) {
          closest = mismatch;
          closestMethod = method;
        }
      }
      if (fits) {
        continue;
      }
      diagnostics.warning(
          recover.method, Mirrors.find(recover.method, Names.RECOVER), null,
          "@Recover method %s fits no guarded method of %s, so it is never called%s",
          Diagnostics.signature(recover.method), type.getSimpleName(),
          closestMethod == null
              ? ": no method of " + type.getSimpleName() + " is guarded. Add @Retryable to the"
                  + " method it should recover"
              : ". The closest, " + Diagnostics.signature(closestMethod.method()) + ", does not"
                  + " fit because " + Diagnostics.signature(recover.method) + " "
                  + closest.reason);
    }
  }

  /** Null when {@code recover} fits {@code guarded}; else why not. */
  Mismatch mismatch(ExecutableType recover, ExecutableElement guarded, ExecutableType guardedType) {
    TypeMirror expected = guardedType.getReturnType();
    TypeMirror actual = recover.getReturnType();
    if (!recover.getTypeVariables().isEmpty()) {
      return new Mismatch(0, "declares type parameters, which a recover method cannot have");
    }
    if (expected.getKind() == TypeKind.VOID) {
      if (actual.getKind() != TypeKind.VOID) {
        return new Mismatch(0, "returns " + Diagnostics.typeName(actual) + ", but "
            + Diagnostics.signature(guarded) + " returns void");
      }
    } else if (actual.getKind() == TypeKind.VOID || !types.isAssignable(actual, expected)) {
      return new Mismatch(0, "returns " + Diagnostics.typeName(actual) + ", which is not assignable to "
          + Diagnostics.typeName(expected));
    }
    if (failureParameter(recover, guardedType) == null && !isPrefix(recover.getParameterTypes(), 0, guardedType)) {
      return new Mismatch(1, "takes (" + simpleNames(recover.getParameterTypes())
          + "), which is not an optional failure followed by the first parameters of ("
          + simpleNames(guardedType.getParameterTypes()) + ")");
    }
    for (TypeMirror thrown : recover.getThrownTypes()) {
      if (isChecked(thrown) && !isDeclared(thrown, guardedType)) {
        return new Mismatch(2, "throws " + Diagnostics.typeName(thrown) + ", which "
            + Diagnostics.signature(guarded) + " does not declare");
      }
    }
    return null;
  }

  private RecoverMethod asRecover(ModelReader.MethodEntry candidate, ExecutableType guardedType) {
    TypeMirror failure = failureParameter(candidate.type, guardedType);
    int arguments = candidate.type.getParameterTypes().size() - (failure == null ? 0 : 1);
    TypeMirror interrupted = elements.getTypeElement("java.lang.InterruptedException").asType();
    return new RecoverMethod(
        candidate.method,
        failure,
        arguments,
        failure == null || types.isSubtype(interrupted, failure));
  }

  /**
   * The leading failure parameter's type when the recover method has one: a {@code Throwable}
   * type followed by a prefix of the guarded method's parameters.
   */
  private TypeMirror failureParameter(ExecutableType recover, ExecutableType guardedType) {
    List<? extends TypeMirror> parameters = recover.getParameterTypes();
    if (parameters.isEmpty()
        || parameters.get(0).getKind() != TypeKind.DECLARED
        || !types.isSubtype(parameters.get(0), throwable())
        || !isPrefix(parameters, 1, guardedType)) {
      return null;
    }
    return parameters.get(0);
  }

  /** Whether {@code parameters} from {@code from} on can take the guarded method's first ones. */
  private boolean isPrefix(
      List<? extends TypeMirror> parameters, int from, ExecutableType guardedType) {
    List<? extends TypeMirror> guarded = guardedType.getParameterTypes();
    if (parameters.size() - from > guarded.size()) {
      return false;
    }
    for (int i = from; i < parameters.size(); i++) {
      if (!types.isAssignable(guarded.get(i - from), parameters.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** Subtypes before supertypes (deeper classes first), declaration order otherwise, catch-all last. */
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

  private int depth(TypeMirror type) {
    int depth = 0;
    for (TypeMirror t = type; t.getKind() == TypeKind.DECLARED; depth++) {
      t = ((TypeElement) ((DeclaredType) t).asElement()).getSuperclass();
    }
    return depth;
  }

  private boolean sameFailure(TypeMirror a, TypeMirror b) {
    return a == null ? b == null : b != null && types.isSameType(a, b);
  }

  boolean isChecked(TypeMirror thrown) {
    return !types.isSubtype(thrown, elements.getTypeElement("java.lang.RuntimeException").asType())
        && !types.isSubtype(thrown, elements.getTypeElement("java.lang.Error").asType());
  }

  /** Whether the guarded method's {@code throws} clause allows {@code thrown}. */
  boolean isDeclared(TypeMirror thrown, ExecutableType guardedType) {
    for (TypeMirror declared : guardedType.getThrownTypes()) {
      if (types.isSubtype(thrown, declared)) {
        return true;
      }
    }
    return false;
  }

  private TypeMirror throwable() {
    return elements.getTypeElement("java.lang.Throwable").asType();
  }

  static boolean hasBody(ExecutableElement method) {
    return !method.getModifiers().contains(Modifier.ABSTRACT)
        && !method.getModifiers().contains(Modifier.NATIVE);
  }

  private static String simpleNames(List<? extends TypeMirror> types) {
    List<String> names = new ArrayList<>();
    for (TypeMirror type : types) {
      names.add(Diagnostics.typeName(type));
    }
    return String.join(", ", names);
  }
}
