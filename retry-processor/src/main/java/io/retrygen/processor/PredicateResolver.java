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
 * Resolves the methods named by {@code retryIf} and {@code retryOnResult} at compile time: a
 * non-private {@code boolean} method of the input or a supertype (static or instance; in an
 * interface, default or static) with one parameter that takes the failure or the result.
 */
final class PredicateResolver {
  static final String RETRY_IF = "retryIf";
  static final String RETRY_ON_RESULT = "retryOnResult";

  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;
  private final RecoverResolver recovers;

  PredicateResolver(
      Elements elements, Types types, Diagnostics diagnostics, RecoverResolver recovers) {
    this.elements = elements;
    this.types = types;
    this.diagnostics = diagnostics;
    this.recovers = recovers;
  }

  /**
   * The method named by {@code attribute} ({@link #RETRY_IF} or {@link #RETRY_ON_RESULT}) of
   * {@code retry}, or null when none is named or it does not fit (then an error is reported on
   * the attribute's value).
   */
  PredicateMethod resolve(
      TypeElement type,
      List<TypeElement> supertypes,
      ExecutableElement guarded,
      ExecutableType guardedType,
      RetryConfig retry,
      String attribute) {
    boolean onResult = attribute.equals(RETRY_ON_RESULT);
    String name = onResult ? retry.retryOnResult() : retry.retryIf();
    if (name.isEmpty()) {
      return null;
    }
    AnnotationValue value = Mirrors.explicitValue(retry.mirror(), attribute);
    if (onResult && guardedType.getReturnType().getKind() == TypeKind.VOID) {
      diagnostics.error(
          retry.annotatedElement(), retry.mirror(), value,
          "@Retryable(retryOnResult = \"%s\") cannot apply to %s: it returns void, so there is no"
              + " result to test. Remove retryOnResult, or return the result",
          name, Diagnostics.signature(guarded));
      return null;
    }
    List<TypeElement> owners = new ArrayList<>();
    owners.add(type);
    owners.addAll(supertypes);
    Set<String> allNames = new LinkedHashSet<>();
    List<ExecutableElement> named = new ArrayList<>();
    for (TypeElement owner : owners) {
      for (ExecutableElement method : ElementFilter.methodsIn(owner.getEnclosedElements())) {
        allNames.add(method.getSimpleName().toString());
        if (method.getSimpleName().contentEquals(name) && !isHidden(method, named, type)) {
          named.add(method);
        }
      }
    }
    if (named.isEmpty()) {
      diagnostics.error(
          retry.annotatedElement(), retry.mirror(), value,
          "@Retryable(%s = \"%s\") names no method of %s or its supertypes.%s",
          attribute, name, type.getSimpleName(), Diagnostics.didYouMean(name, allNames));
      return null;
    }
    List<PredicateMethod> fitting = new ArrayList<>();
    String firstReason = null;
    for (ExecutableElement method : named) {
      ExecutableType methodType = memberType(type, method);
      String reason = mismatch(type, method, methodType, guarded, guardedType, onResult);
      if (reason == null) {
        TypeMirror parameter = methodType.getParameterTypes().get(0);
        boolean needsCast = !onResult && !types.isSameType(parameter, throwable());
        boolean unchecked =
            onResult
                && recovers.fits().needsUncheckedConversion(resultType(guardedType), parameter);
        fitting.add(
            new PredicateMethod(
                method, parameter, needsCast, elements.isDeprecated(method), unchecked));
      } else if (firstReason == null) {
        firstReason = reason;
      }
    }
    if (fitting.size() == 1) {
      return fitting.get(0);
    }
    if (fitting.isEmpty() && KotlinSupport.hasBodyInDefaultImpls(named.get(0), types)) {
      // The method is right, only compiled without JVM default methods: say how to fix that.
      diagnostics.error(
          retry.annotatedElement(), retry.mirror(), value,
          "@Retryable(%s = \"%s\") cannot use %s: %s. %s",
          attribute, name, Diagnostics.signature(named.get(0)), firstReason,
          KotlinSupport.JVM_DEFAULT_FIX);
    } else if (fitting.isEmpty()) {
      diagnostics.error(
          retry.annotatedElement(), retry.mirror(), value,
          "@Retryable(%s = \"%s\") cannot use %s: %s. It must be a non-private method %s",
          attribute, name, Diagnostics.signature(named.get(0)), firstReason,
          onResult
              ? "boolean " + name + "(R result) that " + Diagnostics.signature(guarded)
                  + "'s result (" + Diagnostics.typeName(resultType(guardedType))
                  + ") can be passed to"
              : "boolean " + name + "(T failure) with T a Throwable type");
    } else {
      diagnostics.error(
          retry.annotatedElement(), retry.mirror(), value,
          "@Retryable(%s = \"%s\") is ambiguous: %d methods of that name fit %s. Rename all but"
              + " one",
          attribute, name, fitting.size(), Diagnostics.signature(guarded));
    }
    return null;
  }

