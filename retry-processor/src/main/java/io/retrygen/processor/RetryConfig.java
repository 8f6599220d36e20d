package io.retrygen.processor;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The values of one winning {@code @Retryable}, used whole (attributes are never merged), with
 * the {@code @Backoff} that belongs to it: nested, or direct on the same element.
 */
final class RetryConfig extends AnnotationConfig {
  private final AnnotationMirror directBackoff;
  private final boolean excludesInterruption;
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

  private RetryConfig(
      Elements elements, Types types, Element annotatedElement, AnnotationMirror mirror) {
    super(elements, annotatedElement, mirror);
    Mirrors.Values values = values();
    this.retryFor = values.typeList("retryFor");
    this.noRetryFor = values.typeList("noRetryFor");
    this.notRecoverable = values.typeList("notRecoverable");
    this.maxAttempts = values.intValue("maxAttempts");
    this.maxDuration = values.longValue("maxDuration");
    this.retryIf = values.stringValue("retryIf");
    this.retryOnResult = values.stringValue("retryOnResult");
    this.recover = values.stringValue("recover");
    this.label = values.stringValue("label");
    this.listeners = values.typeList("listeners");
    this.excludesInterruption = excludesInterruption(elements, types);
    this.directBackoff = Mirrors.find(annotatedElement, Names.BACKOFF);
    this.backoff =
        BackoffConfig.read(
            elements,
            directBackoff != null ? directBackoff : values.annotationValue("backoff"));
  }

  /**
   * Reads the {@code @Retryable} {@code mirror} found on {@code annotatedElement}, with the
   * {@code @Backoff} that belongs to it.
   */
  static RetryConfig read(
      Elements elements, Types types, Element annotatedElement, AnnotationMirror mirror) {
    return new RetryConfig(elements, types, annotatedElement, mirror);
  }

  /**
   * Whether the generated classification must leave out {@code InterruptedException} (SPEC §3:
   * interruption is never retried unless {@code retryFor} names {@code InterruptedException}
   * itself): when {@code retryFor} covers it through a supertype such as {@code Exception} (the
   * default) and {@code noRetryFor} does not exclude it already.
   */
  private boolean excludesInterruption(Elements elements, Types types) {
    TypeMirror interrupted = elements.getTypeElement("java.lang.InterruptedException").asType();
    boolean covered = retryFor.isEmpty();
    for (TypeMirror type : retryFor) {
      if (types.isSameType(type, interrupted)) {
        return false;
      }
      covered |= types.isSubtype(interrupted, type);
    }
    for (TypeMirror type : noRetryFor) {
      if (types.isSubtype(interrupted, type)) {
        return false;
      }
    }
    return covered;
  }

  /**
   * Whether {@code retryFor} covers {@code InterruptedException} only through a supertype, so the
   * classification must test for it and not retry it.
   */
  boolean excludesInterruption() {
    return excludesInterruption;
  }

  /** The {@code @Backoff} directly on the annotated element, or null. */
  AnnotationMirror directBackoff() {
    return directBackoff;
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
