package io.retrygen.processor;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * The values of one winning {@code @Retryable}, used whole (attributes are never merged), with
 * the {@code @Backoff} that belongs to it: nested, or direct on the same element.
 */
final class RetryConfig {
  private final Element annotatedElement;
  private final AnnotationMirror mirror;
  private final List<TypeMirror> retryFor;
  private final List<TypeMirror> noRetryFor;
  private final List<TypeMirror> notRecoverable;
  private final int maxAttempts;
  private final long maxDuration;
  private final BackoffConfig backoff;
  private final String retryIf;
  private final String retryOnResult;
  private final String recover;
  private final String label;
  private final List<TypeMirror> listeners;

  private RetryConfig(Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    this.annotatedElement = annotatedElement;
    this.mirror = mirror;
    this.retryFor = Mirrors.typeList(elements, mirror, "retryFor");
    this.noRetryFor = Mirrors.typeList(elements, mirror, "noRetryFor");
    this.notRecoverable = Mirrors.typeList(elements, mirror, "notRecoverable");
    this.maxAttempts = Mirrors.intValue(elements, mirror, "maxAttempts");
    this.maxDuration = Mirrors.longValue(elements, mirror, "maxDuration");
    this.retryIf = Mirrors.stringValue(elements, mirror, "retryIf");
    this.retryOnResult = Mirrors.stringValue(elements, mirror, "retryOnResult");
    this.recover = Mirrors.stringValue(elements, mirror, "recover");
    this.label = Mirrors.stringValue(elements, mirror, "label");
    this.listeners = Mirrors.typeList(elements, mirror, "listeners");
    AnnotationMirror direct = Mirrors.find(annotatedElement, Names.BACKOFF);
    this.backoff =
        BackoffConfig.read(
            elements,
            direct != null ? direct : Mirrors.annotationValue(elements, mirror, "backoff"));
  }

  /** Reads the {@code @Retryable} {@code mirror} found on {@code annotatedElement}. */
  static RetryConfig read(Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    return new RetryConfig(elements, annotatedElement, mirror);
  }

  /** The method or type that carries the annotation. */
  Element annotatedElement() {
    return annotatedElement;
  }

  AnnotationMirror mirror() {
    return mirror;
  }

  /** As written; empty means {@code Exception}. */
  List<TypeMirror> retryFor() {
    return retryFor;
  }

  List<TypeMirror> noRetryFor() {
    return noRetryFor;
  }

  List<TypeMirror> notRecoverable() {
    return notRecoverable;
  }

  int maxAttempts() {
    return maxAttempts;
  }

  long maxDuration() {
    return maxDuration;
  }

  BackoffConfig backoff() {
    return backoff;
  }

  String retryIf() {
    return retryIf;
  }

  String retryOnResult() {
    return retryOnResult;
  }

  String recover() {
    return recover;
  }

  /** As written; empty means {@code Type.method}. */
  String label() {
    return label;
  }

  List<TypeMirror> listeners() {
    return listeners;
  }
}
