package io.retrygen.processor.read;

import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.BackoffConfig;
import io.retrygen.processor.model.DelayForMethods;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryConfig;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Resolves {@code @Backoff(delayFor = "name")} at compile time: the non-private methods
 * of that name in the input or a supertype (static or instance; in an interface, default or
 * static) that return {@code long} or {@code int} and take one parameter: a failure type, or a
 * type the guarded method's result can be passed as (only with {@code retryOnResult}). Of those
 * that can take a given failure or result, the one with the most specific parameter type is used,
 * as javac would choose among overloads.
 */
public final class DelayForResolver {
  private final Elements elements;
  private final Types types;
  private final Report report;
  private final NamedMethods lookup;

  DelayForResolver(Elements elements, Types types, Report report, NamedMethods lookup) {
    this.elements = elements;
    this.types = types;
    this.report = report;
    this.lookup = lookup;
  }

  /**
   * The {@code delayFor} overloads {@code guarded} uses, or null when none is named or they do not
   * fit (then an error is reported on the {@code delayFor} value).
   */
  DelayForMethods resolve(
      TypeElement type,
      List<TypeElement> supertypes,
      ExecutableElement guarded,
      ExecutableType guardedType,
      RetryConfig retry) {
    BackoffConfig backoff = retry.backoff();
    String name = backoff.delayFor();
    if (name.isEmpty()) {
      return null;
    }
    NamedMethods.Site site =
        new NamedMethods.Site(
            retry.annotatedElement(),
            retry.metaAnnotation() == null ? backoff.mirror() : retry.useMirror(),
            retry.metaAnnotation() == null ? backoff.explicit("delayFor") : null,
            "@Backoff(delayFor = \"" + name + "\")" + retry.ofMeta());
    List<ExecutableElement> named = lookup.find(type, supertypes, name, site);
    if (named == null) {
      return null;
    }
    // What a result overload takes; null for a void method, which has none.
    TypeMirror result = isVoid(guardedType) ? null : lookup.resultType(guardedType);
    List<PredicateMethod> forFailures = new ArrayList<>();
    List<PredicateMethod> forResults = new ArrayList<>();
    String firstReason = null;
    boolean failed = false;
    for (ExecutableElement method : named) {
      ExecutableType methodType = lookup.memberType(type, method);
      String reason = mismatch(type, method, methodType, guarded, guardedType, result);
      if (reason != null) {
        firstReason = firstReason == null ? reason : firstReason;
        continue;
      }
      TypeMirror parameter = methodType.getParameterTypes().get(0);
      boolean deprecated = elements.isDeprecated(method);
      if (lookup.isFailureType(parameter)) {
        boolean needsCast = !types.isSameType(parameter, lookup.throwable());
        forFailures.add(
            new PredicateMethod(method, parameter, needsCast, false, deprecated, false));
      } else if (retry.retryOnResult().isEmpty()) {
        failed = true;
        reportResultWithoutRetryOnResult(site, method);
      } else {
        boolean unchecked = lookup.needsUncheckedConversion(result, parameter);
        forResults.add(new PredicateMethod(method, parameter, false, false, deprecated, unchecked));
      }
    }
    PredicateMethod forResult = null;
    if (!forResults.isEmpty()) {
      forResult = forResult(site, name, guarded, result, forResults);
      failed |= forResult == null;
    }
    if (failed) {
      return null;
    }
    if (forFailures.isEmpty() && forResult == null) {
      lookup.reportNoneFits(site, named, firstReason, expected(name, guarded, retry, result));
      return null;
    }
    return new DelayForMethods(chain(forFailures), forResult);
  }

  /** An overload for results, which no result ever reaches without {@code retryOnResult}. */
  private void reportResultWithoutRetryOnResult(NamedMethods.Site site, ExecutableElement method) {
    report.error(
        site.element, site.annotation, site.value,
        "%s has %s, which takes a result, but its @Retryable has no retryOnResult: no result"
            + " is ever rejected, so it would never be called. Set retryOnResult to the"
            + " method that rejects results, or remove %s",
        site.written, Messages.signature(method), Messages.signature(method));
  }

  /**
   * The one of {@code forResults} that takes {@code result} most specifically, or null when two
   * tie, which it reports.
   */
  private PredicateMethod forResult(
      NamedMethods.Site site,
      String name,
      ExecutableElement guarded,
      TypeMirror result,
      List<PredicateMethod> forResults) {
    List<PredicateMethod> best = mostSpecific(applicable(forResults, result));
    if (best.size() == 1) {
      return best.get(0);
    }
    report.error(
        site.element, site.annotation, site.value,
        "%s is ambiguous for the result of %s: %s and %s can both take a %s, and neither"
            + " takes a more specific type. Remove one, or add %s(%s)",
        site.written, Messages.signature(guarded),
        Messages.signature(best.get(0).method()),
        Messages.signature(best.get(1).method()), Messages.typeName(result),
        name, Messages.typeName(result));
    return null;
  }

