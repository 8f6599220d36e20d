package io.retrygen.processor.read;

import io.retrygen.processor.elements.FutureTypes;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.TypeFacts;
import io.retrygen.processor.model.ReturnKind;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Whether a {@code @Recover} method fits a guarded method (its return type, an optional
 * failure parameter then a prefix of the parameters, its checked exceptions), and how close it
 * came when it does not: for the resolver and for the warnings about recover methods that fit
 * nothing.
 */
public final class RecoverFit {
  private final Elements elements;
  private final Types types;

  RecoverFit(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
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

  /** Which of some methods a recover method fits, or the closest mismatch: for warnings. */
  public static final class Fit {
    private final ExecutableElement recover;
    /** The first method it fits; null if none. */
    public final ExecutableElement fits;
    /** When it fits none, the method it came closest to fitting; null if there was none. */
    public final ExecutableElement closest;
    private final Mismatch mismatch;

    private Fit(
        ExecutableElement recover,
        ExecutableElement fits,
        ExecutableElement closest,
        Mismatch mismatch) {
      this.recover = recover;
      this.fits = fits;
      this.closest = closest;
      this.mismatch = mismatch;
    }

    /** "The closest, m(..), does not fit because r(..) returns int, ...". */
    public String closestText() {
      return "The closest, " + Messages.signature(closest) + ", does not fit because "
          + Messages.signature(recover) + " " + mismatch.reason;
    }
  }

  /**
   * The first of {@code methods} (with their types as members of the input) that {@code recover}
   * fits, else the one whose mismatch got furthest.
   */
  public Fit fit(
      ExecutableElement recover,
      ExecutableType recoverType,
      List<ExecutableElement> methods,
      List<ExecutableType> methodTypes) {
    Mismatch closest = null;
    ExecutableElement closestMethod = null;
    for (int i = 0; i < methods.size(); i++) {
      Mismatch mismatch = mismatch(recoverType, methods.get(i), methodTypes.get(i));
      if (mismatch == null) {
        return new Fit(recover, methods.get(i), null, null);
      }
      if (closest == null || mismatch.stage > closest.stage) {
        closest = mismatch;
        closestMethod = methods.get(i);
      }
    }
    return new Fit(recover, null, closestMethod, closest);
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
        return new Mismatch(0, "returns " + Messages.typeName(actual) + ", but "
            + Messages.signature(guarded) + " returns void");
      }
    } else if (FutureTypes.isAsync(expected)) {
      // The method's own future type (any stage of its value), or the value itself.
      TypeMirror value = ReturnKind.valueTypeOf(elements, guardedType);
      if (isStage(actual)) {
        if (!types.isAssignable(actual, stageOf(value))) {
          return new Mismatch(0, "returns " + Messages.typeName(actual) + ", which is not a"
              + " stage of " + Messages.typeName(value) + ", the value of "
              + Messages.typeName(expected));
        }
      } else if (actual.getKind() == TypeKind.VOID || !types.isAssignable(actual, value)) {
        return new Mismatch(0, "returns " + Messages.typeName(actual) + ", which is neither "
            + Messages.typeName(value) + " nor a stage of it, as "
            + Messages.typeName(expected) + " needs");
      }
    } else if (ReturnKind.of(guardedType).isReactive()) {
      Mismatch mismatch = reactiveMismatch(actual, guarded, guardedType);
      if (mismatch != null) {
        return mismatch;
      }
    } else if (ReturnKind.of(guardedType) == ReturnKind.SUSPEND) {
      // A suspend function, or a plain one, whose result is assignable to the function's.
      TypeMirror value = ReturnKind.valueTypeOf(elements, guardedType);
      TypeMirror produced = produced(recover, guardedType);
      boolean voidForUnit =
          produced.getKind() == TypeKind.VOID && FutureTypes.is(value, KotlinSupport.UNIT);
      if (!voidForUnit
          && (produced.getKind() == TypeKind.VOID || !types.isAssignable(produced, value))) {
        return new Mismatch(0, "returns " + Messages.typeName(produced) + ", which is not"
            + " assignable to " + Messages.typeName(value) + ", the result of "
            + Messages.signature(guarded));
      }
    } else if (actual.getKind() == TypeKind.VOID || !types.isAssignable(actual, expected)) {
      return new Mismatch(
          0,
          "returns " + Messages.typeName(actual) + ", which is not assignable to "
              + Messages.typeName(expected));
    }
    if (failureParameter(recover, guardedType) == null
        && !isPrefix(parameters(recover), 0, guardedType)) {
      return new Mismatch(1, "takes (" + simpleNames(parameters(recover))
          + "), which is not an optional failure followed by the first parameters of ("
          + simpleNames(parameters(guardedType)) + ")");
    }
    for (TypeMirror thrown : recover.getThrownTypes()) {
      if (isChecked(thrown) && !isDeclared(thrown, guardedType)) {
        return new Mismatch(2, "throws " + Messages.typeName(thrown) + ", which "
            + Messages.signature(guarded) + " does not declare");
      }
    }
    return null;
  }

  /**
   * Null when a recover method returning {@code actual} fits a Reactor or RxJava 3 method: it
   * returns a publisher of the method's own type (a {@code Mono} of its value for a {@code Mono}),
   * or the value; for a {@code Completable}, a {@code Completable} or nothing.
   */
  private Mismatch reactiveMismatch(
      TypeMirror actual, ExecutableElement guarded, ExecutableType guardedType) {
    ReturnKind kind = ReturnKind.of(guardedType);
    TypeMirror expected = guardedType.getReturnType();
    TypeMirror value = ReturnKind.valueTypeOf(elements, guardedType);
    if (isPublisher(actual, kind)) {
      if (!types.isAssignable(actual, publisherOf(kind, value))) {
        return new Mismatch(0, "returns " + Messages.typeName(actual) + ", which is not a "
            + kind.typeSimpleName() + " of " + Messages.typeName(value) + ", the value of "
            + Messages.typeName(expected));
      }
    } else if (kind == ReturnKind.COMPLETABLE) {
      if (actual.getKind() != TypeKind.VOID) {
        return new Mismatch(0, "returns " + Messages.typeName(actual) + ", but "
            + Messages.signature(guarded) + " returns a Completable, which has no value: a"
            + " recover method of it returns a Completable or void");
      }
    } else if (actual.getKind() == TypeKind.VOID || !types.isAssignable(actual, value)) {
      return new Mismatch(0, "returns " + Messages.typeName(actual) + ", which is neither "
          + Messages.typeName(value) + " nor a " + kind.typeSimpleName() + " of it, as "
          + Messages.typeName(expected) + " needs");
    }
    return null;
  }

  /** Whether {@code type} is {@code kind}'s publisher type ({@code Mono} for a Mono), or extends it. */
  private boolean isPublisher(TypeMirror type, ReturnKind kind) {
    TypeElement publisher = elements.getTypeElement(kind.typeName());
    return type.getKind() == TypeKind.DECLARED
        && publisher != null
        && types.isSubtype(types.erasure(type), types.erasure(publisher.asType()));
  }

  /**
   * What a recover method's publisher must be for a method of {@code kind} with value {@code
   * value}: {@code Mono<? extends value>} and so on; {@code Completable} for a Completable.
   */
  TypeMirror publisherOf(ReturnKind kind, TypeMirror value) {
    TypeElement publisher = elements.getTypeElement(kind.typeName());
    return kind == ReturnKind.COMPLETABLE
        ? publisher.asType()
        : types.getDeclaredType(publisher, types.getWildcardType(value, null));
  }

  /**
   * Whether a recover method of a deferred method completes the call the method's own way rather
   * than returning its value: it returns the method's future type, it is a {@code suspend}
   * function, it returns the method's Reactor or RxJava 3 publisher type, or (always) it returns
   * the {@code Flow} to collect instead.
   */
  boolean returnsStage(ExecutableType recover, ExecutableType guardedType) {
    switch (ReturnKind.of(guardedType)) {
      case COMPLETION_STAGE:
      case COMPLETABLE_FUTURE:
        return isStage(recover.getReturnType());
      case SUSPEND:
        return KotlinSupport.continuationOf(recover) != null;
      case FLOW:
        return true;
      case MONO:
      case FLUX:
      case SINGLE:
      case MAYBE:
      case COMPLETABLE:
      case OBSERVABLE:
      case FLOWABLE:
        return isPublisher(recover.getReturnType(), ReturnKind.of(guardedType));
      default:
        return false;
    }
  }

  /**
   * What {@code recover} gives the call: what it returns, or the result of a {@code suspend}
   * recover function of a {@code suspend} function.
   */
  TypeMirror produced(ExecutableType recover, ExecutableType guardedType) {
    boolean bothSuspend =
        ReturnKind.of(guardedType) == ReturnKind.SUSPEND
            && ReturnKind.of(recover) == ReturnKind.SUSPEND;
    return bothSuspend
        ? ReturnKind.valueTypeOf(elements, recover)
        : recover.getReturnType();
  }

  /**
   * The parameters of a method as its source declares them: without the continuation of a {@code
   * suspend} function, which the generated code passes on itself.
   */
  List<? extends TypeMirror> parameters(ExecutableType method) {
    List<? extends TypeMirror> parameters = method.getParameterTypes();
    return KotlinSupport.continuationOf(method) == null
        ? parameters
        : parameters.subList(0, parameters.size() - 1);
  }

  /** Whether {@code type} is a {@code CompletionStage}: its outcome, not itself, is the value. */
  private boolean isStage(TypeMirror type) {
    return FutureTypes.isStage(elements, types, type);
  }

  /** {@code CompletionStage<? extends value>}: what a recover method's stage must be. */
  TypeMirror stageOf(TypeMirror value) {
    TypeElement stage = elements.getTypeElement(FutureTypes.COMPLETION_STAGE);
    return types.getDeclaredType(stage, types.getWildcardType(value, null));
  }

  /**
   * Whether a value of type {@code from} is assignable to {@code to} only through an unchecked
   * conversion that javac warns about under {@code -Xlint:unchecked} (JLS 5.1.9): a raw type where
   * a parameterized one is expected, unless all its type arguments are unbounded wildcards.
   * Boxing and unboxing are not.
   */
  boolean needsUncheckedConversion(TypeMirror from, TypeMirror to) {
    return isReference(from)
        && isReference(to)
        && types.isAssignable(from, to)
        && !types.isSubtype(from, to)
        && !TypeFacts.isReifiable(to);
  }

  private static boolean isReference(TypeMirror type) {
    switch (type.getKind()) {
      case DECLARED:
      case ARRAY:
      case TYPEVAR:
      case INTERSECTION:
        return true;
      default:
        return false;
    }
  }

  /**
   * The leading failure parameter's type when the recover method has one: a {@code Throwable}
   * type followed by a prefix of the guarded method's parameters.
   */
  TypeMirror failureParameter(ExecutableType recover, ExecutableType guardedType) {
    List<? extends TypeMirror> parameters = parameters(recover);
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
    List<? extends TypeMirror> guarded = parameters(guardedType);
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

  /**
   * Subtypes before supertypes (deeper classes first), declaration order otherwise, catch-all last.
   */

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

  public static boolean hasBody(ExecutableElement method) {
    return !method.getModifiers().contains(Modifier.ABSTRACT)
        && !method.getModifiers().contains(Modifier.NATIVE);
  }

  private static String simpleNames(List<? extends TypeMirror> types) {
    List<String> names = new ArrayList<>();
    for (TypeMirror type : types) {
      names.add(Messages.typeName(type));
    }
    return String.join(", ", names);
  }
}
