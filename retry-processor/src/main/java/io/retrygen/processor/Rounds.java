package io.retrygen.processor;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.MetaAnnotations;
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
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Which types each round processes: those put off from earlier rounds, then those annotated in
 * this one; which are inputs; and which are put off, and why. Names, never elements: the elements
 * of one round must not be used in the next.
 */
final class Rounds {
  /** What makes a type processed: one of these on it or on a method it declares, or @Recover. */
  private static final List<String> PROCESSED_ANNOTATIONS = MetaAnnotations.KINDS;

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
  /** See {@link #metaAnnotationsCompiledHere()}. */
  private final Set<String> metaAnnotationsCompiledHere = new HashSet<>();

  Rounds(Elements elements) {
    this.elements = elements;
  }

  /**
   * Deferred types first, then the types of this round that carry our annotations, written or
   * through a meta-annotation, on them or on a method they declare, in source order (nested types
   * after their enclosing type), each once. A type with only {@code @Recover} or {@code
   * @RetryBudget} methods is among them: it generates nothing, but is checked. So are the
   * annotation types that carry ours (meta-annotations), before any other type of the round: a
   * type that uses one relies on it being checked, and each is recorded in {@link
   * #metaAnnotationsCompiledHere()}.
   *
   * <p>{@code getElementsAnnotatedWith} cannot be asked for users of a meta-annotation read from
   * the class path, whose name is not known: the round's root elements are scanned instead.
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
    List<TypeElement> metaAnnotations = new ArrayList<>();
    List<TypeElement> annotated = new ArrayList<>();
    for (TypeElement root : ElementFilter.typesIn(round.getRootElements())) {
      scan(root, metaAnnotations, annotated);
    }
    List<TypeElement> ordered = new ArrayList<>(metaAnnotations);
    for (TypeElement type : types) {
      if (type.getKind() == ElementKind.ANNOTATION_TYPE) {
        ordered.add(type);
      }
    }
    for (TypeElement type : types) {
      if (type.getKind() != ElementKind.ANNOTATION_TYPE) {
        ordered.add(type);
      }
    }
    ordered.addAll(annotated);
    return new ArrayList<>(new LinkedHashSet<>(ordered));
  }

  /**
   * Sorts {@code type} and its nested types: annotation types that carry ours, or carry an
   * annotation type that does (one level too deep, an error), into {@code metaAnnotations}; other
   * types with one of ours on them or on a method they declare into {@code annotated}.
   */
  private void scan(
      TypeElement type, List<TypeElement> metaAnnotations, List<TypeElement> annotated) {
    if (type.getKind() == ElementKind.ANNOTATION_TYPE) {
      if (!MetaAnnotations.carried(type).isEmpty() || !MetaAnnotations.tooDeep(type).isEmpty()) {
        metaAnnotationsCompiledHere.add(type.getQualifiedName().toString());
        metaAnnotations.add(type);
      }
    } else if (!KotlinSupport.isDefaultImpls(type)) {
      // Kotlin's DefaultImpls bridges carry copies of the annotations of the interface's
      // functions (kapt puts them there); the interface reports what is wrong with them, once.
      for (Element element : Declarations.typeAndOwnMethods(type)) {
        if (MetaAnnotations.any(element, PROCESSED_ANNOTATIONS)
            || Mirrors.find(element, AnnotationNames.RECOVER) != null
            || !MetaAnnotations.tooDeepPlaced(element).isEmpty()) {
          annotated.add(type);
          break;
        }
      }
    }
    for (TypeElement nested : ElementFilter.typesIn(type.getEnclosedElements())) {
      scan(nested, metaAnnotations, annotated);
    }
  }

  /**
   * The qualified names of the annotation types of this compilation that stand for ours, seen so
   * far, in every round: they are checked on their declaration, once. Any other meta-annotation
   * is read from the class path, and checked at each input that uses it.
   */
  Set<String> metaAnnotationsCompiledHere() {
    return metaAnnotationsCompiledHere;
  }

  /**
   * Whether {@code type} is an input: {@code @Retryable}, {@code @CircuitBreaker} or {@code
   * @Timeout} on it or on a method it declares, written or through a meta-annotation. A stray
   * {@code @Backoff} counts too, so that it gets its error (which stops the class from being
   * written). Never an annotation type.
   */
  static boolean isInput(TypeElement type) {
    if (type.getKind() == ElementKind.ANNOTATION_TYPE) {
      return false; // a meta-annotation: it stands for ours where it is placed
    }
    for (Element element : Declarations.typeAndOwnMethods(type)) {
      if (MetaAnnotations.any(element, INPUT_ANNOTATIONS)) {
        return true;
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
