package io.retrygen.processor;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.Mirrors;
import io.retrygen.processor.elements.MissingTypeException;
import io.retrygen.processor.read.OtherProcessors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Which types each round processes: those put off from earlier rounds, then those annotated in
 * this one; which are inputs; and which are put off, and why. Names, never elements: the elements
 * of one round must not be used in the next.
 */
final class Rounds {
  /** What makes a type an input: one of these on it or on a method it declares. */
  private static final List<String> INPUT_ANNOTATIONS =
      Arrays.asList(
          AnnotationNames.RETRYABLE,
          AnnotationNames.CIRCUIT_BREAKER,
          AnnotationNames.TIMEOUT,
          AnnotationNames.BACKOFF);

  private final Elements elements;
  /**
   * Names of the types put off by one round because another processor may still change them
   * ({@link OtherProcessors}), so that each is put off once only.
   */
  private final Set<String> putOffOnce = new HashSet<>();
  private final Set<String> deferredTypeNames = new LinkedHashSet<>();
  /** Those of {@link #deferredTypeNames} whose annotation values javac could not resolve. */
  private final Set<String> deferredForValues = new HashSet<>();

  Rounds(Elements elements) {
    this.elements = elements;
  }

  /**
   * Deferred types first, then the types annotated in this round, in source order, each once. A
   * type with only {@code @Recover} or {@code @RetryBudget} methods is among them: it generates
   * nothing, but is checked.
   */
  List<TypeElement> typesToProcess(RoundEnvironment round) {
    Set<TypeElement> types = new LinkedHashSet<>();
    List<String> deferred = new ArrayList<>(deferredTypeNames);
    deferredTypeNames.clear();
    for (String name : deferred) {
      TypeElement type = elements.getTypeElement(name);
      if (type != null) {
        types.add(type);
      }
    }
    if (round.processingOver()) {
      return new ArrayList<>(types);
    }
    for (String annotation :
        Arrays.asList(
            AnnotationNames.RETRYABLE,
            AnnotationNames.CIRCUIT_BREAKER,
            AnnotationNames.RECOVER,
            AnnotationNames.RETRY_BUDGET,
            AnnotationNames.TIMEOUT)) {
      TypeElement annotationType = elements.getTypeElement(annotation);
      if (annotationType == null) {
        continue;
      }
      for (Element element : round.getElementsAnnotatedWith(annotationType)) {
        if (element instanceof TypeElement) {
          addUnlessDefaultImpls(types, (TypeElement) element);
        } else if (element instanceof ExecutableElement
            && element.getEnclosingElement() instanceof TypeElement) {
          addUnlessDefaultImpls(types, (TypeElement) element.getEnclosingElement());
        }
      }
    }
    TypeElement backoff = elements.getTypeElement(AnnotationNames.BACKOFF);
    if (backoff != null) {
      // A @Backoff without @Retryable is an error that only the type's validation reports.
      for (Element element : round.getElementsAnnotatedWith(backoff)) {
        Element type = element instanceof TypeElement ? element : element.getEnclosingElement();
        if (type instanceof TypeElement) {
          addUnlessDefaultImpls(types, (TypeElement) type);
        }
      }
    }
    return new ArrayList<>(types);
  }

  /**
   * Kotlin's {@code DefaultImpls} bridges carry copies of the annotations of the interface's
   * functions (kapt puts them there); the interface reports what is wrong with them, once.
   */
  private static void addUnlessDefaultImpls(Set<TypeElement> types, TypeElement type) {
    if (!KotlinSupport.isDefaultImpls(type)) {
      types.add(type);
    }
  }

  /**
   * Whether {@code type} is an input: {@code @Retryable}, {@code @CircuitBreaker} or {@code
   * @Timeout} on
   * it or on a method it declares. A stray {@code @Backoff} counts too, so that it gets its error
   * (which stops the class from being written).
   */
  static boolean isInput(TypeElement type) {
    for (Element element : Declarations.typeAndOwnMethods(type)) {
      for (String name : INPUT_ANNOTATIONS) {
        if (Mirrors.find(element, name) != null) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether {@code type} is put off to the next round, once, because another processor may still
   * change it in this one.
   */
  boolean putOffForOtherProcessors(TypeElement type, RoundEnvironment round) {
    if (!round.processingOver()
        && OtherProcessors.mayStillChange(type)
        && putOffOnce.add(type.getQualifiedName().toString())) {
      deferredTypeNames.add(type.getQualifiedName().toString());
      return true;
    }
    return false;
  }

  /** Puts {@code type} off to the next round, for the type {@code e} misses. */
  void defer(TypeElement type, MissingTypeException e) {
    String name = type.getQualifiedName().toString();
    deferredTypeNames.add(name);
    if (e.inAnnotationValue()) {
      deferredForValues.add(name);
    } else {
      deferredForValues.remove(name);
    }
  }

  /**
   * At the last round: the types still put off for a type that was never resolved, and forgets
   * them. Not those missing a value of our annotations: javac reports that value itself.
   */
  List<TypeElement> stillMissing() {
    List<TypeElement> missing = new ArrayList<>();
    for (String name : deferredTypeNames) {
      TypeElement type = elements.getTypeElement(name);
      if (type != null && !deferredForValues.contains(name)) {
        missing.add(type);
      }
    }
    deferredTypeNames.clear();
    deferredForValues.clear();
    return missing;
  }
}
