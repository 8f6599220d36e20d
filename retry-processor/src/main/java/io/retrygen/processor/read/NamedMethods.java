package io.retrygen.processor.read;

import io.retrygen.processor.elements.GeneratedNames;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.Visibility;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.ReturnKind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
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
 * What the resolvers of methods named in annotations ({@code retryIf}, {@code retryOnResult},
 * {@code delayFor}) share: finding the methods of a name in the input and its supertypes, the
 * rules every such method follows whatever it computes (the generated class can call it, it takes
 * one parameter, its checked exceptions are the guarded method's), and the errors when there is
 * none or none fits.
 */
public final class NamedMethods {
  private final Elements elements;
  private final Types types;
  private final Report report;
  private final RecoverFit fits;

  NamedMethods(Elements elements, Types types, Report report, RecoverFit fits) {
    this.elements = elements;
    this.types = types;
    this.report = report;
    this.fits = fits;
  }

  /** Where an attribute naming a method is written, and how messages quote it. */
  static final class Site {
    final Element element;
    final AnnotationMirror annotation;
    final AnnotationValue value;
    /** {@code @Retryable(retryIf = "isTransient")}: how messages begin. */
    final String written;

    Site(Element element, AnnotationMirror annotation, AnnotationValue value, String written) {
      this.element = element;
      this.annotation = annotation;
      this.value = value;
      this.written = written;
    }
  }

  /**
   * The methods called {@code name} of {@code type} and its {@code supertypes}, nearest first,
   * without those a nearer one overrides or hides; null, after an error on {@code site}, when
   * there is none.
   */
  List<ExecutableElement> find(
      TypeElement type, List<TypeElement> supertypes, String name, Site site) {
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
      report.error(
          site.element, site.annotation, site.value,
          "%s names no method of %s or its supertypes.%s",
          site.written, type.getSimpleName(), Messages.didYouMean(name, allNames));
      return null;
    }
    return named;
  }

  /**
   * Null if the generated class can call {@code method} (non-private, visible from its package,
   * with a body, not generic); else why not.
   */
  String callMismatch(TypeElement type, ExecutableElement method) {
    Set<Modifier> modifiers = method.getModifiers();
    if (modifiers.contains(Modifier.PRIVATE)) {
      return "it is private";
    }
    if (!Visibility.isVisible(type, method)) {
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
    return null;
  }

  /** Null if {@code methodType} takes one parameter; else how many it takes. */
  static String parameterCountMismatch(ExecutableType methodType) {
    int count = methodType.getParameterTypes().size();
    return count == 1 ? null : "it takes " + count + " parameters, not 1";
  }

  /** Whether {@code parameter} is a class type that extends {@code Throwable}. */
  boolean isFailureType(TypeMirror parameter) {
    return parameter.getKind() == TypeKind.DECLARED && types.isSubtype(parameter, throwable());
  }

  /**
   * Null if {@code parameter} is a failure type the generated class can test for; else why not.
   */
  String failureTypeMismatch(TypeElement type, TypeMirror parameter) {
    if (!isFailureType(parameter)) {
      return "it takes " + Messages.typeName(parameter) + ", which is not a Throwable type";
    }
    if (!Visibility.isAccessibleFrom(
        (TypeElement) types.asElement(parameter), GeneratedNames.packageOf(type))) {
      return "it takes " + Messages.typeName(parameter) + ", which the generated class cannot"
          + " see to test for; make that type package-private or public";
    }
    return null;
  }

  /** Null if {@code guarded} declares every checked exception {@code methodType} throws. */
  String thrownMismatch(
      ExecutableType methodType, ExecutableElement guarded, ExecutableType guardedType) {
    for (TypeMirror thrown : methodType.getThrownTypes()) {
      if (fits.isChecked(thrown) && !fits.isDeclared(thrown, guardedType)) {
        return "it throws " + Messages.typeName(thrown) + ", which "
            + Messages.signature(guarded) + " does not declare";
      }
    }
    return null;
  }

  /** How a method that {@code site} names serves the guarded method, or why it cannot. */
  interface Fit<T> {
    /** Null if {@code method} (as a member of the input, {@code methodType}) fits; else why not. */
    String mismatch(ExecutableElement method, ExecutableType methodType);

    /** {@code method}, which fits, as the generated code calls it. */
    T resolved(ExecutableElement method, ExecutableType methodType);
  }

  /**
   * The one method called {@code name} ({@link #find}) that {@code fit} accepts; null after an
   * error on {@code site} when there is none ({@link #reportNoneFits}, with {@code expected}) or
   * more than one (ambiguous, for {@code guarded}).
   */
  <T> T findOne(
      TypeElement type,
      List<TypeElement> supertypes,
      String name,
      Site site,
      ExecutableElement guarded,
      String expected,
      Fit<T> fit) {
    List<ExecutableElement> named = find(type, supertypes, name, site);
    if (named == null) {
      return null;
    }
    List<T> fitting = new ArrayList<>();
    String firstReason = null;
    for (ExecutableElement method : named) {
      ExecutableType methodType = memberType(type, method);
      String reason = fit.mismatch(method, methodType);
      if (reason == null) {
        fitting.add(fit.resolved(method, methodType));
      } else if (firstReason == null) {
        firstReason = reason;
      }
    }
    if (fitting.size() == 1) {
      return fitting.get(0);
    }
    if (fitting.isEmpty()) {
      reportNoneFits(site, named, firstReason, expected);
    } else {
      report.error(
          site.element, site.annotation, site.value,
          "%s is ambiguous: %d methods of that name fit %s. Rename all but one",
          site.written, fitting.size(), Messages.signature(guarded));
    }
    return null;
  }

  /**
   * The error when none of {@code named} fits, with why the first does not ({@code reason}) and
   * what would ({@code expected}: "boolean isTransient(T failure) with ...").
   */
  void reportNoneFits(Site site, List<ExecutableElement> named, String reason, String expected) {
    ExecutableElement first = named.get(0);
    if (KotlinSupport.hasBodyInDefaultImpls(first, types)) {
      // The method is right, only compiled without JVM default methods: say how to fix that.
      report.error(
          site.element, site.annotation, site.value,
          "%s cannot use %s: %s. %s",
          site.written, Messages.signature(first), reason, KotlinSupport.JVM_DEFAULT_FIX);
    } else {
      report.error(
          site.element, site.annotation, site.value,
          "%s cannot use %s: %s. It must be a non-private method %s",
          site.written, Messages.signature(first), reason, expected);
    }
  }

  /** What a call completes with: the result, or the value of an async method's future. */
  TypeMirror resultType(ExecutableType guardedType) {
    return ReturnKind.valueTypeOf(elements, guardedType);
  }

  /** Whether a raw {@code from} is passed as its parameterized {@code to}: unchecked. */
  boolean needsUncheckedConversion(TypeMirror from, TypeMirror to) {
    return fits.needsUncheckedConversion(from, to);
  }

  /** {@code method}'s type as a member of {@code type}: type variables resolved. */
  ExecutableType memberType(TypeElement type, ExecutableElement method) {
    if (method.getModifiers().contains(Modifier.STATIC)) {
      return (ExecutableType) method.asType();
    }
    return (ExecutableType) types.asMemberOf((DeclaredType) type.asType(), method);
  }

  TypeMirror throwable() {
    return elements.getTypeElement("java.lang.Throwable").asType();
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
}