  private static boolean isVoid(ExecutableType method) {
    return method.getReturnType().getKind() == TypeKind.VOID;
  }

  /** Whether {@code type}, a {@code delayFor} method's return type, is {@code long} or int. */
  static boolean isLongOrInt(TypeMirror type) {
    return type.getKind() == TypeKind.LONG || type.getKind() == TypeKind.INT;
  }

  /** Null if {@code method} can serve for a failure or for {@code result}; else why not. */
  private String mismatch(
      TypeElement type,
      ExecutableElement method,
      ExecutableType methodType,
      ExecutableElement guarded,
      ExecutableType guardedType,
      TypeMirror result) {
    String reason = lookup.callMismatch(type, method);
    if (reason != null) {
      return reason;
    }
    if (!isLongOrInt(methodType.getReturnType())) {
      return "it returns " + Messages.typeName(methodType.getReturnType())
          + ", not long or int";
    }
    reason = NamedMethods.parameterCountMismatch(methodType);
    if (reason != null) {
      return reason;
    }
    TypeMirror parameter = methodType.getParameterTypes().get(0);
    if (lookup.isFailureType(parameter)) {
      reason = lookup.failureTypeMismatch(type, parameter);
    } else if (result == null) {
      reason = lookup.failureTypeMismatch(type, parameter) + ", and "
          + Messages.signature(guarded) + " returns no result";
    } else if (!types.isAssignable(result, parameter)) {
      reason = "it takes " + Messages.typeName(parameter) + ", which is neither a Throwable"
          + " type nor a type the result (" + Messages.typeName(result)
          + ") can be passed as";
    }
    return reason != null ? reason : lookup.thrownMismatch(methodType, guarded, guardedType);
  }

  /** "long name(T failure) with T a Throwable type, or ...": what would fit. */
  private static String expected(
      String name, ExecutableElement guarded, RetryConfig retry, TypeMirror result) {
    String expected = "long " + name + "(T failure) with T a Throwable type";
    if (result != null && !retry.retryOnResult().isEmpty()) {
      expected += ", or long " + name + "(R result) that " + Messages.signature(guarded)
          + "'s result (" + Messages.typeName(result) + ") can be passed to";
    }
    return expected + " (an int return is accepted too)";
  }

  /**
   * Those of {@code overloads} javac would consider first for an argument of type {@code result}
   * (JLS 15.12.2.2): the ones that take it without boxing or unboxing, else all of them.
   */
  private List<PredicateMethod> applicable(List<PredicateMethod> overloads, TypeMirror result) {
    List<PredicateMethod> withoutBoxing = new ArrayList<>();
    for (PredicateMethod overload : overloads) {
      if (overload.parameterType().getKind().isPrimitive() == result.getKind().isPrimitive()) {
        withoutBoxing.add(overload);
      }
    }
    return withoutBoxing.isEmpty() ? overloads : withoutBoxing;
  }

  /** The overloads no other one is more specific than (JLS 15.12.2.5): one, unless ambiguous. */
  private List<PredicateMethod> mostSpecific(List<PredicateMethod> overloads) {
    List<PredicateMethod> best = new ArrayList<>();
    for (PredicateMethod candidate : overloads) {
      boolean beaten = false;
      for (PredicateMethod other : overloads) {
        beaten |=
            other != candidate
                && types.isSubtype(other.parameterType(), candidate.parameterType())
                && !types.isSubtype(candidate.parameterType(), other.parameterType());
      }
      if (!beaten) {
        best.add(candidate);
      }
    }
    return best;
  }

  /**
   * The failure overloads in the order an {@code instanceof} chain tests them: most specific first
   * (failure types are classes, so a subtype is deeper), up to the one that takes every failure.
   */
  private static List<PredicateMethod> chain(List<PredicateMethod> forFailures) {
    List<PredicateMethod> ordered = new ArrayList<>(forFailures);
    ordered.sort(
        (a, b) ->
            Integer.compare(
                RecoverResolver.depth(b.parameterType()),
                RecoverResolver.depth(a.parameterType())));
    for (int i = 0; i < ordered.size(); i++) {
      if (!ordered.get(i).needsCast()) {
        return ordered.subList(0, i + 1);
      }
    }
    return ordered;
  }
}
