package io.retrygen.processor.model;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.Mirrors;
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
public final class RetryConfig extends AnnotationConfig {
  public static final String INTERRUPTED = "java.lang.InterruptedException";
  public static final String CANCELLATION = "java.util.concurrent.CancellationException";

  private final AnnotationMirror directBackoff;
  private final boolean matchCauses;
  private final boolean excludesInterruption;
  private final boolean namesCancellation;
  private final boolean excludesCancellation;
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
  private final boolean stateful;
  private final String stateKey;

  private RetryConfig(
      Elements elements, Types types, Element annotatedElement, MetaAnnotations.Placed placed) {
    super(elements, annotatedElement, placed);
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
    this.matchCauses = values.booleanValue("matchCauses");
    this.stateful = values.booleanValue("stateful");
    this.stateKey = values.stringValue("stateKey");
    this.excludesInterruption = excludes(elements, types, INTERRUPTED);
    this.namesCancellation = names(elements, types, CANCELLATION);
    this.excludesCancellation = excludes(elements, types, CANCELLATION);
    // Beside the @Retryable, wherever it is written: on a meta-annotation, that one's.
    this.directBackoff = Mirrors.find(declaredOn(), AnnotationNames.BACKOFF);
    this.backoff =
        BackoffConfig.read(
            elements,
            directBackoff != null ? directBackoff : values.annotationValue("backoff"));
  }

  /**
   * Reads the {@code @Retryable} that applies to {@code annotatedElement}, with the {@code
   * @Backoff} that belongs to it.
   */
  public static RetryConfig read(
      Elements elements, Types types, Element annotatedElement, MetaAnnotations.Placed placed) {
    return new RetryConfig(elements, types, annotatedElement, placed);
  }

  /**
   * Whether the generated classification must leave out {@code exception}, {@code
   * InterruptedException} or {@code CancellationException}, which are never retried unless {@code
   * retryFor} names them themselves: when {@code retryFor} does not name it and {@code noRetryFor}
   * does not exclude it already, and {@code retryFor} covers it through a supertype ({@code
   * Exception}, the default), or with {@code matchCauses} at all (one of its causes might match).
   */
  private boolean excludes(Elements elements, Types types, String exception) {
    TypeMirror type = elements.getTypeElement(exception).asType();
    if (names(elements, types, exception)) {
      return false;
    }
    for (TypeMirror excluded : noRetryFor) {
      if (types.isSubtype(type, excluded)) {
        return false;
      }
    }
    boolean covered = retryFor.isEmpty() || matchCauses;
    for (TypeMirror included : retryFor) {
      covered |= types.isSubtype(type, included);
    }
    return covered;
  }

  /** Whether {@code retryFor} names {@code exception} itself. */
  private boolean names(Elements elements, Types types, String exception) {
    TypeMirror type = elements.getTypeElement(exception).asType();
    for (TypeMirror included : retryFor) {
      if (types.isSameType(included, type)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the classification must test for {@code InterruptedException} and not retry it:
   * interruption is never retried unless {@code retryFor} names it itself.
   */
  public boolean excludesInterruption() {
    return excludesInterruption;
  }

  /**
   * Whether the classification must test for {@code CancellationException} and not retry it:
   * cancellation is never retried unless {@code retryFor} names it itself.
   */
  public boolean excludesCancellation() {
    return excludesCancellation;
  }

  /**
   * Whether {@code retryFor} names {@code CancellationException} itself: only then is a
   * cancellation retried and recovered like any failure.
   */
  public boolean namesCancellation() {
    return namesCancellation;
  }

  /** Whether {@code retryFor} and {@code noRetryFor} also match the failure's causes. */
  public boolean matchCauses() {
    return matchCauses;
  }

  /**
   * The {@code @Backoff} written beside the {@code @Retryable} (on {@link #declaredOn()}), or
   * null.
   */
  public AnnotationMirror directBackoff() {
    return directBackoff;
  }

  /** As written; empty means {@code Exception}. */
  public List<TypeMirror> retryFor() {
    return retryFor;
  }

  public List<TypeMirror> noRetryFor() {
    return noRetryFor;
  }

  public List<TypeMirror> notRecoverable() {
    return notRecoverable;
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  public long maxDuration() {
    return maxDuration;
  }

  public BackoffConfig backoff() {
    return backoff;
  }

  public String retryIf() {
    return retryIf;
  }

  public String retryOnResult() {
    return retryOnResult;
  }

  public String recover() {
    return recover;
  }

  /** As written; empty means {@code Type.method}. */
  public String label() {
    return label;
  }

  public List<TypeMirror> listeners() {
    return listeners;
  }

  /**
   * Whether each call makes one attempt, the failure rethrown to the caller and counted against
   * the call's key across calls (SPEC §19).
   */
  public boolean stateful() {
    return stateful;
  }

  /**
   * As written: the name of the method that computes a stateful call's key from a prefix of the
   * arguments; empty means the arguments themselves.
   */
  public String stateKey() {
    return stateKey;
  }
}
