package io.retrygen.processor.model;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeMirror;

/**
 * A method named by {@code retryIf}, {@code retryOnResult}, {@code @Backoff(delayFor)} or {@code
 * stateKey}, resolved at compile time.
 */
public final class PredicateMethod {
  private final ExecutableElement method;
  private final TypeMirror parameterType;
  private final boolean needsCast;
  private final boolean classified;
  private final boolean deprecated;
  private final boolean unchecked;

  public PredicateMethod(
      ExecutableElement method,
      TypeMirror parameterType,
      boolean needsCast,
      boolean classified,
      boolean deprecated,
      boolean unchecked) {
    this.method = method;
    this.parameterType = parameterType;
    this.needsCast = needsCast;
    this.classified = classified;
    this.deprecated = deprecated;
    this.unchecked = unchecked;
  }

  /** Whether it is deprecated: the generated code that calls it must suppress the warning. */
  public boolean deprecated() {
    return deprecated;
  }

  /** Whether a raw result is passed as its parameterized parameter: an unchecked conversion. */
  public boolean unchecked() {
    return unchecked;
  }

  public ExecutableElement method() {
    return method;
  }

  /**
   * What it takes: a failure type ({@code retryIf}, {@code delayFor}) or the result's; null for a
   * {@code stateKey} method, which takes leading arguments ({@link #argumentCount()}).
   */
  public TypeMirror parameterType() {
    return parameterType;
  }

  /**
   * Whether the argument must be tested with {@code instanceof} and cast first: a method for
   * failures that takes a narrower type than {@code Throwable}.
   */
  public boolean needsCast() {
    return needsCast;
  }

  /**
   * Whether the loop's classification has already tested what {@link #needsCast} would: every
   * {@code retryFor} type (or {@code Exception}, its default) is a subtype of the parameter, so a
   * failure that reaches the method in the loop is one, and only the cast is left to write.
   */
  public boolean classified() {
    return classified;
  }

  /**
   * How many of the guarded method's leading arguments it takes: 1 for a predicate, any number
   * for a {@code stateKey} method.
   */
  public int argumentCount() {
    return method.getParameters().size();
  }

  public boolean isStatic() {
    return method.getModifiers().contains(Modifier.STATIC);
  }
}