  /** What {@code retryOnResult} tests: the result, or the value of an async method's future. */
  private TypeMirror resultType(ExecutableType guardedType) {
    return FutureTypes.valueType(elements, types, guardedType.getReturnType());
  }

  /** Null if {@code method} can serve; else why not. */
  private String mismatch(
      TypeElement type,
      ExecutableElement method,
      ExecutableType methodType,
      ExecutableElement guarded,
      ExecutableType guardedType,
      boolean onResult) {
    Set<Modifier> modifiers = method.getModifiers();
    if (modifiers.contains(Modifier.PRIVATE)) {
      return "it is private";
    }
    if (!ModelReader.isVisible(type, method)) {
      return "it is package-private in another package";
    }
    if (KotlinSupport.hasBodyInDefaultImpls(method, types)) {
      return KotlinSupport.defaultImplsCause(method);
    }
    if (type.getKind().isInterface() && modifiers.contains(Modifier.ABSTRACT)) {
      return "it is abstract; in an interface it must be a default or static method";
    }
    if (!method.getTypeParameters().isEmpty()) {
      return "it declares type parameters";
    }
    if (!isBoolean(methodType.getReturnType())) {
      return "it returns " + Diagnostics.typeName(methodType.getReturnType()) + ", not boolean";
    }
    if (methodType.getParameterTypes().size() != 1) {
      return "it takes " + methodType.getParameterTypes().size() + " parameters, not 1";
    }
    TypeMirror parameter = methodType.getParameterTypes().get(0);
    if (onResult) {
      if (!types.isAssignable(resultType(guardedType), parameter)) {
        return "it takes " + Diagnostics.typeName(parameter) + ", which the result ("
            + Diagnostics.typeName(resultType(guardedType)) + ") cannot be passed as";
      }
    } else if (parameter.getKind() != TypeKind.DECLARED
        || !types.isSubtype(parameter, throwable())) {
      return "it takes " + Diagnostics.typeName(parameter) + ", which is not a Throwable type";
    } else if (!Validator.isAccessibleFrom(
        (TypeElement) types.asElement(parameter), GeneratedNames.packageOf(type))) {
      return "it takes " + Diagnostics.typeName(parameter) + ", which the generated class cannot"
          + " see to test for; make that type package-private or public";
    }
    for (TypeMirror thrown : methodType.getThrownTypes()) {
      if (recovers.fits().isChecked(thrown) && !recovers.fits().isDeclared(thrown, guardedType)) {
        return "it throws " + Diagnostics.typeName(thrown) + ", which "
            + Diagnostics.signature(guarded) + " does not declare";
      }
    }
    return null;
  }

  /** Whether {@code type}, a predicate's return type, is {@code boolean} or {@code Boolean}. */
  boolean isBoolean(TypeMirror type) {
    return type.getKind() == TypeKind.BOOLEAN
        || (type.getKind() == TypeKind.DECLARED
            && types.isSameType(type, elements.getTypeElement("java.lang.Boolean").asType()));
  }

  /** Whether an overload already collected from a nearer type overrides or hides {@code method}. */
  private boolean isHidden(
      ExecutableElement method, List<ExecutableElement> nearer, TypeElement type) {
    for (ExecutableElement each : nearer) {
      if (elements.overrides(each, method, type)
          || (each.getParameters().size() == method.getParameters().size()
              && types.isSubsignature(
                  (ExecutableType) each.asType(), (ExecutableType) method.asType()))) {
        return true;
      }
    }
    return false;
  }

  private ExecutableType memberType(TypeElement type, ExecutableElement method) {
    if (method.getModifiers().contains(Modifier.STATIC)) {
      return (ExecutableType) method.asType();
    }
    return (ExecutableType) types.asMemberOf((DeclaredType) type.asType(), method);
  }

  private TypeMirror throwable() {
    return elements.getTypeElement("java.lang.Throwable").asType();
  }
}
