package io.retrygen.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The rules of the contract. Reports every problem of a type through {@link Diagnostics}, on the
 * value that is wrong where there is one, and never throws for bad input.
 */
final class Validator {
  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;

  Validator(Elements elements, Types types, Diagnostics diagnostics) {
    this.elements = elements;
    this.types = types;
    this.diagnostics = diagnostics;
  }

  /**
   * Whether {@code type} can have a generated class at all: an interface or a non-final class that
   * the generated top-level class can see and instantiate. Reports why not.
   */
  boolean validateShape(TypeElement type) {
    String kind = kindName(type);
    ElementKind elementKind = type.getKind();
    if (elementKind == ElementKind.ENUM || elementKind == ElementKind.ANNOTATION_TYPE
        || elementKind.name().equals("RECORD")) {
      diagnostics.error(
          type,
          "retrygen cannot wrap %s %s: it generates a delegate for an interface or a subclass for"
              + " a class. Put the annotations on an interface that %s implements, and wrap it",
          kind, type.getSimpleName(), type.getSimpleName());
      return false;
    }
    if (type.getNestingKind() == NestingKind.LOCAL
        || type.getNestingKind() == NestingKind.ANONYMOUS) {
      diagnostics.error(
          type,
          "retrygen cannot wrap local or anonymous %s %s: the generated class is a top-level class"
              + " of the package and cannot see it. Declare it at top level or as a static nested"
              + " type",
          kind, type.getSimpleName());
      return false;
    }
    boolean valid = true;
    if (type.getKind() == ElementKind.CLASS && type.getModifiers().contains(Modifier.FINAL)) {
      diagnostics.error(
          type,
          "retrygen cannot wrap final class %s: it generates the subclass %s. Remove final, or put"
              + " the annotations on an interface that %s implements",
          type.getSimpleName(),
          GeneratedNames.retryingClass(type).simpleName(),
          type.getSimpleName());
      valid = false;
    }
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      TypeElement each = (TypeElement) e;
      if (each.getModifiers().contains(Modifier.PRIVATE)) {
        diagnostics.error(
            type,
            "retrygen cannot wrap %s %s because %s is private: the generated %s is a top-level"
                + " class of the package and cannot see it. Make it package-private or public",
            kind, type.getSimpleName(), each.getSimpleName(),
            GeneratedNames.retryingClass(type).simpleName());
        return false; // its constructors are private too: no point saying so again
      }
    }
    if (type.getKind() == ElementKind.CLASS
        && type.getNestingKind() == NestingKind.MEMBER
        && !type.getModifiers().contains(Modifier.STATIC)) {
      diagnostics.error(
          type,
          "retrygen cannot wrap inner class %s: the generated subclass %s has no enclosing"
              + " instance to create it with. Make the class static",
          type.getSimpleName(), GeneratedNames.retryingClass(type).simpleName());
      valid = false;
    }
    if (type.getKind() == ElementKind.CLASS && !hasAccessibleConstructor(type)) {
      diagnostics.error(
          type,
          "retrygen cannot wrap class %s: it has no non-private constructor for the generated"
              + " subclass %s to call. Add a package-private or public constructor",
          type.getSimpleName(), GeneratedNames.retryingClass(type).simpleName());
      valid = false;
    }
    return valid;
  }

  private static boolean hasAccessibleConstructor(TypeElement type) {
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (!constructor.getModifiers().contains(Modifier.PRIVATE)) {
        return true;
      }
    }
    return false;
  }

  /** Checks every annotation that the input itself carries, on the type and its own methods. */
  void validateAnnotations(TypeElement type) {
    List<Element> annotated = new ArrayList<>();
    annotated.add(type);
    annotated.addAll(ElementFilter.methodsIn(type.getEnclosedElements()));
    for (Element element : annotated) {
      AnnotationMirror retryable = Mirrors.find(element, Names.RETRYABLE);
      AnnotationMirror backoff = Mirrors.find(element, Names.BACKOFF);
      AnnotationMirror breaker = Mirrors.find(element, Names.CIRCUIT_BREAKER);
      if (element instanceof ExecutableElement) {
        checkOverridable((ExecutableElement) element, retryable != null ? retryable : breaker);
      }
      if (backoff != null && retryable == null) {
        diagnostics.error(
            element, backoff,
            "@Backoff here belongs to no @Retryable: a @Backoff placed directly on a %s applies"
                + " only to a @Retryable on the same %s. Add @Retryable, or write"
                + " @Retryable(backoff = @Backoff(...))",
            elementName(element), elementName(element));
      }
      if (breaker != null) {
        diagnostics.error(
            element, breaker,
            "@CircuitBreaker is not supported yet by this version of retrygen; remove it, or"
                + " use @Retryable alone");
      }
      if (retryable != null) {
        validateRetryable(type, element, retryable, backoff);
      }
    }
  }

  private void checkOverridable(ExecutableElement method, AnnotationMirror annotation) {
    if (annotation == null) {
      return;
    }
    String annotationName = "@" + annotation.getAnnotationType().asElement().getSimpleName();
    Set<Modifier> modifiers = method.getModifiers();
    String reason =
        modifiers.contains(Modifier.FINAL) ? "final"
            : modifiers.contains(Modifier.STATIC) ? "static"
            : modifiers.contains(Modifier.PRIVATE) ? "private"
            : null;
    if (reason != null) {
      diagnostics.error(
          method,
          "%s cannot be used on %s method %s: the generated class guards a method by overriding"
              + " it, and a %s method cannot be overridden. Remove %s, or remove the annotation",
          annotationName, reason, ModelReader.signature(method), reason, reason);
    }
  }

  private void validateRetryable(
      TypeElement type, Element element, AnnotationMirror retryable, AnnotationMirror direct) {
    int maxAttempts = Mirrors.intValue(elements, retryable, "maxAttempts");
    if (maxAttempts < 1) {
      diagnostics.error(
          element, retryable, Mirrors.explicitValue(retryable, "maxAttempts"),
          "@Retryable(maxAttempts = %d) is invalid: maxAttempts counts the first call and must be"
              + " at least 1. Use maxAttempts = 1 to call once without retrying",
          maxAttempts);
    }
    long maxDuration = Mirrors.longValue(elements, retryable, "maxDuration");
    AnnotationValue maxDurationValue = Mirrors.explicitValue(retryable, "maxDuration");
    if (maxDuration < 0) {
      diagnostics.error(
          element, retryable, maxDurationValue,
          "@Retryable(maxDuration = %d) is invalid: maxDuration is a time budget in milliseconds"
              + " and must not be negative. Use 0 for no time limit",
          maxDuration);
    }
    AnnotationValue nested = Mirrors.explicitValue(retryable, "backoff");
    if (direct != null && nested != null) {
      diagnostics.error(
          element, direct,
          "@Backoff is given twice for this @Retryable: nested as @Retryable(backoff = ...) and"
              + " directly on the %s. Keep one of them",
          elementName(element));
    }
    AnnotationMirror backoff =
        direct != null ? direct : Mirrors.annotationValue(elements, retryable, "backoff");
    long delay = validateBackoff(element, backoff);
    if (maxDuration > 0 && delay >= maxDuration) {
      diagnostics.error(
          element, retryable, maxDurationValue,
          "@Retryable(maxDuration = %d) leaves no time for a retry: the backoff waits %d ms before"
              + " the first retry, and a retry starts only while less than maxDuration has"
              + " elapsed. Raise maxDuration above %d, or lower @Backoff(delay)",
          maxDuration, delay, delay);
    }
    PackageElement pkg = GeneratedNames.packageOf(type);
    for (String attribute : new String[] {"retryFor", "noRetryFor", "notRecoverable"}) {
      AnnotationValue written = Mirrors.explicitValue(retryable, attribute);
      for (TypeMirror failure : Mirrors.typeList(elements, retryable, attribute)) {
        TypeElement failureType = (TypeElement) types.asElement(failure);
        if (!isAccessibleFrom(failureType, pkg)) {
          diagnostics.error(
              element, retryable, written,
              "@Retryable(%s = %s.class) names a type that the generated class in package %s"
                  + " cannot see, so it cannot test for it. Make %s public or package-private",
              attribute, failureType.getSimpleName(), packageName(pkg),
              failureType.getSimpleName());
        }
      }
    }
    AnnotationValue listenersValue = Mirrors.explicitValue(retryable, "listeners");
    for (TypeMirror listener : Mirrors.typeList(elements, retryable, "listeners")) {
      TypeElement listenerType = (TypeElement) types.asElement(listener);
      if (!isCreatable(listenerType, pkg)) {
        diagnostics.error(
            element, retryable, listenersValue,
            "@Retryable(listeners = %s.class) cannot be created by the generated class: a"
                + " listener must be a non-abstract, static, public (or same-package) class with a"
                + " public no-arg constructor. Add one, or register an instance with"
                + " RetryOptions.builder().listener(...)",
            listenerType.getSimpleName());
      }
    }
  }

  /** Checks a {@code @Backoff} (nested or direct) and returns its delay. */
  private long validateBackoff(Element element, AnnotationMirror backoff) {
    long delay = Mirrors.longValue(elements, backoff, "delay");
    long maxDelay = Mirrors.longValue(elements, backoff, "maxDelay");
    double multiplier = Mirrors.doubleValue(elements, backoff, "multiplier");
    boolean random = Mirrors.booleanValue(elements, backoff, "random");
    double jitter = Mirrors.doubleValue(elements, backoff, "jitter");
    if (delay < 0) {
      diagnostics.error(
          element, backoff, Mirrors.explicitValue(backoff, "delay"),
          "@Backoff(delay = %d) is invalid: delay must not be negative. Use delay = 0 to retry at"
              + " once",
          delay);
    }
    AnnotationValue maxDelayValue = Mirrors.explicitValue(backoff, "maxDelay");
    if (maxDelay < 0) {
      diagnostics.error(
          element, backoff, maxDelayValue,
          "@Backoff(maxDelay = %d) is invalid: maxDelay must not be negative. Use 0 for no cap"
              + " (30000 ms for an exponential backoff)",
          maxDelay);
    } else if (maxDelay > 0 && maxDelay < delay) {
      diagnostics.error(
          element, backoff, maxDelayValue,
          "@Backoff(maxDelay = %d) is below delay = %d: maxDelay caps every wait, so it must be at"
              + " least delay. Raise maxDelay to %d or more, or use 0 for no cap",
          maxDelay, delay, delay);
    }
    AnnotationValue multiplierValue = Mirrors.explicitValue(backoff, "multiplier");
    boolean exponential = multiplier > 1.0;
    if (!(multiplier == 0.0 || multiplier >= 1.0) || Double.isInfinite(multiplier)) {
      diagnostics.error(
          element, backoff, multiplierValue,
          "@Backoff(multiplier = %s) is invalid: use a multiplier greater than 1 for an"
              + " exponential backoff, or 0 (the default) for a fixed one",
          Diagnostics.number(multiplier));
    } else if (exponential && maxDelay == 0 && delay > BackoffConfig.EXPONENTIAL_CAP) {
      diagnostics.error(
          element, backoff, Mirrors.explicitValue(backoff, "delay"),
          "@Backoff(delay = %d) is above the 30000 ms cap of an exponential backoff without"
              + " maxDelay, so every wait would be cut to 30000 ms. Set maxDelay to %d or more",
          delay, delay);
    }
    if (!(jitter >= 0.0 && jitter <= 1.0)) {
      diagnostics.error(
          element, backoff, Mirrors.explicitValue(backoff, "jitter"),
          "@Backoff(jitter = %s) is invalid: jitter must be in [0, 1]; 0.1 lets each wait vary by"
              + " up to 10%% either way",
          Diagnostics.number(jitter));
    }
    // 0 < maxDelay < delay was reported above; only an empty range is left to report.
    if (random && !exponential && (maxDelay == 0 || maxDelay == delay)) {
      diagnostics.error(
          element, backoff, Mirrors.explicitValue(backoff, "random"),
          "@Backoff(random = true) has no range to choose from: a fixed random backoff waits a"
              + " uniform time in [delay, maxDelay], so it needs maxDelay > delay. Set maxDelay,"
              + " or a multiplier > 1 to choose in [d, d * multiplier]");
    }
    return delay;
  }

  /** Whether code in {@code pkg} can name {@code type}. */
  static boolean isAccessibleFrom(TypeElement type, PackageElement pkg) {
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      Set<Modifier> modifiers = e.getModifiers();
      if (modifiers.contains(Modifier.PRIVATE)) {
        return false;
      }
      if (!modifiers.contains(Modifier.PUBLIC)
          && !GeneratedNames.packageOf(e).equals(pkg)) {
        return false;
      }
    }
    return true;
  }

  /** Whether code in {@code pkg} can write {@code new T()} for the listener {@code type}. */
  private static boolean isCreatable(TypeElement type, PackageElement pkg) {
    if (type.getKind() != ElementKind.CLASS
        || type.getModifiers().contains(Modifier.ABSTRACT)
        || !isAccessibleFrom(type, pkg)
        || (type.getNestingKind() == NestingKind.MEMBER
            && !type.getModifiers().contains(Modifier.STATIC))) {
      return false;
    }
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty()
          && constructor.getModifiers().contains(Modifier.PUBLIC)) {
        return true;
      }
    }
    return false;
  }

  /** Guarded methods the generator cannot handle yet. */
  void validateModel(RetryableType model) {
    for (GuardedMethod method : model.methods()) {
      if (!method.isGuarded()) {
        continue;
      }
      TypeMirror returnType = types.erasure(method.type().getReturnType());
      for (String future :
          new String[] {"java.util.concurrent.CompletionStage",
              "java.util.concurrent.CompletableFuture"}) {
        TypeElement futureType = elements.getTypeElement(future);
        if (futureType != null
            && types.isSameType(returnType, types.erasure(futureType.asType()))) {
          Element where =
              method.method().getEnclosingElement().equals(model.element())
                  ? method.method()
                  : model.element();
          diagnostics.error(
              where,
              "%s returns %s: asynchronous methods are not supported yet by this version of"
                  + " retrygen, and retrying only the synchronous call would lose failures."
                  + " Remove @Retryable from it, or return the value synchronously",
              ModelReader.signature(method.method()), futureType.getSimpleName());
        }
      }
    }
  }

  private static String kindName(TypeElement type) {
    switch (type.getKind()) {
      case ENUM:
        return "enum";
      case ANNOTATION_TYPE:
        return "annotation type";
      case INTERFACE:
        return "interface";
      case CLASS:
        return "class";
      default:
        return type.getKind().name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  private static String elementName(Element element) {
    return element instanceof ExecutableElement ? "method" : "type";
  }

  private static String packageName(PackageElement pkg) {
    return pkg.isUnnamed() ? "(unnamed)" : pkg.getQualifiedName().toString();
  }
}
