package io.retrygen.processor.read;

import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryConfig;
import java.util.Collections;
import java.util.List;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Resolves the methods named by {@code retryIf} and {@code retryOnResult} at compile time: a
 * non-private {@code boolean} method of the input or a supertype (static or instance; in an
 * interface, default or static) with one parameter that takes the failure or the result.
 */
public final class PredicateResolver {
  static final String RETRY_IF = "retryIf";
  static final String RETRY_ON_RESULT = "retryOnResult";

  private final Elements elements;
  private final Types types;
  private final Report report;
  private final NamedMethods lookup;

  PredicateResolver(
      Elements elements, Types types, Report report, NamedMethods lookup) {
    this.elements = elements;
    this.types = types;
    this.report = report;
    this.lookup = lookup;
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
    // A meta-annotation's value is resolved here, where it is used: reported on its use.
    AnnotationValue value = retry.useValue(attribute);
    if (onResult && guardedType.getReturnType().getKind() == TypeKind.VOID) {
      report.error(
          retry.annotatedElement(), retry.useMirror(), value,
          "@Retryable(retryOnResult = \"%s\")%s cannot apply to %s: it returns void, so there is"
              + " no result to test. Remove retryOnResult, or return the result",
          name, retry.ofMeta(), Messages.signature(guarded));
      return null;
    }
    NamedMethods.Site site =
        new NamedMethods.Site(
            retry.annotatedElement(), retry.useMirror(), value,
            "@Retryable(" + attribute + " = \"" + name + "\")" + retry.ofMeta());
    String expected =
        onResult
            ? "boolean " + name + "(R result) that " + Messages.signature(guarded)
                + "'s result (" + Messages.typeName(lookup.resultType(guardedType))
                + ") can be passed to"
            : "boolean " + name + "(T failure) with T a Throwable type";
    return lookup.findOne(
        type, supertypes, name, site, guarded, expected,
        new NamedMethods.Fit<PredicateMethod>() {
          @Override
          public String mismatch(ExecutableElement method, ExecutableType methodType) {
            return PredicateResolver.this.mismatch(
                type, method, methodType, guarded, guardedType, onResult);
          }

          @Override
          public PredicateMethod resolved(ExecutableElement method, ExecutableType methodType) {
            return predicate(method, methodType, guardedType, retry, onResult);
          }
        });
  }

  /** {@code method}, which fits, as the generated code calls it. */
  private PredicateMethod predicate(
      ExecutableElement method,
      ExecutableType methodType,
      ExecutableType guardedType,
      RetryConfig retry,
      boolean onResult) {
    TypeMirror parameter = methodType.getParameterTypes().get(0);
    boolean needsCast = !onResult && !types.isSameType(parameter, lookup.throwable());
    boolean unchecked =
        onResult && lookup.needsUncheckedConversion(lookup.resultType(guardedType), parameter);
    // With matchCauses a failure may be retryable by one of its causes, whatever its own type.
    boolean classified = needsCast && !retry.matchCauses() && retryForIsWithin(retry, parameter);
    return new PredicateMethod(
        method, parameter, needsCast, classified, elements.isDeprecated(method), unchecked);
  }

  /** Null if {@code method} can serve; else why not. */
  private String mismatch(
      TypeElement type,
      ExecutableElement method,
      ExecutableType methodType,
      ExecutableElement guarded,
      ExecutableType guardedType,
      boolean onResult) {
    String reason = lookup.callMismatch(type, method);
    if (reason != null) {
      return reason;
    }
    if (!isBoolean(methodType.getReturnType())) {
      return "it returns " + Messages.typeName(methodType.getReturnType()) + ", not boolean";
    }
    reason = NamedMethods.parameterCountMismatch(methodType);
    if (reason != null) {
      return reason;
    }
    TypeMirror parameter = methodType.getParameterTypes().get(0);
    if (onResult) {
      TypeMirror result = lookup.resultType(guardedType);
      if (!types.isAssignable(result, parameter)) {
        return "it takes " + Messages.typeName(parameter) + ", which the result ("
            + Messages.typeName(result) + ") cannot be passed as";
      }
    } else {
      reason = lookup.failureTypeMismatch(type, parameter);
      if (reason != null) {
        return reason;
      }
    }
    return lookup.thrownMismatch(methodType, guarded, guardedType);
  }

  /**
   * Whether every type {@code retry} retries ({@code Exception} when {@code retryFor} is empty) is
   * a {@code parameter}: then the loop asks {@code retryIf} only about failures of that type.
   */
  private boolean retryForIsWithin(RetryConfig retry, TypeMirror parameter) {
    List<TypeMirror> retryFor = retry.retryFor();
    if (retryFor.isEmpty()) {
      retryFor = Collections.singletonList(elements.getTypeElement("java.lang.Exception").asType());
    }
    for (TypeMirror type : retryFor) {
      if (!types.isSubtype(types.erasure(type), types.erasure(parameter))) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code type}, a predicate's return type, is {@code boolean} or {@code Boolean}. */
  boolean isBoolean(TypeMirror type) {
    return type.getKind() == TypeKind.BOOLEAN
        || (type.getKind() == TypeKind.DECLARED
            && types.isSameType(type, elements.getTypeElement("java.lang.Boolean").asType()));
  }
}
