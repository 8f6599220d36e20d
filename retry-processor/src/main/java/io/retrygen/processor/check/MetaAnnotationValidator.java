package io.retrygen.processor.check;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.Mirrors;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryableType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * The rules that exist only because of meta-annotations, annotation types such as {@code @DbRetry}
 * that carry ours and stand for them where they are placed: they go one level deep (checked on a
 * declaration of this compilation, and where one from the class path is used); an element has
 * each of our annotations once, written or carried; a {@code @Backoff} written on an element
 * belongs to a {@code @Retryable} written there, never to a carried one. Remembers which
 * meta-annotations of this compilation had errors: an input that uses one generates nothing.
 *
 * <p>Apart from {@link Validator} because these rules are about where an annotation comes from,
 * not about its values: those are checked by the validator of each annotation, alike whether
 * written or carried, which {@code Validator} runs on what {@link #findOnce} answers. It checks a
 * meta-annotation's declaration in {@link Validator#validateMetaAnnotation}: {@link
 * #checkOneLevelDeep}, then its own annotations by the rules of any element, then {@link
 * #markInvalid} if that reported an error.
 */
final class MetaAnnotationValidator {
  private final Report report;
  /**
   * Names of the annotation types of this compilation that stand for ours: they report what is
   * wrong with them themselves, once; one from the class path is checked at each input using it.
   */
  private final Set<String> metaAnnotationsCompiledHere;
  /** Names of the meta-annotations of this compilation whose declaration had errors. */
  private final Set<String> invalidMetaAnnotations = new HashSet<>();

  MetaAnnotationValidator(Report report, Set<String> metaAnnotationsCompiledHere) {
    this.report = report;
    this.metaAnnotationsCompiledHere = metaAnnotationsCompiledHere;
  }

  /**
   * The one {@code kind} that applies to {@code element}; when two do (written and carried, or
   * carried by two meta-annotations), an error on the element that names both, and the first.
   */
  MetaAnnotations.Placed findOnce(Element element, String kind) {
    List<MetaAnnotations.Placed> all = MetaAnnotations.findAll(element, kind);
    if (all.size() > 1) {
      String simpleName = kind.substring(kind.lastIndexOf('.') + 1);
      report.error(
          element, all.get(1).written(),
          "%s %s has @%s twice: %s and %s. One @%s applies to a %s, used whole (attributes are"
              + " never merged), so keep one",
          Validator.elementName(element),
          element instanceof ExecutableElement
              ? Messages.signature((ExecutableElement) element)
              : element.getSimpleName(),
          simpleName, source(all.get(0), true),
          source(all.get(1), false), simpleName, Validator.elementName(element));
    }
    return all.isEmpty() ? null : all.get(0);
  }

  /** {@code written directly} or {@code through @DbRetry}. */
  private static String source(MetaAnnotations.Placed placed, boolean first) {
    if (placed.carrier == null) {
      return "written directly";
    }
    return (first ? "through @" : "@") + placed.metaAnnotation().getSimpleName();
  }

  /**
   * A {@code @Backoff} written on {@code element} belongs to the {@code @Retryable} written beside
   * it: without one, it belongs to nothing, also when a meta-annotation placed there carries a
   * {@code @Retryable} (that one has its own backoff).
   */
  void checkDirectBackoff(Element element, MetaAnnotations.Placed retryable) {
    AnnotationMirror backoff = Mirrors.find(element, AnnotationNames.BACKOFF);
    if (backoff == null || (retryable != null && retryable.carrier == null)) {
      return;
    }
    String name = Validator.elementName(element);
    if (retryable == null) {
      report.error(
          element, backoff,
          "@Backoff here belongs to no @Retryable: a @Backoff placed directly on %s %s applies"
              + " only to a @Retryable on the same %s. Add @Retryable, or write"
              + " @Retryable(backoff = @Backoff(...))",
          name.startsWith("a") ? "an" : "a", name, name);
    } else {
      String meta = retryable.metaAnnotation().getSimpleName().toString();
      report.error(
          element, backoff,
          "@Backoff here belongs to no @Retryable: the @Retryable of this %s is carried by @%s,"
              + " whose backoff is written on @%s. Change the backoff there, or write"
              + " @Retryable(backoff = @Backoff(...)) here instead of @%s",
          name, meta, meta, meta);
    }
  }

  /**
   * The meta-annotations placed on {@code element}: adds those read from the class path to {@code
   * fromClassPath}, whose declarations are checked once per input using them, and reports those
   * one level too deep.
   */
  void checkPlaced(Element element, Set<TypeElement> fromClassPath) {
    for (AnnotationMirror placed : MetaAnnotations.placed(element)) {
      addIfFromClassPath((TypeElement) placed.getAnnotationType().asElement(), fromClassPath);
    }
    checkTooDeepFromClassPath(element);
  }

  /** Adds {@code meta} when it is read from the class path, not compiled here. */
  void addIfFromClassPath(TypeElement meta, Set<TypeElement> fromClassPath) {
    if (!metaAnnotationsCompiledHere.contains(meta.getQualifiedName().toString())) {
      fromClassPath.add(meta);
    }
  }

  /**
   * An annotation from the class path placed on {@code element} that carries a meta-annotation
   * (one level too deep) stands for nothing: its declaration cannot be reported, so its use is.
   * One compiled here is reported on its declaration instead.
   */
  private void checkTooDeepFromClassPath(Element element) {
    for (AnnotationMirror placed : MetaAnnotations.tooDeepPlaced(element)) {
      TypeElement outer = (TypeElement) placed.getAnnotationType().asElement();
      if (metaAnnotationsCompiledHere.contains(outer.getQualifiedName().toString())) {
        continue;
      }
      AnnotationMirror deeper = MetaAnnotations.tooDeep(outer).get(0);
      TypeElement inner = (TypeElement) deeper.getAnnotationType().asElement();
      String carried = MetaAnnotations.names(MetaAnnotations.carried(inner));
      report.error(
          element, placed,
          "@%s, from the class path, carries @%s, which stands for %s; meta-annotations go one"
              + " level deep, so @%s stands for nothing here. Use @%s here, or put %s on @%s"
              + " itself",
          outer.getSimpleName(), inner.getSimpleName(), carried, outer.getSimpleName(),
          inner.getSimpleName(), carried, outer.getSimpleName());
    }
  }

  /**
   * On the declaration of {@code meta}: each annotation type it carries that itself carries ours
   * is one level too deep, and stands for nothing.
   */
  void checkOneLevelDeep(TypeElement meta) {
    for (AnnotationMirror deeper : MetaAnnotations.tooDeep(meta)) {
      TypeElement inner = (TypeElement) deeper.getAnnotationType().asElement();
      String carried = MetaAnnotations.names(MetaAnnotations.carried(inner));
      report.error(
          meta, deeper,
          "@%s carries @%s, which stands for %s; meta-annotations go one level deep, so @%s"
              + " would not stand for %s. Put %s on @%s itself",
          meta.getSimpleName(), inner.getSimpleName(), carried, meta.getSimpleName(), carried,
          carried, meta.getSimpleName());
    }
  }

  /** Remembers that the declaration of {@code meta} had errors. */
  void markInvalid(TypeElement meta) {
    invalidMetaAnnotations.add(meta.getQualifiedName().toString());
  }

  /**
   * Whether a guard of {@code model} comes from a meta-annotation whose declaration had errors:
   * they are reported there, once, and the input generates nothing meanwhile.
   */
  boolean usesInvalidMetaAnnotation(RetryableType model) {
    for (GuardedMethod method : model.methods()) {
      for (TypeElement meta : method.metaAnnotations()) {
        if (invalidMetaAnnotations.contains(meta.getQualifiedName().toString())) {
          return true;
        }
      }
    }
    return false;
  }
}
